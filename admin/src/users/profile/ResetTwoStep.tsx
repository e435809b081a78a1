import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminUserRecord } from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';

/**
 * Reset Two-Step Verification, for a member who lost their authenticator and recovery codes:
 * asked once, then done by `DELETE /api/admin/users/:id/mfa` (audited, the member e-mailed).
 */
export function ResetTwoStep({ user }: { user: AdminUserRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      await adminApi(`/users/${user.id}/mfa`, { method: 'DELETE' });
      notify(`Two-step verification reset for ${user.email}`, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(`Failed to reset two-step verification: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        Reset Two-Step Verification
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reset-two-step-title">
        <DialogTitle id="reset-two-step-title">Reset two-step verification?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {user.email}&apos;s authenticator app and recovery codes stop working, and they sign in
            with their password alone until they turn two-step verification on again. They are told
            by e-mail.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="warning" variant="contained" onClick={() => void reset()} disabled={busy}>
            Reset
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
