/**
 * A subscription whose first payment failed: `incomplete`, its first invoice open and its
 * PaymentIntent `requires_payment_method`, never retried. Paid within 23 hours it becomes active;
 * otherwise Stripe expires it (`incomplete_expired`, a final state) and voids the invoice.
 */
import type { Body, StripeObject } from './sandbox-common.js';
import type { SandboxEvents } from './sandbox-events.js';
import { intentOf } from './sandbox-payment-intents.js';
import type { SandboxStore } from './sandbox-store.js';

/** How long an incomplete subscription waits for its first payment. */
export const INCOMPLETE_EXPIRES_AFTER = 23 * 60 * 60;

/** The subscription expired, its invoice voided and its PaymentIntent canceled, with their events. */
export function expireIncomplete(
  store: SandboxStore,
  events: SandboxEvents,
  subscription: StripeObject,
): StripeObject {
  const now = store.now();
  const invoice = subscription.latest_invoice
    ? store.get(String(subscription.latest_invoice))
    : undefined;
  if (invoice?.status === 'open') {
    const intent = intentOf(store, invoice.id);
    if (intent && intent.status !== 'succeeded') {
      const canceled = store.save({
        ...intent,
        status: 'canceled',
        canceled_at: now,
        cancellation_reason: 'void_invoice',
      });
      events.emit('payment_intent.canceled', canceled);
    }
    const voided = store.save({
      ...invoice,
      status: 'void',
      auto_advance: false,
      next_payment_attempt: null,
      status_transitions: { ...(invoice.status_transitions as Body), voided_at: now },
    });
    events.emit('invoice.voided', voided);
  }
  const expired = store.save({
    ...store.get(subscription.id)!,
    status: 'incomplete_expired',
    ended_at: now,
  });
  events.emit('customer.subscription.updated', expired, subscription);
  return expired;
}
