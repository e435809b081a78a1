import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import {
  ADMIN_TOASTS,
  auditActorName,
  DASHBOARD_PROMO_LIST,
  formatUsd,
  type AdminStats,
  type AuditEntry,
} from '@leadpulse/common';
import { adminApi } from '../api';
import { useCan } from '../auth/useCan';
import { CreateUserDialog } from '../users/CreateUserDialog';
import { CustomerRecoveryDialog } from '../users/CustomerRecoveryDialog';
import { exportUsers } from '../users/exportUsers';
import { DateTimeText } from '../components/DateTimeText';
import { RevenueSection } from './RevenueSection';
import { revenueCards } from './revenueCards';
import { StatCard } from './StatCard';

const number = (value: number) => value.toLocaleString('en-US');

/** An activity line names the user it concerns ("Updated company for grace@example.com"). */
function activityText(entry: { description: string; target_email: string | null }): string {
  return entry.target_email && !entry.description.includes(entry.target_email)
    ? `${entry.description} for ${entry.target_email}`
    : entry.description;
}

/**
 * The dashboard: the spec's seven cards and the revenue cards, the revenue chart and table, quick
 * actions, recent activity and the promo types.
 */
export function Dashboard() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [creating, setCreating] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const canCreateUser = useCan('create', 'users');
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: () => adminApi<AdminStats>('/stats'),
    retry: 1,
  });
  const activity = useQuery({
    queryKey: ['admin', 'recent-activity'],
    queryFn: () =>
      adminApi<AuditEntry[]>(
        `/admin-actions?range=${encodeURIComponent('[0,9]')}&sort=${encodeURIComponent('["created_at","DESC"]')}`,
      ),
  });

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Dashboard
      </Typography>
      {stats.isError ? (
        <Typography color="error" role="alert">
          {ADMIN_TOASTS.dashboardFailed}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {(
            [
              ['Total Users', stats.data && number(stats.data.total_users)],
              ['Active Subscriptions', stats.data && number(stats.data.active_subscriptions)],
              ['Total Revenue', stats.data && formatUsd(stats.data.total_revenue_cents)],
              ['Newsletter Subscribers', stats.data && number(stats.data.newsletter_subscribers)],
              [
                'Founding Members',
                stats.data && number(stats.data.founding_members),
                // The Users filter of the same name also lists those who have moved on to Prospector.
                'In their founding period',
              ],
              ['Recent Signups (7d)', stats.data && number(stats.data.recent_signups_7d)],
              ['Active Promos', stats.data && number(stats.data.active_promos)],
            ] as const satisfies readonly (readonly [string, string | undefined, string?])[]
          ).map(([label, value, note]) => (
            <Grid key={label} size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard label={label} value={value ?? '…'} note={note} />
            </Grid>
          ))}
          {revenueCards(stats.data).map((card) => (
            <Grid key={card.label} size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard {...card} />
            </Grid>
          ))}
        </Grid>
      )}
      <RevenueSection />

      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" component="section" aria-label="Quick Actions">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Quick Actions
              </Typography>
              <Stack spacing={1}>
                {canCreateUser && (
                  <Button variant="contained" onClick={() => setCreating(true)}>
                    Add User
                  </Button>
                )}
                <Button
                  variant="outlined"
                  onClick={() =>
                    exportUsers({}).catch(() => notify('Failed to export users', { type: 'error' }))
                  }
                >
                  Export Users
                </Button>
                <Button variant="outlined" onClick={() => setRecovering(true)}>
                  Customer Recovery
                </Button>
                <Button variant="outlined" onClick={() => navigate('/stripe-events')}>
                  Stripe Events
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" component="section" aria-label="Recent Activity">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Recent Activity
              </Typography>
              {activity.data?.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  No recent activity
                </Typography>
              )}
              <List dense disablePadding>
                {activity.data?.map((entry) => (
                  <ListItem key={entry.id} disableGutters divider>
                    <ListItemText
                      primary={activityText(entry)}
                      secondary={
                        <>
                          {auditActorName({
                            admin_name: entry.admin_name,
                            type: entry.action_type,
                          })}{' '}
                          · <DateTimeText value={entry.created_at} />
                        </>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" component="section" aria-label="Promo Types">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Promo Types
              </Typography>
              <List dense disablePadding>
                {DASHBOARD_PROMO_LIST.map((promo) => (
                  <ListItem key={promo.label} disableGutters>
                    <ListItemText primary={`${promo.label}: ${promo.description}`} />
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <CustomerRecoveryDialog open={recovering} onClose={() => setRecovering(false)} />
    </Box>
  );
}
