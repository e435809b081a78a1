/**
 * The demo seed's Stripe side, all through the official SDK: where its objects go, the paying
 * members' customers, cards, subscriptions, invoices and refunds, and the paid checkouts whose
 * webhook never arrived (for Customer Recovery). Every object carries metadata `seed: true`; a
 * new run cancels what the previous one left running.
 */
import type Stripe from 'stripe';
import type { AppConfig } from '../config/app-config.js';
import { idOf } from '../stripe/stripe-ids.js';

export const SEED_METADATA = { seed: 'true' } as const;

export type PlanCode = keyof AppConfig['stripe']['prices'];

/**
 * Where the seed creates its Stripe objects: nowhere (`--without-stripe`), the local sandbox on
 * the data folder (started by the seed, as `npm start` starts it), a sandbox already running at
 * STRIPE_API_URL, or the test mode of the Stripe account of STRIPE_SECRET_KEY.
 */
export type SeedStripeTarget = 'none' | 'data-folder-sandbox' | 'sandbox' | 'stripe-test-mode';

/** A configuration the seed will not run with; the message says what to change. */
export class SeedRefused extends Error {}

export function seedStripeTarget(
  config: AppConfig,
  options: { withoutStripe?: boolean; stripeTestObjects?: boolean },
): SeedStripeTarget {
  if (options.withoutStripe) return 'none';
  const key = config.stripe.secretKey;
  if (key && /^(sk|rk)_live_/.test(key))
    throw new SeedRefused(
      'STRIPE_SECRET_KEY is a live key: npm run seed never creates objects in a live Stripe account. ' +
        'Unset STRIPE_SECRET_KEY to seed the local Stripe sandbox, or use a test key (sk_test_…) ' +
        'with --stripe-test-objects.',
    );
  const atStripe = new URL(config.stripe.apiUrl).hostname === 'api.stripe.com';
  if (!atStripe) return 'sandbox';
  if (!key) return 'data-folder-sandbox';
  if (!options.stripeTestObjects)
    throw new SeedRefused(
      'STRIPE_SECRET_KEY is a test key of a Stripe account: npm run seed would create its customers, ' +
        'subscriptions and payments there. Add --stripe-test-objects to create them in its test mode ' +
        '(tagged with metadata seed=true, cancelled on the next run), or unset STRIPE_SECRET_KEY to ' +
        'seed the local Stripe sandbox.',
    );
  return 'stripe-test-mode';
}

type TestCard = 'pm_card_visa' | 'pm_card_mastercard' | 'pm_card_chargeCustomerFail';

/** What a paying member's Stripe history looks like. */
export interface MemberPlan {
  plan: PlanCode;
  /** The plan they bought first: another one when they have upgraded since (a prorated invoice). */
  firstPlan: PlanCode;
  /** Stripe's test card on file; chargeCustomerFail declines, leaving the subscription past_due. */
  card: TestCard;
  /** The card they paid with while it worked (past-due members' declines only lately). */
  workingCard: Exclude<TestCard, 'pm_card_chargeCustomerFail'>;
  ending: 'none' | 'canceled' | 'at_period_end';
  /** A refund of their first payment. */
  refund: 'none' | 'partial' | 'full';
  /** A founding buyer who has not set a password yet (they bought just now, so not stuck yet). */
  setupRequired: boolean;
}

const PLANS: (PlanCode | null)[] = [
  null,
  'prospector',
  'networker',
  'rainmaker',
  null,
  'prospector',
];

/**
 * Only the first users can have paid: each member costs a few Stripe requests and about 50 KB of
 * the local sandbox's state, which it reads whole at every start (and cannot read a file of more
 * than 512 MB).
 */
export const PAYING_USERS = 1_000;

/** The Stripe history of seeded user `n`, or undefined for one who never paid. */
export function memberPlan(n: number): MemberPlan | undefined {
  if (n > PAYING_USERS) return undefined;
  const founding = n % 10 === 5 || n % 17 === 0;
  const plan = founding ? 'founding_member' : PLANS[n % 6];
  if (!plan) return undefined;
  const pastDue = !founding && n % 6 === 3;
  const ending = !founding && n % 6 === 5 ? (n % 12 === 11 ? 'at_period_end' : 'canceled') : 'none';
  const refundable = !founding && !pastDue && ending === 'none';
  const workingCard = n % 3 === 0 ? 'pm_card_mastercard' : 'pm_card_visa';
  return {
    plan,
    firstPlan: !founding && n % 12 === 8 ? 'prospector' : plan,
    card: pastDue ? 'pm_card_chargeCustomerFail' : workingCard,
    workingCard,
    ending,
    refund: refundable && n % 7 === 0 ? (n % 2 === 1 ? 'partial' : 'full') : 'none',
    setupRequired: founding && n % 50 === 5 && n < 200,
  };
}

export interface SeedPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** A payment as Stripe holds it: the invoice and the charge that paid it (or failed to). */
export interface SeededPayment {
  invoice: Stripe.Invoice;
  charge: Stripe.Charge | null;
}

export interface SeededMember {
  person: SeedPerson;
  plan: MemberPlan;
  customer: Stripe.Customer;
  /** Every card on file, and which is the default. */
  cards: Stripe.PaymentMethod[];
  defaultCardId: string | null;
  subscription: Stripe.Subscription;
  /** Every invoice, the first one first. */
  payments: SeededPayment[];
}

