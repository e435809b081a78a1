import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { Lead } from '@leadpulse/common';
import { scoreTone, whyLines } from '../../../features/scoring/score-why';

function Part({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ flex: 1, minWidth: 120 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`${label} ${value} of 100`}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

/** A lead's Score with its Fit and Intent, and the lines behind it whose points add up to it. */
export function ScoreWhy({ lead }: { lead: Lead }) {
  const why = whyLines(lead.breakdown, lead.score);
  const tone = scoreTone(lead.score);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="score-title"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography id="score-title" variant="h6" component="h2">
            Score
          </Typography>
          <Typography
            variant="h3"
            component="p"
            sx={{
              fontWeight: 800,
              color: tone === 'default' ? 'text.primary' : `${tone}.main`,
            }}
          >
            {lead.score}
          </Typography>
        </Box>
        <Stack direction="row" spacing={3} sx={{ flex: 1 }}>
          <Part label="Fit" value={lead.fit} />
          <Part label="Intent" value={lead.intent} />
        </Stack>
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Why this score
      </Typography>
      {why.lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing in your ideal customer profile matches this lead yet, and there is no recent
          engagement.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Why this score" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {why.lines.map((line, i) => (
            <Stack
              key={`${line.label}-${i}`}
              component="li"
              direction="row"
              spacing={2}
              sx={{
                justifyContent: 'space-between',
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" sx={{ minWidth: 0, wordBreak: 'break-word' }}>
                {line.label}
              </Typography>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {line.text}
              </Typography>
            </Stack>
          ))}
          <Stack component="li" direction="row" sx={{ justifyContent: 'space-between', pt: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              Score
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {why.total}
            </Typography>
          </Stack>
        </Box>
      )}
      {!why.addsUp && (
        <Alert severity="info" sx={{ mt: 1 }}>
          This score is being recalculated; the lines will match it shortly.
        </Alert>
      )}
      <Button component={RouterLink} to="/dashboard/icp" size="small" sx={{ mt: 1 }}>
        Edit your ideal customer
      </Button>
    </Paper>
  );
}
