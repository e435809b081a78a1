import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found.';

/** The newsletter's failures: each code with its message, declared once. */
export const NEWSLETTER_ERRORS = {
  subscriberNotFound: () => notFound(SUBSCRIBER_NOT_FOUND),
  alreadySubscribed: () =>
    new AppException('already_subscribed', 409, 'This email is already on the list.'),
  invalidCsv: () => new AppException('invalid_csv', 400, 'The file is not valid CSV.'),
  noEmailColumn: () => new AppException('invalid_csv', 400, 'The CSV needs an email column.'),
  unknownFilter: (field: 'status' | 'source', value: unknown) =>
    new AppException('validation_failed', 400, `Unknown ${field}: ${String(value)}.`),
  invalidEmail: () => new AppException('invalid_email', 400, MESSAGES.signup.invalidEmail),
  invalidLink: () => new AppException('invalid_token', 400, MESSAGES.newsletter.invalidLink),
  tokenRequired: () => new AppException('validation_failed', 400, 'A token is required.'),
  webhookNotConfigured: () =>
    new AppException(
      'webhook_not_configured',
      403,
      'The SendGrid event webhook is not configured.',
    ),
  invalidSignature: () =>
    new AppException('invalid_signature', 400, 'The event signature is not valid.'),
  staleTimestamp: () =>
    new AppException(
      'stale_timestamp',
      400,
      'The event timestamp is more than 5 minutes away from now: a replay is refused.',
    ),
  invalidEvents: () =>
    new AppException(
      'validation_failed',
      400,
      'Expected a list of events, each with an email and an event.',
    ),
};
