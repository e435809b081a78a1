import type { SubscriptionMember, SubscriptionRecord } from '@leadpulse/common';
import type { UserEntity } from '../users/user.entity.js';
import type { SubscriptionEntity } from './subscription.entity.js';

function toSubscriptionMember(user: UserEntity | null): SubscriptionMember | null {
  return (
    user && {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
    }
  );
}

/** A subscription row; `user` only where the query joined it (the list). */
export function toSubscriptionRecord(row: SubscriptionEntity): SubscriptionRecord<Date> {
  return {
    id: row.id,
    stripe_subscription_id: row.stripe_subscription_id,
    stripe_customer_id: row.stripe_customer_id,
    user_id: row.user_id,
    ...(row.user !== undefined && { user: toSubscriptionMember(row.user) }),
    plan_name: row.plan_name,
    plan_type: row.plan_type,
    status: row.status,
    amount_cents: row.amount_cents,
    current_period_end: row.current_period_end,
    cancel_at_period_end: row.cancel_at_period_end,
    canceled_at: row.canceled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
