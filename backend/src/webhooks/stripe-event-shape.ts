import type Stripe from 'stripe';

/** The stored columns' bounds (`stripe_events.stripe_event_id`, `event_type`). */
const MAX_ID_LENGTH = 255;
const MAX_TYPE_LENGTH = 100;

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The event in a verified webhook body, or null when the body is not one: not JSON, or
 * JSON without the id, type and data object every Stripe event carries.
 */
export function parseStripeEvent(rawBody: Buffer | string): Stripe.Event | null {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString());
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if (value.object !== undefined && value.object !== 'event') return null;
  if (!isText(value.id, MAX_ID_LENGTH) || !isText(value.type, MAX_TYPE_LENGTH)) return null;
  if (!isObject(value.data) || !isObject(value.data.object)) return null;
  return value as unknown as Stripe.Event;
}
