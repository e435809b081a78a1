import type { RefundOffer } from '@leadpulse/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { TransactionEntity } from '../payments/transaction.entity.js';

/**
 * What is left of the period the customer paid for, as a share of that period's payment (never
 * more than what is still unrefunded on it); null when nothing was paid or nothing is left.
 */
export async function unusedRefund(
  manager: EntityManager,
  subscription: Stripe.Subscription,
  now = Date.now(),
): Promise<RefundOffer | null> {
  const item = subscription.items.data[0];
  if (!item?.current_period_start || !item.current_period_end) return null;
  const start = item.current_period_start * 1000;
  const end = item.current_period_end * 1000;
  if (end <= start || now >= end) return null;
  const payment = await manager
    .getRepository(TransactionEntity)
    .createQueryBuilder('t')
    .where('t.stripe_subscription_id = :id', { id: subscription.id })
    .andWhere(`t.status IN ('succeeded', 'refunded') AND t.stripe_charge_id IS NOT NULL`)
    .andWhere('t.user_id IS NOT NULL')
    .orderBy('t.paid_at', 'DESC', 'NULLS LAST')
    .addOrderBy('t.created_at', 'DESC')
    .getOne();
  if (!payment?.user_id) return null;
  const fraction = Math.min(1, (end - Math.max(now, start)) / (end - start));
  const amount = Math.min(
    Math.round(payment.amount_cents * fraction),
    payment.amount_cents - payment.amount_refunded_cents,
  );
  if (amount <= 0) return null;
  return {
    user_id: payment.user_id,
    transaction_id: payment.id,
    amount_cents: amount,
    unused_fraction: Math.round(fraction * 1000) / 1000,
  };
}
