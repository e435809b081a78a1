/**
 * The paying members' Stripe objects, through the SDK: each member's steps (purchase, plan change,
 * declining card, refund, cancellation) run when the test clock reaches them, day by day, so the
 * renewals between them happen in Stripe as they would have. Then each member's customer, cards,
 * subscription and every invoice are read back as Stripe holds them, for the rows.
 */
import type Stripe from 'stripe';
import { chargeIdOf } from '../payments/payments.service.js';
import { idOf } from '../stripe/stripe-ids.js';
import { scheduleFoundingTransition } from '../subscriptions/subscriptions.service.js';
import {
  HISTORY_DAYS,
  HISTORY_USERS,
  memberTimeline,
  presentOnly,
  stepsByDay,
  type HistoryStep,
  type HistoryWindow,
  type MemberTimeline,
} from './seed-history.js';
import {
  SEED_METADATA,
  type MemberPlan,
  type SeededMember,
  type SeededPayment,
  type SeedPerson,
  type SeedStripe,
} from './seed-stripe.js';

const DAY = 86_400;

/** A new subscription's invoice, with the charge of its payment. */
const WITH_PAYMENT = ['latest_invoice.payments.data.payment.charge'];

export interface SeedMember {
  person: SeedPerson;
  n: number;
  plan: MemberPlan;
  /** When they signed up (Unix seconds): they buy after it. */
  signedUpAt: number;
}

/** What a member has in Stripe so far, while their history plays. */
interface Progress {
  customer?: Stripe.Customer;
  subscription?: Stripe.Subscription;
  /** Their first invoice, the one a refund refunds. */
  first?: SeededPayment;
}

