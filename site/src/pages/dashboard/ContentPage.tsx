import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { isPlanSuspended, labelOf } from '@leadpulse/common';
import {
  CONTENT_CATEGORIES,
  canCreatePost,
  draftPreview,
  filterFeeds,
  visibleTags,
  type ContentCategory,
} from '../../features/content/content-rules';
import {
  SAMPLE_ARTICLES,
  SAMPLE_DRAFTS,
  SAMPLE_FEEDS,
  SAMPLE_SCHEDULED,
} from '../../features/content/sample-content';
import { log } from '../../features/logging/log';
import { useMemberRecord } from '../../features/member/MemberProvider';
import { useSnackbar } from '../../features/snackbar/snackbar';
import { PausedForPayment } from './PausedForPayment';

type ContentTab = 'feeds' | 'review' | 'drafts' | 'scheduled';

/** A category as a member reads it ("all" is every category). */
const categoryLabel = (category: string) =>
  category === 'all' ? 'All categories' : labelOf(category);

/** A calendar day of the sample content ("2026-11-20") as "Nov 20, 2026", on one line. */
function Day({ value }: { value: string }) {
  const day = new Date(`${value.slice(0, 10)}T00:00:00`);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {Number.isNaN(day.getTime())
        ? value
        : day.toLocaleDateString('en-US', { dateStyle: 'medium' })}
    </Box>
  );
}

function DiscoverFeeds() {
  const [category, setCategory] = useState<ContentCategory>('all');
  const [subscribed, setSubscribed] = useState(
    () => new Set(SAMPLE_FEEDS.filter((feed) => feed.isSubscribed).map((feed) => feed.id)),
  );
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Category"
        value={category}
        onChange={(event) => setCategory(event.target.value as ContentCategory)}
        sx={{ maxWidth: 240 }}
      >
        {CONTENT_CATEGORIES.map((value) => (
          <MenuItem key={value} value={value}>
            {categoryLabel(value)}
          </MenuItem>
        ))}
      </TextField>
      {filterFeeds(SAMPLE_FEEDS, category).map((feed) => (
        <Card key={feed.id} variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3">
              {feed.title}
            </Typography>
            <Typography color="text.secondary">{feed.description}</Typography>
            <Typography variant="body2" color="text.secondary">
              {feed.subscribers.toLocaleString('en-US')} subscribers · updated{' '}
              <Day value={feed.lastUpdated} /> · {categoryLabel(feed.category)}
            </Typography>
          </CardContent>
          <CardActions>
            <Button
              onClick={() =>
                setSubscribed((current) => {
                  const next = new Set(current);
                  if (next.has(feed.id)) next.delete(feed.id);
                  else next.add(feed.id);
                  return next;
                })
              }
            >
              {subscribed.has(feed.id) ? 'Unsubscribe' : 'Subscribe'}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

function ContentReview() {
  return (
    <Stack spacing={2}>
      {SAMPLE_ARTICLES.map((article) => (
        <Card key={article.id} variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="h6" component="h3">
                {article.title}
              </Typography>
              {!article.read && <Chip label="New" color="primary" size="small" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {article.feedTitle} · {article.author} · <Day value={article.publishedAt} />
            </Typography>
            <Typography sx={{ my: 1 }}>{article.content}</Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              {visibleTags(article.tags).map((tag) => (
                <Chip key={tag} label={tag} size="small" variant="outlined" />
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function MyDrafts() {
  const [thoughts, setThoughts] = useState('');
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TextField
          label="Your thoughts"
          placeholder="What do you want to post about?"
          value={thoughts}
          onChange={(event) => setThoughts(event.target.value)}
          multiline
          minRows={3}
          fullWidth
        />
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={!canCreatePost(thoughts)}
          onClick={() => {
            enqueueSnackbar('Post creation is coming soon: your idea has been noted.', {
              variant: 'info',
            });
            log('INFO', 'Create Post requested', 'ContentPage', { length: thoughts.trim().length });
            setThoughts('');
          }}
        >
          Create Post
        </Button>
      </Paper>
      {SAMPLE_DRAFTS.map((draft) => (
        <Card key={draft.id} variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="h6" component="h3">
                {draft.title}
              </Typography>
              <Chip
                label={labelOf(draft.status)}
                size="small"
                color={draft.status === 'ready' ? 'success' : 'default'}
              />
              <Chip label={labelOf(draft.type)} size="small" variant="outlined" />
            </Stack>
            <Typography color="text.secondary">{draftPreview(draft.content)}</Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function Scheduled() {
  return (
    <Stack spacing={2}>
      {SAMPLE_SCHEDULED.map((post) => (
        <Card key={post.id} variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3">
              {post.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {new Date(post.scheduledFor).toLocaleString('en-US', {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </Typography>
            <Typography>{post.content}</Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function Feedback() {
  const [feedback, setFeedback] = useState('');
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box
      component="form"
      aria-label="Feedback"
      onSubmit={(event) => {
        event.preventDefault();
        log('INFO', 'Content feedback', 'ContentPage', {
          feedback: feedback.trim().slice(0, 1000),
        });
        enqueueSnackbar('Thanks for your feedback!', { variant: 'success' });
        setFeedback('');
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          label="Feedback on this page"
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          fullWidth
          size="small"
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!feedback.trim()}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Send Feedback
        </Button>
      </Stack>
    </Box>
  );
}

/** The member's content tools; paused, with the way back, while their plan is suspended. */
export function ContentPage() {
  const member = useMemberRecord();
  const [tab, setTab] = useState<ContentTab>('feeds');
  const unread = SAMPLE_ARTICLES.filter((article) => !article.read).length;
  const heading = (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
      Content
    </Typography>
  );
  if (member && isPlanSuspended(member))
    return (
      <>
        {heading}
        <PausedForPayment area="Content" member={member} />
      </>
    );
  return (
    <>
      {heading}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: ContentTab) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Content"
        >
          <Tab value="feeds" label="Discover Feeds" />
          <Tab
            value="review"
            label={
              <Badge badgeContent={unread} color="primary" sx={{ pr: 1.5 }}>
                Content Review
              </Badge>
            }
          />
          <Tab value="drafts" label="My Drafts" />
          <Tab value="scheduled" label="Scheduled" />
        </Tabs>
        <Box sx={{ p: { xs: 2, md: 3 } }} role="tabpanel">
          {tab === 'feeds' && <DiscoverFeeds />}
          {tab === 'review' && <ContentReview />}
          {tab === 'drafts' && <MyDrafts />}
          {tab === 'scheduled' && <Scheduled />}
        </Box>
      </Paper>
      <Feedback />
    </>
  );
}
