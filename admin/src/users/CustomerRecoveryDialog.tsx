import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify, useRefresh } from 'react-admin';
import { adminApi, errorCode, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import type {
  PasswordLinkAnswer,
  ReconcileResult,
  RecoveryCandidate,
  RecoveryDone,
  RecoveryEmailRequest,
} from '@leadpulse/common';

const REASONS: Record<RecoveryCandidate['reason'], string> = {
  payment_not_processed: 'Paid, but the payment was never processed',
  no_account: 'Paid, but has no account',
  password_not_set: 'Paid, but never set a password',
};

const KEY = ['admin', 'recovery'];

/** Customer Recovery: customers who paid but cannot access the service, and their repairs. */
export function CustomerRecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const canRecover = useCan('recover_customer', 'users');
  const canLink = useCan('password_setup_link', 'users');
  const canReconcile = useCan('run_reconciliation', 'users');
  const { data, isError, isFetching } = useQuery({
    queryKey: KEY,
    queryFn: () => adminApi<RecoveryCandidate[]>('/recovery'),
    enabled: open,
    staleTime: 0,
  });
  useEffect(() => {
    if (isError) notify('Failed to find problem users', { type: 'error' });
  }, [isError, notify]);
  useEffect(() => {
    if (data && data.length > 0)
      notify(`Found ${data.length} customers who paid but cannot access service`, { type: 'info' });
  }, [data, notify]);

  /** Takes a recovered customer off the list at once, then reloads the list and the users. */
  const leave = (candidate: RecoveryCandidate) => {
    queryClient.setQueryData<RecoveryCandidate[]>(KEY, (rows) =>
      rows?.filter((row) => row.id !== candidate.id),
    );
    void queryClient.invalidateQueries({ queryKey: KEY });
    refresh();
  };

  const recover = async (candidate: RecoveryCandidate) => {
    setBusy(candidate.email);
    try {
      const { message } = await adminApi<RecoveryDone>('/recovery/recover', {
        method: 'POST',
        body: { email: candidate.email } satisfies RecoveryEmailRequest,
      });
      notify(message, { type: 'success' });
      leave(candidate);
    } catch (error) {
      notify(`Failed to recover customer: ${errorMessage(error)}`, { type: 'error' });
      // Recovered meanwhile (another tab, the reconciliation job): it has left the list too.
      if (errorCode(error) === 'already_recovered') leave(candidate);
    } finally {
      setBusy(undefined);
    }
  };
  const passwordLink = async (candidate: RecoveryCandidate) => {
    setBusy(candidate.email);
    try {
      const answer = await adminApi<PasswordLinkAnswer>('/recovery/password-link', {
        method: 'POST',
        body: { email: candidate.email } satisfies RecoveryEmailRequest,
      });
      // An administrator's link goes to its holder by e-mail only: there is nothing to copy.
      if (!('passwordSetupUrl' in answer)) {
        notify(answer.message ?? `Password setup link sent by e-mail to ${candidate.email}`, {
          type: 'success',
        });
        return;
      }
      await navigator.clipboard.writeText(answer.passwordSetupUrl);
      notify(`Password setup link copied to clipboard for ${candidate.email}`, { type: 'success' });
    } catch (error) {
      notify(`Failed to generate password link: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(undefined);
    }
  };
  const reconcile = async () => {
    setBusy('reconcile');
    try {
      const { repaired } = await adminApi<ReconcileResult>('/recovery/reconcile', {
        method: 'POST',
      });
      notify(
        repaired.length
          ? `Reconciliation repaired ${repaired.length} record(s)`
          : 'Reconciliation found nothing to repair',
        { type: 'success' },
      );
      await queryClient.invalidateQueries({ queryKey: KEY });
      refresh();
    } catch (error) {
      notify(`Reconciliation failed: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="recovery-title"
    >
      {/* Run Reconciliation and Close sit in the header: the list's toasts appear at the bottom. */}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', pr: 1 }}>
        <DialogTitle id="recovery-title" sx={{ flexGrow: 1 }}>
          Customer Recovery
        </DialogTitle>
        {canReconcile && (
          <Button
            disabled={!!busy || isFetching}
            onClick={() => void reconcile()}
            // On a phone: under the title and its close button, in line with the content.
            sx={{ whiteSpace: 'nowrap', order: { xs: 2, sm: 0 }, ml: { xs: 2, sm: 0 } }}
          >
            Run Reconciliation
          </Button>
        )}
        {phone && (
          <IconButton aria-label="Close" onClick={onClose} sx={{ order: 1 }}>
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      {/* Room at the bottom on a phone, so the last customer can scroll above the list's toasts. */}
      <DialogContent sx={{ pb: { xs: 12, sm: 2 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Customers who paid but cannot access the service.
        </Typography>
        {isError ? (
          <Typography color="error">Failed to find problem users</Typography>
        ) : data && data.length === 0 ? (
          <Typography sx={{ py: 2 }}>No customers need recovery!</Typography>
        ) : (
          <List aria-label="Customers needing recovery">
            {data?.map((candidate) => (
              <ListItem key={candidate.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ minWidth: 240 }}
                  primary={
                    `${candidate.first_name} ${candidate.last_name}`.trim() || candidate.email
                  }
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block' }}>
                        {candidate.email}
                      </Box>
                      {REASONS[candidate.reason]}
                    </>
                  }
                />
                <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
                  {canRecover && (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={!!busy}
                      onClick={() => void recover(candidate)}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Recover Customer
                    </Button>
                  )}
                  {canLink && (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={!!busy}
                      onClick={() => void passwordLink(candidate)}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Get Password Link
                    </Button>
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      {!phone && (
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
