import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import Work from '@mui/icons-material/Work';
import Forum from '@mui/icons-material/Forum';
import type { LeadNews, LeadNewsItem } from '@leadpulse/common';
import { api } from '../../api/client';
import { formatDateTime } from '../../features/leads/lead-labels';

const leadNewsKey = ['leads', 'news'] as const;

const fullName = (lead: LeadNewsItem['lead']) =>
  `${lead.first_name} ${lead.last_name}`.trim() || 'A lead';

function NewsLine({ item }: { item: LeadNewsItem }) {
  const what = item.kind === 'job_change' ? 'changed jobs' : 'sent you a message';
  const role = [item.lead.position, item.lead.company].filter(Boolean).join(' at ');
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1 }}>
      <Box aria-hidden sx={{ pt: 0.25 }}>
        {item.kind === 'job_change' ? <Work color="primary" /> : <Forum color="primary" />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ wordBreak: 'break-word' }}>
          <Link
            component={RouterLink}
            to={`/dashboard/leads/${item.lead.id}`}
            sx={{ fontWeight: 600 }}
          >
            {fullName(item.lead)}
          </Link>{' '}
          {what}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {role ? `${role} · ` : ''}
          {formatDateTime(item.occurred_at)}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * The Welcome page's news: job changes and messages on the member's monitored leads since their
 * last visit (GET /api/leads/news, which keeps the visits).
 */
export function LeadNewsPanel() {
  const news = useQuery({
    queryKey: leadNewsKey,
    queryFn: () => api<LeadNews>('/leads/news', { auth: true }),
  });
  const items = news.data?.data ?? [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="lead-news-heading" sx={{ p: 2 }}>
      <Typography id="lead-news-heading" variant="h6" component="h2">
        Since your last visit
      </Typography>
      {news.isPending ? (
        <Stack spacing={1} aria-label="Loading news" sx={{ mt: 1 }}>
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </Stack>
      ) : news.isError ? (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void news.refetch()}>
              Load news again
            </Button>
          }
        >
          We couldn&apos;t load the news on your monitored leads just now.
        </Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No job changes or messages on your monitored leads.{' '}
          <Link component={RouterLink} to="/dashboard/leads">
            Monitor a lead
          </Link>{' '}
          to hear when they change jobs or write to you.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="News on monitored leads"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {items.map((item) => (
            <NewsLine key={item.id} item={item} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
