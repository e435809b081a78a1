import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import { ApiError } from '../../../api/client';
import { planLimitText } from '../../../features/leads/usage-text';

/**
 * A failed request, said for the member: a plan's limit offers the upgrade, a suspended plan says
 * what still works, anything else gives the server's message and, when given, Try Again.
 */
export function ApiErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.code === 'plan_limit_reached')
    return (
      <Alert
        severity="warning"
        action={
          <Button
            component={RouterLink}
            to="/dashboard/settings?tab=subscription"
            color="inherit"
            size="small"
          >
            Upgrade
          </Button>
        }
      >
        <AlertTitle>Plan limit reached</AlertTitle>
        {planLimitText(error)} Upgrade your plan to add more.
      </Alert>
    );
  if (error instanceof ApiError && error.code === 'plan_suspended')
    return (
      <Alert
        severity="error"
        action={
          <Button
            component={RouterLink}
            to="/dashboard/settings?tab=subscription"
            color="inherit"
            size="small"
          >
            Pay now
          </Button>
        }
      >
        {error.message}
      </Alert>
    );
  const message =
    error instanceof ApiError
      ? error.message
      : 'Something went wrong while loading. Please try again.';
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try Again
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