/** Runs `work` on every item, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export class SeedMembers {
  /** The seed's own test clock (frozen at `frozenAt`), which its members' customers are on. */
  private clock?: { id: string; frozenAt: number };

  constructor(
    private readonly stripe: Stripe,
    private readonly seedStripe: SeedStripe,
    private readonly concurrency: number,
  ) {}

  /**
   * Every member's Stripe objects and history up to `now`. The history needs a test clock of its
   * own that starts in the past: a sandbox's (Stripe's own test clocks hold three customers each).
   * Otherwise every member buys at `now`. Answers the members and the window their history covers.
   */
  async create(
    members: SeedMember[],
    now: number,
  ): Promise<{ members: SeededMember[]; window: HistoryWindow }> {
    const window =
      members.some((member) => member.n <= HISTORY_USERS) &&
      (await this.startClock(now - HISTORY_DAYS * DAY))
        ? { from: now - HISTORY_DAYS * DAY, to: now }
        : presentOnly(now);
    const timelines = members.map((member) =>
      memberTimeline(
        member.n,
        member.plan,
        member.signedUpAt,
        member.n <= HISTORY_USERS ? window : presentOnly(now),
      ),
    );
    const progress: Progress[] = members.map(() => ({}));
    for (const day of stepsByDay(timelines)) {
      await this.moveClockTo(Math.max(...day.map((step) => step.at)));
      const byMember = new Map<number, HistoryStep[]>();
      for (const step of day)
        byMember.set(step.member, [...(byMember.get(step.member) ?? []), step]);
      await inParallel([...byMember.values()], this.concurrency, async (steps) => {
        for (const step of steps)
          await this.run(step, members[step.member], timelines[step.member], progress[step.member]);
      });
    }
    // Renewals up to the present, then everything as Stripe holds it now.
    await this.moveClockTo(Math.floor(Date.now() / 1000));
    const seeded: SeededMember[] = new Array(members.length);
    await inParallel([...members.keys()], this.concurrency, async (index) => {
      seeded[index] = await this.readBack(members[index], progress[index]);
    });
    return { members: seeded, window };
  }

  /** Starts the test clock at `time`; false where there is none that can. */
  private async startClock(time: number): Promise<boolean> {
    if (!this.seedStripe.canPayCheckouts) return false;
    try {
      const clock = await this.stripe.testHelpers.testClocks.create({
        frozen_time: time,
        name: 'Seeded members',
      });
      this.clock = { id: clock.id, frozenAt: clock.frozen_time };
      return true;
    } catch (error) {
      if ((error as Stripe.errors.StripeError).type === 'StripeInvalidRequestError') return false;
      throw error;
    }
  }

  /**
   * Advances the clock to `time` unless it is there already, and waits until it is ready (Stripe
   * answers an advance at once and bills on the clock meanwhile).
   */
  private async moveClockTo(time: number): Promise<void> {
    if (!this.clock || time <= this.clock.frozenAt + 1) return;
    const frozenTime = Math.round(time);
    let clock = await this.stripe.testHelpers.testClocks.advance(this.clock.id, {
      frozen_time: frozenTime,
    });
    while (clock.status !== 'ready') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      clock = await this.stripe.testHelpers.testClocks.retrieve(this.clock.id);
    }
    this.clock = { id: clock.id, frozenAt: clock.frozen_time };
  }

  private async run(
    step: HistoryStep,
    member: SeedMember,
    timeline: MemberTimeline,
    progress: Progress,
  ): Promise<void> {
    const { plan, person } = member;
    switch (step.kind) {
      case 'start': {
        // A card that declines later works until then; without a failed renewal it never does.
        const card =
          timeline.declines !== undefined && timeline.declines <= timeline.start
            ? plan.card
            : plan.workingCard;
        progress.customer = await this.stripe.customers.create({
          ...(this.clock ? { test_clock: this.clock.id } : {}),
          email: person.email,
          name: `${person.firstName} ${person.lastName}`.trim(),
          ...(person.phone ? { phone: person.phone } : {}),
          metadata: { ...SEED_METADATA, user_id: person.userId },
          payment_method: card,
          invoice_settings: { default_payment_method: card },
        });
        progress.subscription = await this.stripe.subscriptions.create({
          customer: progress.customer.id,
          items: [{ price: this.seedStripe.prices[plan.firstPlan] }],
          metadata: SEED_METADATA,
          expand: WITH_PAYMENT,
        });
        progress.first = paymentOf(progress.subscription);
        if (plan.plan === 'founding_member')
          await scheduleFoundingTransition(
            this.stripe,
            this.seedStripe.prices,
            progress.subscription.id,
          );
        return;
      }
      case 'upgrade': {
        const subscription = await this.stripe.subscriptions.retrieve(progress.subscription!.id);
        progress.subscription = await this.stripe.subscriptions.update(subscription.id, {
          items: [{ id: subscription.items.data[0].id, price: this.seedStripe.prices[plan.plan] }],
          proration_behavior: 'always_invoice',
        });
        return;
      }
      case 'declines':
        await this.stripe.customers.update(progress.customer!.id, {
          invoice_settings: { default_payment_method: plan.card },
        });
        return;
      case 'refund':
        if (plan.refund !== 'none' && progress.first?.charge)
          await this.stripe.refunds.create({
            charge: progress.first.charge.id,
            ...(plan.refund === 'partial'
              ? { amount: Math.round(progress.first.charge.amount / 3) }
              : {}),
            reason: 'requested_by_customer',
            metadata: SEED_METADATA,
          });
        return;
      case 'ending':
        progress.subscription =
          plan.ending === 'canceled'
            ? await this.stripe.subscriptions.cancel(progress.subscription!.id)
            : await this.stripe.subscriptions.update(progress.subscription!.id, {
                cancel_at_period_end: true,
              });
        return;
    }
  }

  /** The member's customer, cards, subscription and invoices (first one first) as Stripe has them. */
  private async readBack(member: SeedMember, progress: Progress): Promise<SeededMember> {
    const customerId = progress.customer!.id;
    const [customer, subscription] = await Promise.all([
      this.stripe.customers.retrieve(customerId) as Promise<Stripe.Customer>,
      this.stripe.subscriptions.retrieve(progress.subscription!.id),
    ]);
    const charges = new Map<string, Stripe.Charge>();
    for await (const charge of this.stripe.charges.list({ customer: customerId, limit: 100 }))
      charges.set(charge.id, charge);
    const invoices: Stripe.Invoice[] = [];
    for await (const invoice of this.stripe.invoices.list({
      customer: customerId,
      limit: 100,
      expand: ['data.payments'],
    }))
      invoices.push(invoice);
    const firstId = progress.first?.invoice.id;
    invoices.sort(
      (a, b) => Number(b.id === firstId) - Number(a.id === firstId) || a.created - b.created,
    );
    const cards: Stripe.PaymentMethod[] = [];
    for await (const card of this.stripe.paymentMethods.list({
      customer: customerId,
      type: 'card',
      limit: 100,
    }))
      cards.push(card);
    return {
      person: member.person,
      plan: member.plan,
      customer,
      cards,
      defaultCardId: idOf(customer.invoice_settings.default_payment_method),
      subscription,
      payments: invoices.map((invoice) => {
        // The charge Refresh Payment History records for it.
        const chargeId = chargeIdOf(invoice.payments?.data ?? []);
        return { invoice, charge: chargeId ? (charges.get(chargeId) ?? null) : null };
      }),
    };
  }
}

/** The subscription's latest invoice and its charge, from an answer expanded WITH_PAYMENT. */
function paymentOf(subscription: Stripe.Subscription): SeededPayment {
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  const charge =
    invoice.payments?.data
      .map((payment) => payment.payment.charge)
      .find((charge): charge is Stripe.Charge => typeof charge === 'object' && charge !== null) ??
    null;
  return { invoice, charge };
}
