import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../api/client';
import { authApi } from '../features/auth/auth-api';

/** Why a resend did not go out: the rate limit has its own message, anything else is unexpected. */
function resendErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.code === 'too_many_requests'
    ? MESSAGES.session.tooManyRequests
    : MESSAGES.login.unexpected;
}

/**
 * The way forward from an unconfirmed account: asks for a new confirmation link. With a known
 * e-mail it is one button; otherwise it asks for the address. The answer is the same whether or
 * not the account exists.
 */
export function ResendConfirmation({ email: knownEmail }: { email?: string }) {
  const [email, setEmail] = useState(knownEmail ?? '');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string>();

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setState('sending');
    setError(undefined);
    try {
      await authApi.resendConfirmation(email.trim());
      setState('sent');
    } catch (caught) {
      setError(resendErrorMessage(caught));
      setState('idle');
    }
  };

  if (state === 'sent') return <Alert severity="success">{MESSAGES.confirmation.resent}</Alert>;
  const button = (
    <Button
      type={knownEmail ? 'button' : 'submit'}
      variant="outlined"
      disabled={state === 'sending'}
      onClick={knownEmail ? () => void send() : undefined}
    >
      {MESSAGES.confirmation.resend}
    </Button>
  );
  return (
    <Stack spacing={2}>
      {error && <Alert severity="warning">{error}</Alert>}
      {knownEmail ? (
        button
      ) : (
        <Stack component="form" spacing={2} onSubmit={send}>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="email"
          />
          {button}
        </Stack>
      )}
    </Stack>
  );
}
