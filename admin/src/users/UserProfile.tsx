import { useState } from 'react';
import { Alert, Box, Button, Grid, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { HttpError, Title, useCreatePath, useGetOne, useRedirect } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { displayStatusColour, type AdminUserRecord } from '@leadpulse/common';
import { Badge } from '../components/Badge';
import { formatDate } from '../format';
import { AccountInformation } from './profile/AccountInformation';
import { ActivityHistory } from './profile/ActivityHistory';
import { BillingInformation } from './profile/BillingInformation';
import { CustomerService } from './profile/CustomerService';
import { PaymentHistory } from './profile/PaymentHistory';
import { PromoManagement } from './profile/PromoManagement';
import { QuickActions } from './profile/QuickActions';
import { SubscriptionDetails } from './profile/SubscriptionDetails';

/** An id that names no user: a dead link or a deleted account, not a failure to retry. */
function UserNotFound() {
  const createPath = useCreatePath();
  return (
    <Box sx={{ p: 2 }} role="alert">
      <Title title="User not found" />
      <Typography variant="h5" component="h1" gutterBottom>
        User not found
      </Typography>
      <Typography sx={{ mb: 2 }}>
        No user has this id. The account may have been deleted, or the link is wrong.
      </Typography>
      <Link component={RouterLink} to={createPath({ resource: 'users', type: 'list' })}>
        Back to Users
      </Link>
    </Box>
  );
}

/** The user profile in three columns (admin-portal.md "User Profile"). */
export function UserProfile() {
  const { id } = useParams<{ id: string }>();
  const redirect = useRedirect();
  const { data: user, isPending, error } = useGetOne<AdminUserRecord>('users', { id: id! });
  const [editingBilling, setEditingBilling] = useState(false);
  if (isPending) return null;
  if (error instanceof HttpError && error.status === 404) return <UserNotFound />;
  if (error || !user)
    return (
      <Typography color="error" role="alert" sx={{ p: 2 }}>
        Error loading user. Please try again
      </Typography>
    );
  const name = `${user.first_name} ${user.last_name}`.trim() || 'N/A';
  return (
    <Box sx={{ py: 2 }}>
      <Title title={name} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'users')}>
          Users
        </Button>
        <Typography variant="h5" component="h1" sx={{ mr: 1 }}>
          {name}
        </Typography>
        <Badge {...user.plan_badge} />
        <Badge label={user.display_status} colour={displayStatusColour(user.display_status)} />
      </Stack>
      {user.status === 'deleted' ? (
        <DeletedUser user={user} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <AccountInformation key={user.updated_at} user={user} />
              <BillingInformation
                user={user}
                editing={editingBilling}
                setEditing={setEditingBilling}
              />
              <QuickActions user={user} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <SubscriptionDetails user={user} />
              <PromoManagement user={user} />
              <CustomerService user={user} onEditBilling={() => setEditingBilling(true)} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <PaymentHistory user={user} />
              <ActivityHistory user={user} />
            </Stack>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}

/** A deleted account: its payments and history to read, and nothing to act on. */
function DeletedUser({ user }: { user: AdminUserRecord }) {
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        The member deleted this account on {formatDate(user.deleted_at)}. Their personal data is
        gone; the payments and the history stay, and nothing more can be done to the account.
      </Alert>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PaymentHistory user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ActivityHistory user={user} />
        </Grid>
      </Grid>
    </Stack>
  );
}
