/**
 * What the hosted pages do: paying a checkout session (a card, a subscription, a complete
 * session), expiring one, redeeming a promotion code; and a customer's fields and test cards.
 */
import { newId, realNow, type Body, type StripeObject } from './sandbox-common.js';
import type { SandboxBillingEngine } from './sandbox-billing-engine.js';
import { SANDBOX_CLOCK_ID, TEST_CARDS } from './sandbox-catalogue.js';
import type { SandboxEvents } from './sandbox-events.js';
import type { SandboxStore } from './sandbox-store.js';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

export class SandboxCheckout {
  constructor(
    private readonly store: SandboxStore,
    private readonly events: SandboxEvents,
    private readonly engine: SandboxBillingEngine,
  ) {}

  /** Applies the fields of a create or update call, attaching a test card if one is named. */
  updateCustomer(customer: StripeObject, body: Body): StripeObject {
    const updated: StripeObject = { ...customer };
    for (const key of ['email', 'name', 'phone', 'description'] as const)
      if (key in body) updated[key] = body[key] === '' ? null : body[key];
    if (body.address === '')
      updated.address = structuredClone(STRIPE_FIXTURES.customer.address as Body);
    else if (body.address && typeof body.address === 'object')
      updated.address = { ...(customer.address as Body), ...(body.address as Body) };
    if (body.metadata && typeof body.metadata === 'object')
      updated.metadata = { ...(customer.metadata as Body), ...(body.metadata as Body) };
    const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
    if (typeof method === 'string') {
      const attached = TEST_CARDS[method]
        ? this.attachCard(updated.id, method)
        : this.store.get(method)!;
      updated.invoice_settings = {
        ...(customer.invoice_settings as Body),
        default_payment_method: attached.id,
      };
    }
    return updated;
  }

  private attachCard(customerId: string, token: string): StripeObject {
    const card = TEST_CARDS[token];
    const fixture = STRIPE_FIXTURES.payment_method.card as Body;
    return this.store.save(
      this.store.fromFixture('payment_method', {
        id: newId('payment_method'),
        customer: customerId,
        metadata: {},
        billing_details: { ...(STRIPE_FIXTURES.payment_method.billing_details as Body) },
        card: {
          ...fixture,
          brand: card.brand,
          display_brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date(this.store.now() * 1000).getUTCFullYear() + 3,
          networks: { available: [card.brand], preferred: null },
        },
        sandbox_declines: card.declines,
      }),
    );
  }

  expireIfDue(id: string): StripeObject | undefined {
    const session = this.store.get(id);
    if (
      session?.object === 'checkout.session' &&
      session.status === 'open' &&
      Number(session.expires_at) <= realNow()
    )
      this.expire(session);
    return this.store.get(id);
  }

  expire(session: StripeObject): StripeObject {
    const expired = this.store.save({ ...session, status: 'expired', url: null });
    this.events.emit('checkout.session.expired', expired);
    return expired;
  }

  /** An active, unexpired promotion code with redemptions left, by its code. */
  redeemable(code: string): StripeObject | undefined {
    return this.store.all(
      'promotion_code',
      (promo) =>
        promo.active === true &&
        String(promo.code).toUpperCase() === code.toUpperCase() &&
        (promo.expires_at === null || Number(promo.expires_at) > realNow()) &&
        (promo.max_redemptions === null ||
          Number(promo.times_redeemed) < Number(promo.max_redemptions)),
    )[0];
  }

  /** What paying on the checkout page does: a card, a subscription and its first invoice, a complete session. */
  pay(session: StripeObject, promo?: StripeObject): StripeObject {
    const existing = session.customer ? this.store.get(String(session.customer)) : undefined;
    const customer =
      existing ??
      this.store.save(
        this.store.fromFixture('customer', {
          id: newId('customer'),
          email: session.customer_email,
          metadata: {},
          discount: null,
          test_clock: SANDBOX_CLOCK_ID,
        }),
      );
    if (!(customer.invoice_settings as Body | undefined)?.default_payment_method)
      this.store.save(
        this.updateCustomer(customer, {
          invoice_settings: { default_payment_method: 'pm_card_visa' },
        }),
      );
    const subscription = this.engine.subscribe(
      customer.id,
      String(session.sandbox_price),
      (session.sandbox_subscription_metadata as Body | undefined) ?? {},
      promo,
    );
    if (promo) {
      const redeemed = this.store.save({
        ...promo,
        times_redeemed: Number(promo.times_redeemed) + 1,
      });
      this.events.emit('promotion_code.updated', redeemed, promo);
    }
    const completed = this.store.save({
      ...session,
      customer: customer.id,
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: subscription.latest_invoice,
      url: null,
    });
    this.events.emit('checkout.session.completed', completed);
    return completed;
  }
}
