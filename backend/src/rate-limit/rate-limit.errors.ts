import { AppException } from '../common/app.exception.js';

/**
 * 429 `too_many_requests` with Retry-After: the message says which limit (sign-in, the rest),
 * from common's MESSAGES.
 */
export function tooManyRequests(resetAt: Date, message: string): AppException {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppException('too_many_requests', 429, message, undefined, {
    'retry-after': String(seconds),
  });
}
