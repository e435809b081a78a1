import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { loginErrorMessage } from './auth-messages';

const refusal = (code: string, statusCode = 400) =>
  new ApiError({ statusCode, code, message: 'from the server' });

describe('loginErrorMessage', () => {
  it.each([
    ['invalid_credentials', MESSAGES.login.invalidCredentials],
    ['email_not_confirmed', MESSAGES.login.emailNotConfirmed],
    ['too_many_requests', MESSAGES.login.tooManyRequests],
    ['account_suspended', 'Your account has been suspended. Please contact support.'],
    ['something_else', MESSAGES.login.failed],
  ])('says what a refusal %j means', (code, message) => {
    expect(loginErrorMessage(refusal(code))).toBe(message);
  });

  it('says an unexpected error when the server is out of reach', () => {
    expect(loginErrorMessage(refusal('network_error', 0))).toBe(MESSAGES.login.unexpected);
    expect(loginErrorMessage(new Error('boom'))).toBe(MESSAGES.login.unexpected);
  });
});
