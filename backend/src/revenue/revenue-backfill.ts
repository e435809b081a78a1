/**
 * The backfill behind `npm run backfill-revenue`: builds the subscription history of the
 * subscriptions that have none (those that existed before it was recorded, or whose events were
 * never delivered) from what Stripe holds, and the dates of payments' refunds recorded before
 * they were kept. Idempotent: a subscription with history and a payment with its refunds are
 * left alone, and every row carries an event id of its own (`backfill:…`), unique.
 */
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { chargeRefunds } from '../payments/payments.service.js';
import { HISTORY_ORDER, historyRow, type HistoryDiscount, type HistoryRow } from './history-row.js';
import type { SubscriptionHistoryService } from './subscription-history.service.js';

export interface BackfillSummary {
  subscriptions: number;
  rows: number;
  refundedPayments: number;
}

type StateColumns = Pick<
  HistoryRow,
  'status' | 'stripe_price_id' | 'quantity' | 'coupon_id' | 'mrr_cents' | 'undiscounted_mrr_cents'
>;

/** What a row says about revenue: consecutive rows saying the same are one state. */
const stateOf = (row: StateColumns) =>
  JSON.stringify([
    row.status,
    row.stripe_price_id,
    row.quantity,
    row.coupon_id,
    row.mrr_cents,
    row.undiscounted_mrr_cents,
  ]);

export class RevenueBackfill {
  private readonly prices = new Map<string, Stripe.Price>();

  constructor(
    private readonly stripe: Stripe,
    private readonly dataSource: DataSource,
    private readonly history: SubscriptionHistoryService,
    private readonly catalogue: Record<string, string>,
  ) {}

  /** `only` limits it to these subscriptions (the demo seed's own). */
  async run(
    log: (line: string) => void = () => undefined,
    only?: string[],
  ): Promise<BackfillSummary> {
    const summary: BackfillSummary = { subscriptions: 0, rows: 0, refundedPayments: 0 };
    const missing = (await this.dataSource.query(
      `SELECT s.stripe_subscription_id AS id FROM subscriptions s
       WHERE NOT EXISTS (SELECT 1 FROM subscription_history h WHERE h.stripe_subscription_id = s.stripe_subscription_id)
         AND ($1::text[] IS NULL OR s.stripe_subscription_id = ANY($1::text[]))
       ORDER BY s.created_at, s.id`,
      [only ?? null],
    )) as { id: string }[];
    for (const { id } of missing) {
      const rows = await this.subscriptionRows(id);
      const written = await this.dataSource.transaction(async (manager) => {
        // Another run (or a webhook) may have written it meanwhile: history is never doubled.
        const [known] = (await manager.query(
          `SELECT 1 FROM subscription_history WHERE stripe_subscription_id = $1 FOR UPDATE`,
          [id],
        )) as unknown[];
        return known ? 0 : this.history.insert(manager, rows);
      });
      if (written > 0) summary.subscriptions += 1;
      summary.rows += written;
      if (summary.subscriptions > 0 && summary.subscriptions % 100 === 0)
        log(`${summary.subscriptions} subscriptions rebuilt…`);
    }
    const refunded = (await this.dataSource.query(
      `SELECT id, stripe_charge_id FROM transactions
       WHERE amount_refunded_cents > 0 AND refunds = '[]'::jsonb AND stripe_charge_id IS NOT NULL
         AND ($1::text[] IS NULL OR stripe_subscription_id = ANY($1::text[]))`,
      [only ?? null],
    )) as { id: string; stripe_charge_id: string }[];
    for (const payment of refunded) {
      const refunds = await chargeRefunds(
        this.stripe,
        await this.stripe.charges.retrieve(payment.stripe_charge_id),
      );
      if (refunds.length === 0) continue;
      await this.dataSource.query(
        `UPDATE transactions SET refunds = $2, updated_at = now() WHERE id = $1 AND refunds = '[]'::jsonb`,
        [payment.id, JSON.stringify(refunds)],
      );
      summary.refundedPayments += 1;
    }
    return summary;
  }

  /**
   * What a reconciliation repairs, in its transaction: a subscription whose events never arrived
   * gets the history Stripe still shows; one whose latest change was lost (a cancellation, a
   * failed renewal, a plan change) gets a row of its present state, unless its latest row says
   * the same. Answers how many rows it wrote.
   */
  async reconcile(manager: EntityManager, id: string): Promise<number> {
    const latest = (
      (await manager.query(
        `SELECT status, stripe_price_id, quantity, coupon_id, mrr_cents, undiscounted_mrr_cents, effective_at
           FROM subscription_history WHERE stripe_subscription_id = $1 ORDER BY ${HISTORY_ORDER}`,
        [id],
      )) as (StateColumns & { effective_at: Date })[]
    ).at(-1);
    const rows = await this.subscriptionRows(id);
    if (!latest) return this.history.insert(manager, rows);
    const present = rows.at(-1)!;
    if (stateOf(present) === stateOf(latest)) return 0;
    const effectiveAt = new Date(
      Math.max(present.effective_at.getTime(), latest.effective_at.getTime()),
    );
    return this.history.insert(manager, [
      {
        ...present,
        effective_at: effectiveAt,
        stripe_event_id: `reconcile:${id}:${present.status}:${effectiveAt.getTime() / 1000}`,
        stripe_event_type: 'reconciliation',
        source: 'reconciliation',
      },
    ]);
  }

