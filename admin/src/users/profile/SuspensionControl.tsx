import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminUserRecord, SuspendUserRequest } from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { useCan } from '../../auth/useCan';
import { formatDate } from '../../format';

const REASON_MAX = 500;

/**
 * Suspend User (with a reason) or Reactivate User, for whoever manages users; a suspended user's
 * reason and date shown above the button.
 */
export function SuspensionControl({ user }: { user: AdminUserRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const canSuspend = useCan('suspend_user', 'users');
  const canReactivate = useCan('reactivate_user', 'users');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const suspended = user.status === 'suspended';

  const act = async (path: 'suspend' | 'reactivate', done: string, failed: string) => {
    setBusy(true);
    try {
      await adminApi(`/users/${user.id}/${path}`, {
        method: 'POST',
        ...(path === 'suspend'
          ? { body: { reason: reason.trim() } satisfies SuspendUserRequest }
          : {}),
      });
      notify(done, { type: 'success' });
      setAsking(false);
      setReason('');
      refresh();
    } catch (error) {
      notify(`${failed}: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (user.status === 'deleted') return null;
  if (suspended)
    return (
      <>
        <Alert severity="warning">
          Suspended {formatDate(user.suspended_at)}
          {user.suspension_reason ? `: ${user.suspension_reason}` : ''}
        </Alert>
        {canReactivate && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void act('reactivate', `${user.email} reactivated`, 'Failed to reactivate user')
            }
          >
            Reactivate User
          </Button>
        )}
      </>
    );
  if (!canSuspend) return null;
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setAsking(true)}>
        Suspend User
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="suspend-title"
      >
        <DialogTitle id="suspend-title">Suspend User</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {user.email} will be signed out everywhere at once and cannot sign in until reactivated.
          </DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            helperText="Kept in the audit log."
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button
            color="warning"
            variant="contained"
            disabled={busy || !reason.trim()}
            onClick={() => void act('suspend', `${user.email} suspended`, 'Failed to suspend user')}
          >
            Suspend
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
