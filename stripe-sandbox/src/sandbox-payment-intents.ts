/**
 * Payment intents: each attempt to collect an invoice goes through the invoice's PaymentIntent, as
 * at Stripe. The intent is created with the first attempt, each attempt makes a charge, and a
 * declined one leaves the intent `requires_payment_method` with the decline in
 * `last_payment_error`; a later attempt reuses it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cardError, TEST_CARDS, type Decline } from './sandbox-cards.js';
import { newId, type Body, type StripeObject } from './sandbox-common.js';
import type { SandboxEvents } from './sandbox-events.js';
import { cardCharge } from './sandbox-invoice-objects.js';
import { freshObject } from './sandbox-objects.js';
import { privateOf, setPrivate } from './sandbox-private.js';
import type { SandboxStore } from './sandbox-store.js';

/** What the customer's card does when charged: nothing declined, or how (none: no card at all). */
export function declineOf(
  store: SandboxStore,
  method: StripeObject | undefined,
): Decline | undefined {
  if (!method) return NO_CARD;
  const declines = privateOf(store, method.id).declines;
  // A card saved before declines had codes declines as 0341 does.
  if (declines === true) return TEST_CARDS.pm_card_chargeCustomerFail.declines;
  return (declines as Decline | undefined) ?? undefined;
}

/**
 * A payment method of one of Stripe's test cards, attached to `customerId` or to no one yet
 * (whether it declines is the sandbox's to know, as Stripe's own card network does).
 */
export function cardMethod(store: SandboxStore, token: string, customerId: string | null) {
  const card = TEST_CARDS[token];
  const method = store.save(
    store.fromFixture('payment_method', {
      id: newId('payment_method'),
      customer: customerId,
      card: {
        ...freshObject('payment_method.card'),
        brand: card.brand,
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: new Date(store.now() * 1000).getUTCFullYear() + 3,
        fingerprint: createHash('sha256').update(token).digest('base64url').slice(0, 16),
        funding: 'credit',
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
      },
    }),
  );
  setPrivate(store, method.id, { token, ...(card.declines ? { declines: card.declines } : {}) });
  return method;
}

/** A customer without a card: Stripe cannot charge at all. */
const NO_CARD: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  seller_message: 'The bank did not return any further details with this decline.',
};

/** The outcome of one charge through a PaymentIntent. */
export interface PaymentAttempt {
  charge: StripeObject;
  intent: StripeObject;
  decline?: Decline;
}

/** A PaymentIntent's fields before the sandbox's values (Stripe's fixtures hold no example). */
const BLANK_INTENT: Body = {
  object: 'payment_intent',
  allowed_payment_method_types: null,
  amount_details: { tip: {} },
  application: null,
  application_fee_amount: null,
  automatic_payment_methods: null,
  canceled_at: null,
  cancellation_reason: null,
  customer_account: null,
  excluded_payment_method_types: null,
  last_payment_error: null,
  latest_charge: null,
  livemode: false,
  managed_payments: null,
  metadata: {},
  next_action: null,
  on_behalf_of: null,
  payment_method: null,
  payment_method_configuration_details: null,
  payment_method_options: {
    card: {
      installments: null,
      mandate_options: null,
      network: null,
      request_three_d_secure: 'automatic',
    },
  },
  payment_record: null,
  processing: null,
  review: null,
  setup_future_usage: null,
  shipping: null,
  source: null,
  statement_descriptor: null,
  statement_descriptor_suffix: null,
  transfer_group: null,
};

/** A new PaymentIntent for `amount`, before any attempt. */
export function newIntent(
  store: SandboxStore,
  customer: StripeObject | undefined,
  amount: number,
  description: string | null,
) {
  const id = newId('payment_intent');
  return store.save(
    Object.assign(structuredClone(BLANK_INTENT), {
      created: store.now(),
      id,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
      confirmation_method: 'automatic',
      currency: 'usd',
      customer: customer?.id ?? null,
      description,
      payment_method_types: ['card'],
      receipt_email: customer?.email ?? null,
      status: 'requires_payment_method',
    }) as unknown as StripeObject,
  );
}

/**
 * Charges `method` for `amount` through the PaymentIntent kept for `owner` (an invoice), made on
 * the first attempt, with Stripe's events: the intent created, the charge succeeded or failed,
 * the intent succeeded or its payment failed.
 */
export function attemptPayment(
  store: SandboxStore,
  events: SandboxEvents,
  {
    owner,
    customer,
    method,
    amount,
    description,
  }: {
    owner: string;
    customer: StripeObject | undefined;
    method: StripeObject | undefined;
    amount: number;
    description: string;
  },
): PaymentAttempt {
  const decline = declineOf(store, method);
  const known = owner.startsWith('pi_') ? owner : privateOf(store, owner).paymentIntent;
  let intent = typeof known === 'string' ? store.get(known) : undefined;
  if (!intent) {
    intent = newIntent(store, customer, amount, description);
    setPrivate(store, owner, { paymentIntent: intent.id });
    events.emit('payment_intent.created', intent);
  }
  const charge = cardCharge(store, customer, method, amount, decline, description, intent.id);
  events.emit(decline ? 'charge.failed' : 'charge.succeeded', charge);
  const attempted = store.save({
    ...intent,
    amount,
    latest_charge: charge.id,
    payment_method: decline ? null : (method?.id ?? null),
    amount_received: decline ? 0 : amount,
    status: decline ? 'requires_payment_method' : 'succeeded',
    last_payment_error: decline
      ? cardError(decline, {
          charge: charge.id,
          ...(method ? { payment_method: method } : {}),
          payment_method_type: 'card',
        })
      : null,
  });
  events.emit(decline ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', attempted);
  return { charge, intent: attempted, decline };
}

/** The PaymentIntent an invoice's payments went through, if any attempt was made. */
export function intentOf(store: SandboxStore, invoiceId: string): StripeObject | undefined {
  const id = privateOf<Body>(store, invoiceId).paymentIntent;
  return typeof id === 'string' ? store.get(id) : undefined;
}
