import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CANCELLATION_COMMENT_MAX_LENGTH,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  billingDate,
  type CancellationReason,
} from '@leadpulse/common';
import { messageOf } from '../../../features/member/useBilling';

/**
 * Cancel subscription: the one question "Why are you cancelling?" with its four answers and an
 * optional comment. The subscription ends at the end of the period already paid for.
 */
export function CancelSubscriptionDialog({
  endsOn,
  onCancel,
  onClose,
}: {
  /** The end of the paid period, when the subscription would end. */
  endsOn: string | null;
  onCancel(reason: CancellationReason, comment?: string): Promise<void>;
  onClose(): void;
}) {
  const [reason, setReason] = useState<CancellationReason | ''>('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const confirm = async () => {
    if (!reason) return;
    setBusy(true);
    setError(undefined);
    try {
      await onCancel(reason, comment.trim() || undefined);
    } catch (failure) {
      setError(messageOf(failure, 'We could not cancel your subscription. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="cancel-subscription-title"
    >
      <DialogTitle id="cancel-subscription-title">Cancel your subscription?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {endsOn
              ? `You keep your plan until ${billingDate(endsOn)}, and you won't be charged again. You can resume any time before then.`
              : "You keep your plan until the end of the period you've paid for, and you won't be charged again."}
          </Typography>
          <FormControl required>
            <FormLabel id="cancel-reason-label">Why are you cancelling?</FormLabel>
            <RadioGroup
              aria-labelledby="cancel-reason-label"
              value={reason}
              onChange={(event) => setReason(event.target.value as CancellationReason)}
            >
              {CANCELLATION_REASONS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={CANCELLATION_REASON_LABELS[value]}
                  disabled={busy}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label="Anything you'd like to add? (optional)"
            multiline
            minRows={2}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: CANCELLATION_COMMENT_MAX_LENGTH } }}
            helperText={`${comment.length}/${CANCELLATION_COMMENT_MAX_LENGTH}`}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions
        disableSpacing
        sx={{
          gap: 1,
          px: 3,
          pb: 2,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button onClick={onClose} disabled={busy}>
          Keep subscription
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={!reason || busy}
        >
          {busy ? 'Cancelling…' : 'Cancel subscription'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
