import { useState } from 'react';
import { Box, Button, Stack, Tooltip } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { ADMIN_TOASTS, type AdminUserRecord, type ActionMessage } from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { useCan } from '../../auth/useCan';
import { ResetTwoStep } from './ResetTwoStep';
import { Section } from './Section';
import { SuspensionControl } from './SuspensionControl';

/** Why View in Stripe is disabled for a user Stripe does not know yet. */
export const NO_STRIPE_CUSTOMER = 'This user has no Stripe customer yet.';

/**
 * Resend Welcome Email, Reset Password, Reset Two-Step Verification, View in Stripe, Copy Email,
 * Suspend or Reactivate.
 */
export function QuickActions({ user }: { user: AdminUserRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<string>();
  const canWelcome = useCan('send_welcome_email', 'users');
  const canReset = useCan('send_password_reset', 'users');
  const canResetTwoStep = useCan('reset_mfa', 'users');

  const run = async (name: string, path: string, failure: (reason: string) => string) => {
    setBusy(name);
    try {
      const { message } = await adminApi<ActionMessage>(`/users/${user.id}/${path}`, {
        method: 'POST',
      });
      notify(message, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failure(errorMessage(error)), { type: 'error' });
    } finally {
      setBusy(undefined);
    }
  };
  const setUp = user.password_set;

  return (
    <Section title="Quick Actions">
      <Stack spacing={1}>
        {canWelcome && (
          <Tooltip title={setUp ? ADMIN_TOASTS.alreadySetUp : ''}>
            <Box component="span">
              <Button
                fullWidth
                variant="outlined"
                disabled={setUp || busy === 'welcome'}
                onClick={() => void run('welcome', 'welcome-email', ADMIN_TOASTS.emailFailed)}
              >
                Resend Welcome Email
              </Button>
            </Box>
          </Tooltip>
        )}
        {canReset && (
          <Button
            variant="outlined"
            disabled={busy === 'reset'}
            onClick={() => void run('reset', 'password-reset', ADMIN_TOASTS.passwordResetFailed)}
          >
            Reset Password
          </Button>
        )}
        {canResetTwoStep && user.auth_user_id && <ResetTwoStep user={user} />}
        {user.stripe_customer_id && user.stripe_url ? (
          <Button
            variant="outlined"
            href={user.stripe_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            View in Stripe
          </Button>
        ) : (
          <Tooltip title={NO_STRIPE_CUSTOMER}>
            <Box component="span">
              <Button fullWidth variant="outlined" disabled>
                View in Stripe
              </Button>
            </Box>
          </Tooltip>
        )}
        <Button
          variant="outlined"
          onClick={async () => {
            await navigator.clipboard.writeText(user.email);
            notify(ADMIN_TOASTS.emailCopied, { type: 'info' });
          }}
        >
          Copy Email
        </Button>
        <SuspensionControl user={user} />
      </Stack>
    </Section>
  );
}
