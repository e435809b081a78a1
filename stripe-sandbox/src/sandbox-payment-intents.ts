/**
 * Every charge of the sandbox is made by a PaymentIntent, as at Stripe: the charge names it in
 * `payment_intent`, the intent names the charge in `latest_charge`, and both can be read and
 * refunded by either id. Stripe's examples hold no PaymentIntent, so its fields are laid out here
 * (the recorder of the tests checks them against Stripe's `PaymentIntent` type).
 */
import { randomBytes } from 'node:crypto';
import { newId, type Body, type StripeObject } from './sandbox-common.js';
import type { SandboxStore } from './sandbox-store.js';

/** The PaymentIntent a charge was made by, as its state after that charge. */
function intentFor(charge: StripeObject, id: string): StripeObject {
  const paid = charge.status === 'succeeded';
  const amount = Number(charge.amount);
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: ['card'],
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: paid ? amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
    confirmation_method: 'automatic',
    created: charge.created,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    description: charge.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: paid
      ? null
      : {
          charge: charge.id,
          code: charge.failure_code,
          decline_code: (charge.outcome as Body | null)?.reason ?? null,
          doc_url: `https://stripe.com/docs/error-codes/${String(charge.failure_code).replace(/_/g, '-')}`,
          message: charge.failure_message,
          payment_method: charge.payment_method,
          type: 'card_error',
        },
    latest_charge: charge.id,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: paid ? charge.payment_method : null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: 'automatic',
      },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: charge.receipt_email ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paid ? 'succeeded' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

/**
 * Saves the charge with the PaymentIntent it was made by (a new one, or the one it already names,
 * brought up to date) and answers the charge.
 */
export function withPaymentIntent(store: SandboxStore, charge: StripeObject): StripeObject {
  const id = typeof charge.payment_intent === 'string' ? charge.payment_intent : newId('pi');
  store.save(intentFor(charge, id));
  return store.save({ ...charge, payment_intent: id });
}
