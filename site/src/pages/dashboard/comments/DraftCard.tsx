import { useState } from 'react';
import { Button, Card, CardActions, CardContent, Chip, Stack, TextField } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { CommentDraft } from '@leadpulse/common';
import { ANGLE_LABELS } from '../../../features/comments/angle-labels';
import { useSnackbar } from '../../../features/snackbar/snackbar';

const COMMENT_MAX_LENGTH = 1250;

/** One draft: editable, copied in one click, marked used or skipped. */
export function DraftCard({
  draft,
  onMark,
  marking,
}: {
  draft: CommentDraft;
  onMark: (status: 'used' | 'skipped') => void;
  marking: boolean;
}) {
  const [text, setText] = useState(draft.text);
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      enqueueSnackbar('Comment copied. Paste it under the post on LinkedIn.', {
        variant: 'success',
      });
    } catch {
      enqueueSnackbar('Could not copy. Select the text and copy it instead.', { variant: 'error' });
    }
  };
  const label = ANGLE_LABELS[draft.angle];
  return (
    <Card variant="outlined" component="article" aria-label={`${label} draft`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
          <Chip label={label} size="small" color="primary" variant="outlined" />
          {draft.status && (
            <Chip
              label={draft.status === 'used' ? 'Used' : 'Skipped'}
              size="small"
              color={draft.status === 'used' ? 'success' : 'default'}
            />
          )}
        </Stack>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          fullWidth
          minRows={3}
          label={`${label} comment`}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
          helperText={`${text.length.toLocaleString('en-US')} / 1,250`}
        />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button disabled={marking || draft.status === 'used'} onClick={() => onMark('used')}>
          Mark used
        </Button>
        <Button
          color="inherit"
          disabled={marking || draft.status === 'skipped'}
          onClick={() => onMark('skipped')}
        >
          Skip
        </Button>
      </CardActions>
    </Card>
  );
}
