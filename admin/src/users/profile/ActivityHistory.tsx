import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import {
  ADMIN_TOASTS,
  auditActorName,
  type ActivityEntry,
  type AdminUserRecord,
} from '@leadpulse/common';
import { adminApi } from '../../api';
import { changeLines, formatDateTime } from '../../format';
import { Section } from './Section';

/** Activity History: billing changes and admin actions, newest first, scrolling at 16rem. */
export function ActivityHistory({ user }: { user: AdminUserRecord }) {
  const { data, isError, isPending } = useQuery({
    queryKey: ['users', user.id, 'activity', user.updated_at],
    queryFn: () => adminApi<ActivityEntry[]>(`/users/${user.id}/activity`),
  });
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify(ADMIN_TOASTS.activityFailed, { type: 'error' });
  }, [isError, notify]);
  return (
    <Section title="Activity History">
      <Box sx={{ maxHeight: '16rem', overflowY: 'auto' }}>
        {isError ? (
          <Typography color="error" variant="body2">
            {ADMIN_TOASTS.activityFailed}
          </Typography>
        ) : isPending ? null : data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No activity history available
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Activity history">
            {data.map((entry) => (
              <ListItem key={entry.id} disableGutters divider alignItems="flex-start">
                <ListItemText
                  primary={entry.description}
                  secondary={
                    <>
                      <Typography variant="caption" component="span">
                        {auditActorName(entry)} · {formatDateTime(entry.created_at)}
                      </Typography>
                      {changeLines(entry).map((line) => (
                        <Typography
                          key={line}
                          variant="caption"
                          component="div"
                          sx={{ wordBreak: 'break-word' }}
                        >
                          {line}
                        </Typography>
                      ))}
                    </>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Section>
  );
}
