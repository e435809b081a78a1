import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  formatPhone,
  type FoundingCheckoutRequest,
} from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { foundingApi } from '../../features/founding/founding-api';
import { DialogHeading } from './DialogHeading';

interface Props {
  open: boolean;
  onClose(): void;
  /** A signed-in member's details: the checkout then buys for their own account. */
  initial?: Partial<FoundingCheckoutRequest>;
  /** Where the browser goes with the checkout URL (the real browser by default). */
  redirect?: (url: string) => void;
}

/** Errors whose message the server words for the buyer; anything else gets the spec's default. */
const SERVER_MESSAGES = new Set([
  'already_active',
  'sold_out',
  'validation_failed',
  'invalid_email',
]);

const EMPTY: FoundingCheckoutRequest = { firstName: '', lastName: '', email: '', phone: '' };

/** Claim Your Founding Spot: form, processing, then the payment page; back to the form on error. */
export function FoundingDialog({
  open,
  onClose,
  initial,
  redirect = (url) => window.location.assign(url),
}: Props) {
  const [form, setForm] = useState<FoundingCheckoutRequest>({
    ...EMPTY,
    ...initial,
    phone: formatPhone(initial?.phone ?? ''),
  });
  const [processing, setProcessing] = useState(false);
  // A signed-in member buys for their own account, which already names them: a one-word
  // sign-up name leaves no last name, and that does not block them.
  const accountKnown = !!initial?.email;
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (
      Object.entries(form).some(
        ([key, value]) => !value.trim() && !(key === 'lastName' && accountKnown),
      )
    )
      return setError(MESSAGES.founding.fillAllFields);
    setProcessing(true);
    try {
      const { url } = await foundingApi.checkout(form);
      redirect(url);
    } catch (caught) {
      setError(
        caught instanceof ApiError && SERVER_MESSAGES.has(caught.code)
          ? caught.message
          : MESSAGES.founding.checkoutFailed,
      );
      setProcessing(false);
    }
  };

  const text = (key: keyof FoundingCheckoutRequest) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm({
        ...form,
        [key]: key === 'phone' ? formatPhone(event.target.value) : event.target.value,
      }),
  });

  return (
    <Dialog
      open={open}
      onClose={processing ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="founding-title"
    >
      <DialogHeading id="founding-title" onClose={processing ? undefined : onClose}>
        Claim Your Founding Spot
      </DialogHeading>
      <DialogContent>
        {processing ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
            <CircularProgress aria-label="Processing" />
            <Typography>Taking you to secure checkout…</Typography>
          </Stack>
        ) : (
          <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
            <Typography color="text.secondary">
              $50 for your first 3 months, then Prospector at $75/month. Cancel anytime.
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="First Name"
                {...text('firstName')}
                required
                autoComplete="given-name"
                fullWidth
                slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
              />
              <TextField
                label="Last Name"
                {...text('lastName')}
                required={!accountKnown}
                autoComplete="family-name"
                fullWidth
                slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
              />
            </Stack>
            <TextField
              label="Email"
              type="email"
              {...text('email')}
              required
              autoComplete="email"
              disabled={!!initial?.email}
              helperText={initial?.email ? 'Your membership is added to this account.' : undefined}
            />
            <TextField
              label="Phone"
              type="tel"
              {...text('phone')}
              required
              autoComplete="tel"
              placeholder="(555) 123-4567"
            />
            <Button type="submit" variant="contained" size="large">
              Continue to Payment
            </Button>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
