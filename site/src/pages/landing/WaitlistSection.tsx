import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { MESSAGES, NAME_MAX_LENGTH, type SubscribeResult } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { newsletterApi } from '../../features/newsletter/newsletter-api';
import { EmailText } from '../../components/EmailText';
import { PlainTextField } from '../../components/PlainTextField';

/** Waitlist: form, then "You're on the list!", back to the form with Add Another Email. */
export function WaitlistSection() {
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '' });
  const [joined, setJoined] = useState<SubscribeResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!form.email.trim()) return setError(MESSAGES.validation.emailRequired);
    setBusy(true);
    try {
      setJoined(await newsletterApi.joinWaitlist(form.email, form.firstName, form.lastName));
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code !== 'network_error'
          ? caught.message
          : MESSAGES.waitlist.failed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="section"
      id="waitlist"
      aria-labelledby="waitlist-title"
      sx={{ py: { xs: 8, md: 12 } }}
    >
      <Container maxWidth="sm">
        <Paper sx={{ p: { xs: 3, md: 5 } }} elevation={2}>
          <Typography
            id="waitlist-title"
            variant="h4"
            component="h2"
            sx={{ fontWeight: 800, mb: 1, textAlign: 'center' }}
          >
            Join the Waitlist
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
            Not ready to commit? Get early access news and hear first when new features launch.
          </Typography>
          {joined ? (
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <CheckCircle color="success" sx={{ fontSize: 48 }} />
              <Typography variant="h5" component="p">
                You&apos;re on the list!
              </Typography>
              <Typography color="text.secondary" sx={{ maxWidth: '100%' }}>
                <EmailText
                  value={
                    joined.status === 'pending'
                      ? `Please confirm through the link we sent to ${joined.email}.`
                      : `We'll be in touch at ${joined.email}.`
                  }
                />
              </Typography>
              <Button
                variant="outlined"
                onClick={() => {
                  setJoined(undefined);
                  setForm({ email: '', firstName: '', lastName: '' });
                }}
              >
                Add Another Email
              </Button>
            </Stack>
          ) : (
            <Stack component="form" spacing={2} onSubmit={submit} noValidate>
              {error && <Alert severity="error">{error}</Alert>}
              <PlainTextField
                label="Email"
                type="email"
                value={form.email}
                onChange={(event) => setForm({ ...form, email: event.target.value })}
                required
                autoComplete="email"
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <PlainTextField
                  label="First Name (optional)"
                  value={form.firstName}
                  onChange={(event) => setForm({ ...form, firstName: event.target.value })}
                  autoComplete="given-name"
                  fullWidth
                  maxLength={NAME_MAX_LENGTH}
                />
                <PlainTextField
                  label="Last Name (optional)"
                  value={form.lastName}
                  onChange={(event) => setForm({ ...form, lastName: event.target.value })}
                  autoComplete="family-name"
                  fullWidth
                  maxLength={NAME_MAX_LENGTH}
                />
              </Stack>
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {busy ? 'Joining…' : 'Join Waitlist'}
              </Button>
            </Stack>
          )}
        </Paper>
      </Container>
    </Box>
  );
}
