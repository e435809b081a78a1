import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';

/** The member's own billing errors, each code with its message, declared once. */
export const billingErrors = {
  profileNotFound: () =>
    new AppException('profile_not_found', 404, 'Your profile could not be found.'),
  noBillingAccount: () =>
    new AppException('no_billing_account', 409, MESSAGES.settings.noBillingAccount),
  alreadySubscribed: () =>
    new AppException(
      'already_subscribed',
      409,
      'You already have a subscription. Change your plan instead.',
    ),
  checkoutFailed: () => new AppException('checkout_failed', 502, MESSAGES.founding.checkoutFailed),
  noPlanToChange: () =>
    new AppException('no_subscription', 409, 'You have no subscription to change yet.'),
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
