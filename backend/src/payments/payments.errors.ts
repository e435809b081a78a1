import { formatUsd } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

/** The payments feature's errors and warnings, each code with its message, declared once. */
export const STRIPE_SYNC_WARNING = 'Database updated but Stripe sync failed';

export const paymentsErrors = {
  paymentNotFound: () => notFound('Payment not found.'),
  noCustomer: () => new AppException('no_customer', 409, 'This user has no Stripe customer yet.'),
  stripeFailed: (message: string) => new AppException('stripe_failed', 502, message),
  notRefundable: () =>
    new AppException('not_refundable', 409, 'Only a successful payment can be refunded.'),
  refundedInFull: () =>
    new AppException('not_refundable', 409, 'This payment has been refunded in full.'),
  refundTooLarge: (remainingCents: number) =>
    new AppException(
      'refund_too_large',
      400,
      `The refund cannot be more than the ${formatUsd(remainingCents)} left on this payment.`,
    ),
};
