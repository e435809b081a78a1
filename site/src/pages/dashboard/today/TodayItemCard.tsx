import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Check from '@mui/icons-material/Check';
import OpenInNew from '@mui/icons-material/ArrowForward';
import type { TodayItem } from '@leadpulse/common';
import { leadName } from '../../../features/leads/lead-labels';
import { scoreTone } from '../../../features/scoring/score-why';
import { AddToPipelineButton } from '../scoring/AddToPipelineButton';
import { SnoozeButton } from './SnoozeButton';

interface Props {
  item: TodayItem;
  onDone(): void;
  onSnooze(until: string): void;
}

/** One of Today's leads: why it is here, what to do, and Done, Snooze, Draft comments or Open. */
export function TodayItemCard({ item, onDone, onSnooze }: Props) {
  const { lead } = item;
  const name = leadName(lead);
  const role = [lead.position, lead.company].filter(Boolean).join(' at ');
  const tone = scoreTone(lead.score);
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={name}
      sx={{ p: { xs: 2, md: 2.5 }, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Chip
          label={lead.score}
          color={tone}
          aria-label={`Score ${lead.score}`}
          sx={{ fontWeight: 700, minWidth: 48 }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Link
            component={RouterLink}
            to={`/dashboard/leads/${lead.id}`}
            sx={{ fontWeight: 700, wordBreak: 'break-word' }}
          >
            {name}
          </Link>
          {role && (
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {role}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            {item.new_signal && <Chip size="small" color="secondary" label="New signal" />}
            {lead.monitored && <Chip size="small" label="Monitored" />}
          </Stack>
          {item.reasons.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {item.reasons.map((reason) => (
                <Typography key={reason} component="li" variant="body2">
                  {reason}
                </Typography>
              ))}
            </Box>
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Box component="strong">Next step:</Box> {item.next_step}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<Check />}
          onClick={onDone}
          aria-label={`Done with ${name}`}
        >
          Done
        </Button>
        <SnoozeButton name={name} onSnooze={onSnooze} />
        <Button
          component={RouterLink}
          to={`/dashboard/comments?lead=${encodeURIComponent(lead.id)}`}
          startIcon={<ChatBubbleOutline />}
          aria-label={`Draft comments for ${name}`}
        >
          Draft comments
        </Button>
        <Button component={RouterLink} to={`/dashboard/leads/${lead.id}`} endIcon={<OpenInNew />}>
          Open
        </Button>
        <AddToPipelineButton lead={lead} />
      </Stack>
    </Paper>
  );
}
