import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { IcpPreview } from '@leadpulse/common';
import { PREVIEW_STRONG_SCORE } from '@leadpulse/common';
import { leadName } from '../../../features/leads/lead-labels';
import { formatPoints } from '../../../features/scoring/score-why';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';

interface Props {
  preview: IcpPreview | undefined;
  loading: boolean;
  error: unknown;
  invalid: boolean;
}

/** What the ICP being edited would do: how many strong leads, and the ten it would put first. */
export function IcpPreviewPanel({ preview, loading, error, invalid }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="preview-title"
      aria-busy={loading}
      sx={{ p: { xs: 2, md: 3 }, position: { lg: 'sticky' }, top: { lg: 88 } }}
    >
      <Typography id="preview-title" variant="h6" component="h2">
        Preview
      </Typography>
      <Box sx={{ height: 4, my: 1 }}>
        {loading && <LinearProgress aria-label="Updating the preview" />}
      </Box>
      {invalid ? (
        <Alert severity="warning">Fix the fields marked in red to see the preview.</Alert>
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : !preview ? null : preview.total === 0 ? (
        <Typography color="text.secondary">
          You have no leads yet. Import some to see how this profile ranks them.
        </Typography>
      ) : (
        <>
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {preview.strong} of {preview.total} leads would score {PREVIEW_STRONG_SCORE} or more
          </Typography>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            The top ten
          </Typography>
          <Box component="ol" aria-label="Top ten leads" sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {preview.top.map((lead) => {
              const delta = lead.score - lead.current_score;
              const role = [lead.position, lead.company].filter(Boolean).join(' · ');
              return (
                <Stack
                  key={lead.id}
                  component="li"
                  direction="row"
                  spacing={1}
                  sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
                >
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {leadName(lead)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="p">
                      {role || '—'} · fit {lead.fit}, intent {lead.intent}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    {lead.score}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ width: 40, textAlign: 'right' }}
                    color={delta > 0 ? 'success.main' : delta < 0 ? 'error.main' : 'text.secondary'}
                    aria-label={delta === 0 ? 'unchanged' : `${formatPoints(delta)} from now`}
                  >
                    {delta === 0 ? '=' : formatPoints(delta)}
                  </Typography>
                </Stack>
              );
            })}
          </Box>
        </>
      )}
    </Paper>
  );
}