export interface LostCheckout {
  customerId: string;
  sessionId: string;
  url: string;
  expiresAt: number;
}

/** A promotion of the demo data, as an administrator would create it. */
export interface SeedPromotion {
  name: string;
  code: string;
  type: 'percentage' | 'fixed_amount';
  /** Percent off, or cents off. */
  value: number;
  max_uses: number | null;
  active: boolean;
  expires_in_days: number | null;
}

/** Where a seeded promotion lives in Stripe, and when its code expires there. */
export interface PromotionStripeIds {
  stripe_coupon_id: string;
  stripe_promotion_code_id: string;
  expires_at: number | null;
}

export class SeedStripe {
  constructor(
    readonly stripe: Stripe,
    readonly prices: AppConfig['stripe']['prices'],
    /** A sandbox shows a checkout page the seed can pay; Stripe's hosted page needs a person. */
    readonly canPayCheckouts: boolean,
  ) {}

  /**
   * Cancels the subscriptions an earlier seed left running (its own, and those an administrator
   * started since for its customers), so no reconciliation takes them for a customer to restore.
   * Answers how many it cancelled.
   */
  async retireEarlierSeed(): Promise<number> {
    const running: string[] = [];
    for await (const subscription of this.stripe.subscriptions.list({
      limit: 100,
      expand: ['data.customer'],
    })) {
      const customer = subscription.customer as Stripe.Customer | Stripe.DeletedCustomer;
      const seeded = (metadata: Stripe.Metadata | undefined | null) =>
        metadata?.seed === SEED_METADATA.seed;
      if (seeded(subscription.metadata) || (!customer.deleted && seeded(customer.metadata)))
        running.push(subscription.id);
    }
    for (const id of running) await this.stripe.subscriptions.cancel(id);
    return running.length;
  }

  /**
   * A promotion's coupon and promotion code, as Create Promotion makes them. An earlier seed's
   * code of the same name is deactivated first: Stripe keeps one active code per name.
   */
  async createPromotion(promotion: SeedPromotion): Promise<PromotionStripeIds> {
    for await (const earlier of this.stripe.promotionCodes.list({
      code: promotion.code,
      active: true,
      limit: 100,
    }))
      if (earlier.metadata?.seed === SEED_METADATA.seed)
        await this.stripe.promotionCodes.update(earlier.id, { active: false });
    const coupon = await this.stripe.coupons.create({
      name: promotion.name,
      duration: 'once',
      ...(promotion.type === 'percentage'
        ? { percent_off: promotion.value }
        : { amount_off: promotion.value, currency: 'usd' }),
      metadata: SEED_METADATA,
    });
    const code = await this.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: promotion.code,
      active: promotion.active,
      ...(promotion.max_uses ? { max_redemptions: promotion.max_uses } : {}),
      ...(promotion.expires_in_days
        ? { expires_at: Math.floor(Date.now() / 1000) + promotion.expires_in_days * 86_400 }
        : {}),
      metadata: SEED_METADATA,
    });
    return {
      stripe_coupon_id: coupon.id,
      stripe_promotion_code_id: code.id,
      expires_at: code.expires_at,
    };
  }

  /**
   * A founding checkout as the site starts one (customer, then session) and paid on the
   * sandbox's checkout page; the seed holds its webhook back, so the database never hears of it.
   */
  async createLostCheckout(
    buyer: Omit<SeedPerson, 'userId'> & { reservationId: string },
    appUrl: string,
  ): Promise<LostCheckout> {
    const metadata = { ...SEED_METADATA, reservation_id: buyer.reservationId };
    const customer = await this.stripe.customers.create({
      email: buyer.email,
      name: `${buyer.firstName} ${buyer.lastName}`.trim(),
      ...(buyer.phone ? { phone: buyer.phone } : {}),
      metadata,
    });
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: this.prices.founding_member, quantity: 1 }],
      allow_promotion_codes: true,
      expires_at: Math.ceil(Date.now() / 1000) + 30 * 60,
      success_url: `${appUrl}/founding-member-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/?founding=cancelled&reservation=${buyer.reservationId}`,
      client_reference_id: buyer.reservationId,
      metadata,
      subscription_data: { metadata },
    });
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303)
      throw new Error(
        `The sandbox's checkout page did not take the payment of ${session.id} (HTTP ${paid.status}).`,
      );
    return {
      customerId: customer.id,
      sessionId: session.id,
      url: session.url!,
      expiresAt: session.expires_at,
    };
  }
}

/**
 * Stripe events as the seeded objects' webhooks carried them (ids the seed's own): replaying one
 * reads the object from Stripe again, as a real event would.
 */
export function seededEvents(
  members: SeededMember[],
  limit: number,
): { type: string; object: object }[] {
  const events: { type: string; object: object }[] = [];
  for (const { subscription, payments } of members) {
    const [first] = payments;
    events.push({
      type: 'customer.subscription.created',
      object: { ...subscription, latest_invoice: idOf(subscription.latest_invoice) },
    });
    events.push({
      type: first.invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      // A payments list comes only when asked for (expand), never in an event.
      object: { ...first.invoice, payments: undefined },
    });
    if (first.charge?.amount_refunded)
      events.push({ type: 'charge.refunded', object: first.charge });
    if (events.length >= limit) break;
  }
  return events.slice(0, limit);
}
