import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

export const STRIPE_EVENT_NOT_FOUND = 'Stripe event not found.';

/** The Stripe webhooks' failures: each code with its message, declared once. */
export const WEBHOOKS_ERRORS = {
  eventNotFound: () => notFound(STRIPE_EVENT_NOT_FOUND),
  invalidSignature: () =>
    new AppException(
      'invalid_signature',
      400,
      'The Stripe signature is missing or does not match.',
    ),
  invalidEvent: () =>
    new AppException(
      'invalid_event',
      400,
      'The body is not a Stripe event: it needs an id, a type and a data object.',
    ),
};
