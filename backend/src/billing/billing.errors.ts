import { AppException } from '../common/app.exception.js';

/** The member's own billing errors, each code with its message, declared once. */
export const billingErrors = {
  noSubscription: (action: 'cancel' | 'resume') =>
    new AppException('no_subscription', 409, `You have no subscription to ${action}.`),
  alreadyEnding: (endDate: string | null) =>
    new AppException(
      'cancellation_pending',
      409,
      endDate
        ? `Your subscription is already set to end on ${endDate}.`
        : 'Your subscription is already set to end.',
    ),
  notEnding: () => new AppException('not_cancelled', 409, 'Your subscription is not set to end.'),
  noPaymentDue: () => new AppException('no_payment_due', 409, 'You have no payment due.'),
  paymentDeclined: () =>
    new AppException(
      'payment_declined',
      402,
      'Your card was declined. Please update your payment method and try again.',
    ),
  /** Stripe refused or did not answer. */
  stripeFailed: (what: string) => new AppException('stripe_failed', 502, what),
};
