// The objects one billing creates in the sandbox: the invoice and its line, the card charge, the discount applied.
import { randomBytes } from 'node:crypto';
import { newId, subscriptionItem, type Body, type StripeObject } from './sandbox-common.js';
import { chargeOutcome, type Decline } from './sandbox-cards.js';
import { freshObject } from './sandbox-objects.js';
import { money } from './sandbox-pages.js';
import type { SandboxStore } from './sandbox-store.js';

/** A previewed invoice's id: Stripe's previews are not objects one can fetch. */
export const upcomingId = () =>
  `upcoming_in_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** An invoice as first created: a draft of one line, `full` less any discount. */
export function invoiceObject(
  store: SandboxStore,
  id: string,
  subscription: StripeObject,
  customer: StripeObject,
  reason: string,
  full: number,
  { proration, discount, off }: { proration: boolean; discount?: StripeObject; off: number },
): StripeObject {
  const item = subscriptionItem(subscription);
  const price = item.price as StripeObject;
  const amount = full - off;
  const discountAmounts = discount ? [{ amount: off, discount: discount.id }] : [];
  const interval = Number((price.recurring as Body).interval_count);
  const line = {
    ...freshObject('line_item'),
    id: `il_${randomBytes(8).toString('hex')}`,
    object: 'line_item',
    amount: full,
    currency: 'usd',
    description: proration
      ? `Remaining time on ${String(price.nickname)} after the plan change`
      : `1 × ${String(price.nickname)} (at ${money(full)} / ${
          interval === 1 ? 'month' : `every ${interval} months`
        })`,
    discount_amounts: discountAmounts,
    discounts: discount ? [discount.id] : [],
    invoice: id,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(full),
    },
    quantity: 1,
    subscription: subscription.id,
    subtotal: full,
    taxes: [],
  };
  return store.fromFixture('invoice', {
    id,
    customer: customer.id,
    customer_address: customer.address ?? null,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: customer.shipping ?? null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    billing_reason: reason,
    currency: 'usd',
    status: 'draft',
    auto_advance: true,
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    subtotal: full,
    subtotal_excluding_tax: full,
    total: amount,
    total_excluding_tax: amount,
    discounts: discount ? [discount.id] : [],
    total_discount_amounts: discountAmounts,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    period_start: item.current_period_start,
    period_end: item.current_period_start,
    test_clock: customer.test_clock ?? null,
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
  });
}

/** The next number of the customer's invoices: its prefix and sequence, as Stripe numbers. */
export function nextNumber(store: SandboxStore, customerId: string): string {
  const customer = store.get(customerId)!;
  const sequence = Number(customer.next_invoice_sequence);
  store.save({ ...customer, next_invoice_sequence: sequence + 1 });
  return `${String(customer.invoice_prefix)}-${String(sequence).padStart(4, '0')}`;
}

/**
 * A card charge through a PaymentIntent: a failed one, with the decline's code and outcome, when
 * the card declines or the customer has none.
 */
export function cardCharge(
  store: SandboxStore,
  customer: StripeObject | undefined,
  method: StripeObject | undefined,
  amount: number,
  decline: Decline | undefined,
  description: string,
  paymentIntent: string,
): StripeObject {
  const id = newId('charge');
  const paid = !decline;
  const card = method?.card as Body | undefined;
  return store.save(
    store.fromFixture('charge', {
      id,
      amount,
      amount_captured: paid ? amount : 0,
      amount_refunded: 0,
      captured: paid,
      paid,
      refunded: false,
      status: paid ? 'succeeded' : 'failed',
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      outcome: chargeOutcome(decline),
      payment_intent: paymentIntent,
      currency: 'usd',
      customer: customer?.id ?? null,
      description,
      receipt_email: customer?.email ?? null,
      receipt_url: `${store.url}/receipts/${id}`,
      payment_method: method?.id ?? null,
      payment_method_details: card
        ? {
            type: 'card',
            card: {
              ...freshObject('charge.card'),
              amount_authorized: paid ? amount : null,
              brand: card.brand,
              country: card.country,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
              fingerprint: card.fingerprint,
              funding: card.funding,
              last4: card.last4,
              network: card.brand,
              overcapture: { maximum_amount_capturable: amount, status: 'unavailable' },
            },
          }
        : null,
      refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    }),
  );
}

/** The subscription's discount, if it still applies at `time`. */
export function activeDiscount(
  store: SandboxStore,
  subscription: StripeObject,
  time: number,
): StripeObject | undefined {
  const [discountId] = (subscription.discounts as string[] | undefined) ?? [];
  const discount = discountId ? store.get(discountId) : undefined;
  if (!discount || (discount.end !== null && Number(discount.end) <= time)) return undefined;
  return discount;
}

/** What a discount's coupon takes off `amount`. */
export function discountOff(store: SandboxStore, discount: StripeObject, amount: number): number {
  const coupon = store.get(String((discount.source as Body).coupon));
  if (coupon?.amount_off) return Math.min(amount, Number(coupon.amount_off));
  return Math.round((amount * Number(coupon?.percent_off ?? 0)) / 100);
}
