import { useState } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Link,
  Switch,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationPreferences, OwnMemberRecord } from '@leadpulse/common';
import { memberApi } from '../../../features/member/member-api';
import { useMember } from '../../../features/member/MemberProvider';
import { timeZoneLabel } from '../../../features/member/time-zones';
import { useSnackbar } from '../../../features/snackbar/snackbar';

const SWITCHES: { key: keyof NotificationPreferences; label: string }[] = [
  { key: 'emailUpdates', label: 'Email Updates' },
  { key: 'featureAnnouncements', label: 'Feature Announcements' },
  { key: 'billingAlerts', label: 'Billing Alerts' },
  { key: 'weeklyDigest', label: 'Weekly Digest' },
  { key: 'dailyDigest', label: 'Daily Digest' },
];

/** The switches, saved on the server; the daily digest says when it arrives. */
export function NotificationsTab({ member }: { member: OwnMemberRecord }) {
  const { setMember } = useMember();
  const { enqueueSnackbar } = useSnackbar();
  const [preferences, setPreferences] = useState(member.notification_preferences);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await memberApi.saveNotifications(preferences);
      setMember({ ...member, notification_preferences: saved });
      enqueueSnackbar('Notification preferences saved.', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to save notification preferences. Please try again.', {
        variant: 'error',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box>
      <FormGroup>
        {SWITCHES.map((item) => (
          <Box key={item.key}>
            <FormControlLabel
              control={
                <Switch
                  checked={preferences[item.key]}
                  onChange={(event) =>
                    setPreferences({ ...preferences, [item.key]: event.target.checked })
                  }
                  slotProps={{
                    input:
                      item.key === 'dailyDigest'
                        ? { 'aria-describedby': 'daily-digest-help' }
                        : undefined,
                  }}
                />
              }
              label={item.label}
            />
            {item.key === 'dailyDigest' && (
              <FormHelperText id="daily-digest-help" sx={{ mt: -0.5, mb: 1, ml: 6 }}>
                Today&apos;s leads and the tasks due, each morning at 8:00{' '}
                {member.time_zone ? `(${timeZoneLabel(member.time_zone)})` : '(UTC)'} when there is
                something to do. Change your time zone in{' '}
                <Link component={RouterLink} to="/dashboard/settings?tab=profile">
                  Profile
                </Link>
                .
              </FormHelperText>
            )}
          </Box>
        ))}
      </FormGroup>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => void save()} disabled={saving}>
        Save Preferences
      </Button>
    </Box>
  );
}
