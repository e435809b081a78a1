/** Invoicing: what one billing of a subscription creates (a charge, an invoice, its payment). */
import { randomBytes } from 'node:crypto';
import { newId, subscriptionItem, type Body, type StripeObject } from './sandbox-common.js';
import { SANDBOX_CLOCK_ID } from './sandbox-catalogue.js';
import type { SandboxEvents } from './sandbox-events.js';
import { money } from './sandbox-pages.js';
import type { SandboxStore } from './sandbox-store.js';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

export class SandboxInvoicing {
  constructor(
    private readonly store: SandboxStore,
    private readonly events: SandboxEvents,
  ) {}

  /**
   * Invoices the current period and charges the customer's default card. A declined card leaves
   * the invoice open and the subscription past_due, as Stripe's smart retries would at first.
   */
  bill(subscription: StripeObject, reason: string, prorated?: number): StripeObject {
    const customer = this.store.get(String(subscription.customer))!;
    const methodId = (customer.invoice_settings as Body | undefined)?.default_payment_method;
    const method = methodId ? this.store.get(String(methodId)) : undefined;
    const paid = !!method && !method.sandbox_declines;
    const item = subscriptionItem(subscription);
    const price = item.price as StripeObject;
    const full = prorated ?? Number(price.unit_amount);
    const amount =
      full - (prorated === undefined ? this.discountOff(subscription, full, this.store.now()) : 0);
    const periodStart = Number(item.current_period_start);
    const periodEnd = Number(item.current_period_end);
    const invoiceId = newId('invoice');
    const description = prorated
      ? `Remaining time on ${String(price.nickname)} after the plan change`
      : `1 × ${String(price.nickname)} (at ${money(amount)} / ${
          Number((price.recurring as Body).interval_count) === 1
            ? 'month'
            : `every ${String((price.recurring as Body).interval_count)} months`
        })`;
    const fixtureLine = (STRIPE_FIXTURES.invoice.lines as { data: Body[] }).data[0];

    const charge = this.store.save(
      this.store.fromFixture('charge', {
        id: newId('charge'),
        amount,
        amount_captured: paid ? amount : 0,
        amount_refunded: 0,
        captured: paid,
        paid,
        refunded: false,
        status: paid ? 'succeeded' : 'failed',
        failure_code: paid ? null : 'card_declined',
        failure_message: paid ? null : 'Your card was declined.',
        customer: customer.id,
        description:
          reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        receipt_email: customer.email ?? null,
        receipt_url: `${this.store.url}/receipts/PLACEHOLDER`,
        payment_intent: null,
        payment_method: method?.id ?? null,
        payment_method_details: {
          ...(STRIPE_FIXTURES.charge.payment_method_details as Body),
          card: {
            ...((STRIPE_FIXTURES.charge.payment_method_details as Body).card as Body),
            brand: (method?.card as Body | undefined)?.brand ?? null,
            last4: (method?.card as Body | undefined)?.last4 ?? null,
          },
        },
        metadata: {},
        refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
      }),
    );
    this.store.save({ ...charge, receipt_url: `${this.store.url}/receipts/${charge.id}` });
    const invoice = this.store.save(
      this.store.fromFixture('invoice', {
        id: invoiceId,
        number: `SANDBOX-${invoiceId.slice(-6).toUpperCase()}`,
        customer: customer.id,
        customer_email: customer.email ?? null,
        customer_name: customer.name ?? null,
        subscription: subscription.id,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
        },
        billing_reason: reason,
        status: paid ? 'paid' : 'open',
        attempted: true,
        attempt_count: 1,
        auto_advance: !paid,
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        amount_remaining: paid ? 0 : amount,
        subtotal: full,
        subtotal_excluding_tax: full,
        total: amount,
        total_excluding_tax: amount,
        description: null,
        discounts: [],
        period_start: periodStart,
        period_end: periodStart,
        due_date: null,
        from_invoice: null,
        last_finalization_error: null,
        hosted_invoice_url: `${this.store.url}/receipts/${charge.id}`,
        invoice_pdf: null,
        test_clock: SANDBOX_CLOCK_ID,
        status_transitions: {
          finalized_at: this.store.now(),
          marked_uncollectible_at: null,
          paid_at: paid ? this.store.now() : null,
          voided_at: null,
        },
        lines: {
          object: 'list',
          data: [
            {
              ...structuredClone(fixtureLine),
              id: `il_${randomBytes(8).toString('hex')}`,
              invoice: invoiceId,
              amount,
              description,
              period: { start: periodStart, end: periodEnd },
              subscription: subscription.id,
              parent: {
                type: 'subscription_item_details',
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: subscription.id,
                  subscription_item: item.id,
                },
              },
            },
          ],
          has_more: false,
          url: `/v1/invoices/${invoiceId}/lines`,
        },
      }),
    );
    this.store.save(
      this.store.fromFixture('invoice_payment', {
        id: newId('invoice_payment'),
        invoice: invoice.id,
        amount_paid: paid ? amount : null,
        amount_requested: amount,
        currency: 'usd',
        is_default: true,
        payment: { type: 'charge', charge: charge.id },
        status: paid ? 'paid' : 'open',
        status_transitions: { canceled_at: null, paid_at: paid ? this.store.now() : null },
      }),
    );
    const billed = this.store.save({
      ...subscription,
      latest_invoice: invoice.id,
      status: paid ? 'active' : 'past_due',
    });
    this.events.emit(paid ? 'charge.succeeded' : 'charge.failed', this.store.get(charge.id)!);
    this.events.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    if (billed.status !== subscription.status)
      this.events.emit('customer.subscription.updated', billed, subscription);
    return billed;
  }

  /** What the subscription's active discount, if any, takes off `amount` at `time`. */
  private discountOff(subscription: StripeObject, amount: number, time: number): number {
    const [discountId] = (subscription.discounts as string[] | undefined) ?? [];
    const discount = discountId ? this.store.get(discountId) : undefined;
    if (!discount || (discount.end !== null && Number(discount.end) <= time)) return 0;
    const coupon = this.store.get(String((discount.source as Body).coupon));
    if (coupon?.amount_off) return Math.min(amount, Number(coupon.amount_off));
    return Math.round((amount * Number(coupon?.percent_off ?? 0)) / 100);
  }
}
