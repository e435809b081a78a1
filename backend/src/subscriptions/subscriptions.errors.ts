import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

/** The subscriptions feature's errors, each code with its message, declared once. */
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';

export const subscriptionsErrors = {
  notFound: () => notFound(SUBSCRIPTION_NOT_FOUND),
  alreadyCancelled: () =>
    new AppException('already_cancelled', 409, 'This subscription is already cancelled.'),
  notReactivatable: () =>
    new AppException('not_reactivatable', 409, 'This subscription has no price to restart.'),
  notCancelled: () =>
    new AppException(
      'not_cancelled',
      409,
      'This subscription is active and not scheduled to cancel.',
    ),
  alreadySubscribed: (stripeId: string) =>
    new AppException(
      'already_subscribed',
      409,
      `This customer already has a live subscription (${stripeId}); reactivating would charge them twice.`,
    ),
  noSubscription: () =>
    new AppException('no_subscription', 409, 'This user has no subscription to change.'),
  cancelled: () =>
    new AppException('no_subscription', 409, 'This subscription has been cancelled.'),
  samePlan: (plan: string) =>
    new AppException('same_plan', 409, `This subscription is already on ${plan}.`),
  /** Stripe refused or did not answer: the back office's own failure text, as a 502. */
  stripeFailed: (message: string) => new AppException('stripe_failed', 502, message),
  planChangeFailed: (message: string) =>
    new AppException('stripe_failed', 502, `The plan change failed: ${message}`),
};
