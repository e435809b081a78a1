import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { useDraftHistory } from '../../../features/comments/useComments';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { ANGLE_LABELS } from '../../../features/comments/angle-labels';

const dateTime = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The member's earlier sets of drafts, newest first, with what they used. */
export function DraftHistory() {
  const [page, setPage] = useState(1);
  const history = useDraftHistory(page);
  if (history.isPending)
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading your drafts" />
      </Box>
    );
  if (history.isError)
    return <ApiErrorAlert error={history.error} onRetry={() => void history.refetch()} />;
  const { data, totalPages } = history.data;
  if (data.length === 0)
    return (
      <Alert severity="info">
        Your drafts will appear here once you draft comments for a post.
      </Alert>
    );
  return (
    <Stack spacing={2}>
      {data.map((set) => (
        <Card key={set.id} variant="outlined">
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {dateTime(set.created_at)}
              {set.fallback ? ' · written offline' : ''}
            </Typography>
            <Typography sx={{ mt: 1, mb: 1.5, whiteSpace: 'pre-line' }} noWrap={false}>
              {set.post_text.length > 280 ? `${set.post_text.slice(0, 280)}…` : set.post_text}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
              {set.drafts.map((draft) => (
                <li key={draft.id}>
                  <Typography variant="body2">
                    <strong>{ANGLE_LABELS[draft.angle]}</strong>
                    {draft.status && (
                      <Chip
                        component="span"
                        size="small"
                        sx={{ mx: 1 }}
                        label={draft.status === 'used' ? 'Used' : 'Skipped'}
                        color={draft.status === 'used' ? 'success' : 'default'}
                      />
                    )}{' '}
                    {draft.text}
                  </Typography>
                </li>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
      {totalPages > 1 && (
        <Pagination
          count={totalPages}
          page={page}
          onChange={(_event, value) => setPage(value)}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
