import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { CommentDrafts } from '@leadpulse/common';
import { useCommentActions } from '../../../features/comments/useComments';
import { useLead, useUsage } from '../../../features/leads/useLeads';
import { leadName } from '../../../features/leads/lead-labels';
import { usageText } from '../../../features/leads/usage-text';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { DraftCard } from './DraftCard';
import { DraftHistory } from './DraftHistory';

const POST_MAX_LENGTH = 3000;

const resetDate = (value: string) =>
  new Date(value).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Credits left this month and when they reset. */
function CreditsLine() {
  const usage = useUsage();
  if (!usage.data) return null;
  const { used, allowed, resets_at } = usage.data.ai_credits;
  const left = allowed === null ? null : Math.max(allowed - used, 0);
  return (
    <Typography color="text.secondary" sx={{ mt: 1 }}>
      {left === null
        ? 'Unlimited AI credits.'
        : `${left.toLocaleString('en-US')} AI credits left this month (${usageText({ used, allowed })} used).`}{' '}
      Credits reset on {resetDate(resets_at)}. Each set of five drafts uses one.
    </Typography>
  );
}

/**
 * Comments: paste a post, get five drafts from five angles, edit and copy one in a click, mark
 * it used or skipped; the member's earlier drafts below. Nothing is posted for the member.
 */
export function CommentsPage() {
  const [postText, setPostText] = useState('');
  const [postUrl, setPostUrl] = useState('');
  const [set, setSet] = useState<CommentDrafts | null>(null);
  const { create, mark } = useCommentActions();
  // From a lead's page: the drafts are kept with that lead.
  const [params] = useSearchParams();
  const leadId = params.get('lead');
  const lead = useLead(leadId ?? '', { enabled: !!leadId });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!postText.trim()) return;
    create.mutate(
      {
        post_text: postText,
        ...(postUrl.trim() ? { post_url: postUrl.trim() } : {}),
        ...(lead.data ? { lead_id: lead.data.id } : {}),
      },
      { onSuccess: setSet },
    );
  };
  const onMark = (id: string, status: 'used' | 'skipped') =>
    mark.mutate(
      { id, status },
      {
        onSuccess: (marked) =>
          setSet((current) =>
            current
              ? { ...current, drafts: current.drafts.map((d) => (d.id === marked.id ? marked : d)) }
              : current,
          ),
      },
    );

  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Comments
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Paste a LinkedIn post and get five comments to start from. Edit one, copy it, and post it
          yourself.
        </Typography>
        {lead.data && (
          <Typography sx={{ mt: 1 }}>
            For a post by <strong>{leadName(lead.data)}</strong>.
          </Typography>
        )}
        <CreditsLine />
      </Box>

      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <TextField
              label="The post’s text"
              value={postText}
              onChange={(event) => setPostText(event.target.value)}
              multiline
              minRows={4}
              required
              slotProps={{ htmlInput: { maxLength: POST_MAX_LENGTH } }}
              helperText={`${postText.length.toLocaleString('en-US')} / 3,000`}
            />
            <TextField
              label="The post’s address (optional)"
              value={postUrl}
              onChange={(event) => setPostUrl(event.target.value)}
              type="url"
              placeholder="https://www.linkedin.com/feed/update/…"
            />
            {create.isError && <ApiErrorAlert error={create.error} />}
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={create.isPending || !postText.trim()}
              >
                {create.isPending ? 'Drafting…' : 'Draft five comments'}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>

      {set && (
        <Box component="section" aria-labelledby="drafts-heading" sx={{ mt: 4 }}>
          <Typography
            id="drafts-heading"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 700, mb: 2 }}
          >
            Your drafts
          </Typography>
          {set.fallback && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The writing service was not available, so these drafts were written offline.
            </Alert>
          )}
          {mark.isError && <ApiErrorAlert error={mark.error} />}
          <Stack spacing={2}>
            {set.drafts.map((draft) => (
              <DraftCard
                key={draft.id}
                draft={draft}
                marking={mark.isPending}
                onMark={(status) => onMark(draft.id, status)}
              />
            ))}
          </Stack>
        </Box>
      )}

      <Box component="section" aria-labelledby="history-heading" sx={{ mt: 5 }}>
        <Typography
          id="history-heading"
          variant="h5"
          component="h2"
          sx={{ fontWeight: 700, mb: 2 }}
        >
          History
        </Typography>
        <DraftHistory />
      </Box>
    </>
  );
}
