import type Stripe from 'stripe';
import { getPlan } from '@leadpulse/common';
import type { AppConfig } from '../config/app-config.js';
import { idOf } from '../stripe/stripe-ids.js';

/** When a founding member's founding period ends, and what they pay from then on. */
export interface FoundingTransition {
  date: Date;
  /** The plan of the next phase: Prospector unless the member chose another. */
  plan: string;
  price_cents: number;
}

/**
 * A founding subscription's scheduled move after the founding period: the date its schedule's
 * next phase starts and that phase's price (Prospector's $75/month unless the member chose
 * another plan). Null for any other subscription, or once the schedule no longer runs.
 */
export async function foundingTransitionOf(
  stripe: Stripe,
  prices: AppConfig['stripe']['prices'],
  subscription: Stripe.Subscription,
): Promise<FoundingTransition | null> {
  const item = subscription.items.data[0];
  const scheduleId = idOf(subscription.schedule);
  if (!scheduleId || item?.price.id !== prices.founding_member) return null;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  if (schedule.status !== 'active') return null;
  const next = schedule.phases.find((phase) => phase.start_date === item.current_period_end);
  const priceId = next ? idOf(next.items[0]?.price) : null;
  if (!next || !priceId) return null;
  const plan = Object.entries(prices).find(([, id]) => id === priceId)?.[0] ?? priceId;
  return { date: new Date(next.start_date * 1000), plan, price_cents: getPlan(plan).priceCents };
}
