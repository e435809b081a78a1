import { useState } from 'react';
import { Box, Button, FormControlLabel, FormGroup, Switch } from '@mui/material';
import type { NotificationPreferences, OwnMemberRecord } from '@leadpulse/common';
import { memberApi } from '../../../features/member/member-api';
import { useMember } from '../../../features/member/MemberProvider';
import { useSnackbar } from '../../../features/snackbar/snackbar';

const SWITCHES: { key: keyof NotificationPreferences; label: string }[] = [
  { key: 'emailUpdates', label: 'Email Updates' },
  { key: 'featureAnnouncements', label: 'Feature Announcements' },
  { key: 'billingAlerts', label: 'Billing Alerts' },
  { key: 'weeklyDigest', label: 'Weekly Digest' },
];

/** The four switches, saved on the server. */
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
          <FormControlLabel
            key={item.key}
            control={
              <Switch
                checked={preferences[item.key]}
                onChange={(event) =>
                  setPreferences({ ...preferences, [item.key]: event.target.checked })
                }
              />
            }
            label={item.label}
          />
        ))}
      </FormGroup>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => void save()} disabled={saving}>
        Save Preferences
      </Button>
    </Box>
  );
}
