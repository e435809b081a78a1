import { useSearchParams } from 'react-router-dom';
import { Alert, Paper, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useMember } from '../../features/member/MemberProvider';
import { NotificationsTab } from './settings/NotificationsTab';
import { ProfileTab } from './settings/ProfileTab';
import { SecurityTab } from './settings/SecurityTab';
import { SubscriptionTab } from './settings/SubscriptionTab';

const TABS = ['profile', 'subscription', 'notifications', 'security'] as const;
type SettingsTab = (typeof TABS)[number];

export function SettingsPage() {
  const { member, loading, error, reload, setMember } = useMember();
  const [params, setParams] = useSearchParams();
  const tab: SettingsTab = TABS.includes(params.get('tab') as SettingsTab)
    ? (params.get('tab') as SettingsTab)
    : 'profile';

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Settings
      </Typography>
      {loading && <Skeleton variant="rounded" height={240} />}
      {!loading && !member && (
        <Alert severity="error">{error?.message ?? 'We could not load your profile.'}</Alert>
      )}
      {member && (
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_event, value: SettingsTab) => setParams({ tab: value })}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Settings"
          >
            <Tab value="profile" label="Profile" />
            <Tab value="subscription" label="Subscription" />
            <Tab value="notifications" label="Notifications" />
            <Tab value="security" label="Security" />
          </Tabs>
          <Paper elevation={0} sx={{ p: { xs: 2, md: 3 } }} role="tabpanel" aria-label={tab}>
            {tab === 'profile' && <ProfileTab member={member} />}
            {tab === 'subscription' && (
              <SubscriptionTab member={member} onChanged={reload} onMember={setMember} />
            )}
            {tab === 'notifications' && <NotificationsTab member={member} />}
            {tab === 'security' && <SecurityTab />}
          </Paper>
        </Paper>
      )}
    </>
  );
}
