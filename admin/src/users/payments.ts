import { formatUsd, type PaymentRecord } from '@leadpulse/common';

/** The react-query key of a user's payment history. */
export const paymentsKey = (userId: string) => ['users', userId, 'payments'];

export function paymentLabel(payment: PaymentRecord): string {
  if (payment.amount_refunded_cents > 0 && payment.amount_refunded_cents < payment.amount_cents)
    return `${formatUsd(payment.amount_cents)} (${formatUsd(payment.amount_refunded_cents)} refunded)`;
  return formatUsd(payment.amount_cents);
}
