/**
 * What the hosted pages do: paying a checkout session (a card, a subscription, a complete
 * session), expiring one, redeeming a promotion code; and customers, their fields and test cards.
 */
import { randomBytes } from 'node:crypto';
import { newId, realNow, type Body, type StripeObject } from './sandbox-common.js';
import type { SandboxBillingEngine } from './sandbox-billing-engine.js';
import { TEST_CARDS } from './sandbox-catalogue.js';
import type { SandboxEvents } from './sandbox-events.js';
import { cardMethod } from './sandbox-payment-intents.js';
import { privateOf } from './sandbox-private.js';
import type { SandboxStore } from './sandbox-store.js';

/** What a checkout session sells, which Stripe's session object does not show. */
export interface SessionTerms {
  price: string;
  subscriptionMetadata?: Body;
}

export class SandboxCheckout {
  constructor(
    private readonly store: SandboxStore,
    private readonly events: SandboxEvents,
    private readonly engine: SandboxBillingEngine,
  ) {}

  /** A new customer with the fields of a create call (and the test card it names), announced. */
  createCustomer(body: Body): StripeObject {
    const customer = this.store.fromFixture('customer', {
      id: newId('customer'),
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      test_clock: typeof body.test_clock === 'string' ? body.test_clock : this.store.defaultClock,
    });
    const { updated, attached } = this.applyCustomerFields(customer, body);
    this.store.save(updated);
    this.events.emit('customer.created', updated);
    if (attached) this.events.emit('payment_method.attached', attached);
    return updated;
  }

  /** Applies the fields of an update call (attaching a test card if one is named), announced. */
  updateCustomer(customer: StripeObject, body: Body): StripeObject {
    const { updated, attached } = this.applyCustomerFields(customer, body);
    if (attached) this.events.emit('payment_method.attached', attached);
    this.store.save(updated);
    this.events.emitChange('customer.updated', updated, customer);
    return updated;
  }

  private applyCustomerFields(
    customer: StripeObject,
    body: Body,
  ): { updated: StripeObject; attached?: StripeObject } {
    const updated: StripeObject = { ...customer };
    for (const key of ['email', 'name', 'phone', 'description'] as const)
      if (key in body) updated[key] = body[key] === '' ? null : body[key];
    if (body.address === '') updated.address = null;
    else if (body.address && typeof body.address === 'object')
      updated.address = {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
        ...(customer.address as Body | null),
        ...(body.address as Body),
      };
    if (body.metadata && typeof body.metadata === 'object')
      updated.metadata = { ...(customer.metadata as Body), ...(body.metadata as Body) };
    const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
    if (typeof method !== 'string') return { updated };
    const attached = TEST_CARDS[method] ? this.attachCard(updated.id, method) : undefined;
    updated.invoice_settings = {
      ...(customer.invoice_settings as Body),
      default_payment_method: attached?.id ?? method,
    };
    return { updated, attached };
  }

  /** Applies the billing details of a payment method update ('' unsets a field), announced. */
  updatePaymentMethod(method: StripeObject, body: Body): StripeObject {
    const current = method.billing_details as Body;
    const given = (body.billing_details ?? {}) as Body;
    const details: Body = { ...current };
    for (const key of ['email', 'name', 'phone'] as const)
      if (key in given) details[key] = given[key] === '' ? null : given[key];
    if (given.address === '')
      details.address = Object.fromEntries(
        Object.keys(current.address as Body).map((key) => [key, null]),
      );
    else if (given.address && typeof given.address === 'object')
      details.address = { ...(current.address as Body), ...(given.address as Body) };
    const updated = this.store.save({ ...method, billing_details: details });
    this.events.emitChange('payment_method.updated', updated, method);
    return updated;
  }

  /** A card of Stripe's test tokens, attached to the customer (whether it declines stays ours). */
  private attachCard(customerId: string, token: string): StripeObject {
    return cardMethod(this.store, token, customerId);
  }

  /** What a checkout session sells (set when it was created). */
  terms(session: StripeObject): SessionTerms {
    return privateOf<SessionTerms & Body>(this.store, session.id) as SessionTerms;
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

  /**
   * What paying on the checkout page does: a customer (unless the session names one) with the
   * card, a subscription and its first invoice, then the complete session, each announced.
   */
  pay(session: StripeObject, promo?: StripeObject): StripeObject {
    const existing = session.customer ? this.store.get(String(session.customer)) : undefined;
    let customer = existing ?? this.createCustomer({ email: session.customer_email });
    if (!(customer.invoice_settings as Body).default_payment_method) {
      customer = this.updateCustomer(customer, {
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      // The checkout page collects the cardholder's name and e-mail with the card.
      const card = this.store.get(
        String((customer.invoice_settings as Body).default_payment_method),
      );
      if (card)
        this.store.save({
          ...card,
          billing_details: {
            ...(card.billing_details as Body),
            email: customer.email ?? null,
            name: customer.name ?? null,
            phone: customer.phone ?? null,
          },
        });
    }
    const terms = this.terms(session);
    const subscription = this.engine.subscribe(
      customer.id,
      terms.price,
      terms.subscriptionMetadata ?? {},
      promo,
    );
    if (promo) {
      const redeemed = this.store.save({
        ...promo,
        times_redeemed: Number(promo.times_redeemed) + 1,
      });
      this.events.emit('promotion_code.updated', redeemed, promo);
    }
    const invoice = this.store.get(String(subscription.latest_invoice))!;
    const completed = this.store.save({
      ...session,
      customer: customer.id,
      customer_details: {
        address: customer.address ?? null,
        business_name: null,
        email: customer.email ?? null,
        individual_name: null,
        name: customer.name ?? null,
        phone: customer.phone ?? null,
        tax_exempt: customer.tax_exempt ?? 'none',
        tax_ids: [],
      },
      collected_information: { business_name: null, individual_name: null, shipping_details: null },
      discounts: promo ? [{ coupon: null, promotion_code: promo.id }] : [],
      amount_total: invoice.total,
      total_details: {
        ...(session.total_details as Body),
        amount_discount: Number(invoice.subtotal) - Number(invoice.total),
      },
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