  /**
   * A subscription's history as Stripe still shows it: from its start, each billed period at the
   * price and quantity its invoice charged (a plan change shows from the invoice that billed it),
   * and its current state: a cancellation at its end, a failed renewal at that invoice, a
   * discount from its start.
   */
  async subscriptionRows(id: string): Promise<HistoryRow[]> {
    const subscription = await this.stripe.subscriptions.retrieve(id, { expand: ['discounts'] });
    const discount = await this.currentDiscount(subscription);
    const invoices: Stripe.Invoice[] = [];
    for await (const invoice of this.stripe.invoices.list({ subscription: id, limit: 100 }))
      invoices.push(invoice);
    invoices.sort((a, b) => a.created - b.created);

    const rows: HistoryRow[] = [];
    const add = (row: HistoryRow) => {
      const last = rows.at(-1);
      if (last && stateOf(last) === stateOf(row)) return;
      // A change is after the state it changes, by a second at least: at the same moment the
      // readers' order (HISTORY_ORDER) would fall back on event ids and could keep the old state.
      if (last && row.effective_at <= last.effective_at)
        row.effective_at = new Date(last.effective_at.getTime() + 1000);
      rows.push(row);
    };
    const discountFrom = (at: Date) => (discount && discount.start <= at ? discount.terms : null);

    for (const invoice of invoices) {
      if (invoice.status !== 'paid' && invoice.status !== 'open') continue;
      const billed = invoice.lines.data.find(
        (candidate) =>
          candidate.parent?.subscription_item_details &&
          !candidate.parent.subscription_item_details.proration,
      );
      // A plan change billed at once (an upgrade's invoice) has only prorations: the positive
      // one is the new price, from when the invoice was made.
      const line =
        billed ??
        invoice.lines.data.find(
          (candidate) =>
            candidate.parent?.subscription_item_details?.proration && candidate.amount > 0,
        );
      const priceId = line?.pricing?.price_details?.price;
      if (!line || !priceId) continue;
      const price = await this.price(typeof priceId === 'string' ? priceId : priceId.id);
      const start = new Date((billed ? line.period.start : invoice.created) * 1000);
      add(
        historyRow(
          {
            id,
            customer: subscription.customer,
            status: invoice.status === 'paid' ? 'active' : 'past_due',
            items: {
              data: [
                {
                  price,
                  quantity: line.quantity ?? 1,
                  current_period_start: line.period.start,
                } as Stripe.SubscriptionItem,
              ],
            } as Stripe.ApiList<Stripe.SubscriptionItem>,
          },
          discountFrom(start),
          this.catalogue,
          {
            eventId: `backfill:${id}:${invoice.id}`,
            eventType: 'backfill',
            effectiveAt: start,
            source: 'backfill',
          },
        ),
      );
    }

    const item = subscription.items.data[0];
    const changedAt =
      subscription.status === 'canceled'
        ? (subscription.ended_at ?? subscription.canceled_at ?? subscription.start_date)
        : Math.max(
            item?.current_period_start ?? subscription.start_date,
            discount ? Math.floor(discount.start.getTime() / 1000) : 0,
          );
    const current = new Date(
      (rows.length === 0 ? Math.min(changedAt, subscription.start_date) : changedAt) * 1000,
    );
    add(
      historyRow(subscription, discountFrom(current), this.catalogue, {
        eventId: `backfill:${id}:current`,
        eventType: 'backfill',
        effectiveAt: current,
        source: 'backfill',
      }),
    );
    return rows;
  }

  /** The discount on the subscription now, with when it started. */
  private async currentDiscount(
    subscription: Stripe.Subscription,
  ): Promise<{ start: Date; terms: HistoryDiscount } | null> {
    const [first] = subscription.discounts ?? [];
    if (!first || typeof first !== 'object') return null;
    const terms = await this.history.discountOf(
      { id: subscription.id, discounts: [first] },
      this.dataSource.manager,
    );
    return terms ? { start: new Date(first.start * 1000), terms } : null;
  }

  private async price(id: string): Promise<Stripe.Price> {
    let price = this.prices.get(id);
    if (!price) {
      price = await this.stripe.prices.retrieve(id);
      this.prices.set(id, price);
    }
    return price;
  }
}
