import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  FULL_NAME_MAX_LENGTH,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  SITE_ROUTES,
} from '@leadpulse/common';
import { authApi } from '../../features/auth/auth-api';
import { signupErrorMessage } from '../../features/auth/auth-messages';
import { useSnackbar } from '../../features/snackbar/snackbar';
import { DialogHeading } from './DialogHeading';

interface Props {
  open: boolean;
  onClose(): void;
  onSwitch(dialog: 'login'): void;
}

const EMPTY = { name: '', email: '', password: '', confirmPassword: '' };

export function SignupDialog({ open, onClose, onSwitch }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState(EMPTY);
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm({ ...form, [key]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    // The earlier build stopped silently here; saying why is kinder.
    if (form.password !== form.confirmPassword) {
      setError(MESSAGES.signup.passwordsDoNotMatch);
      return;
    }
    setBusy(true);
    try {
      await authApi.signup(form.email, form.password, form.name);
      enqueueSnackbar(MESSAGES.signup.success, { variant: 'success' });
      setForm(EMPTY);
      setTerms(false);
      onClose();
    } catch (caught) {
      setError(signupErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="signup-title">
      <DialogHeading id="signup-title" onClose={onClose}>
        Create Account
      </DialogHeading>
      <DialogContent>
        <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Full Name"
            {...field('name')}
            required
            autoComplete="name"
            autoFocus
            slotProps={{ htmlInput: { maxLength: FULL_NAME_MAX_LENGTH } }}
          />
          <TextField label="Email" type="email" {...field('email')} required autoComplete="email" />
          <TextField
            label="Password"
            type="password"
            {...field('password')}
            required
            autoComplete="new-password"
            slotProps={{ htmlInput: { minLength: PASSWORD_MIN_LENGTH } }}
          />
          <TextField
            label="Confirm Password"
            type="password"
            {...field('confirmPassword')}
            required
            autoComplete="new-password"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={terms}
                onChange={(event) => setTerms(event.target.checked)}
                required
              />
            }
            label={
              <>
                I agree to the{' '}
                <Link href={SITE_ROUTES.terms} target="_blank" rel="noopener">
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link href={SITE_ROUTES.privacy} target="_blank" rel="noopener">
                  Privacy Policy
                </Link>
              </>
            }
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !terms}>
            {busy ? 'Creating account…' : 'Create Account'}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component="button" type="button" onClick={() => onSwitch('login')}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
