import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MrrCheck, MrrDifference } from '@leadpulse/common';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { idOf } from '../stripe/stripe-ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { historyRow } from './history-row.js';
import { RevenueMetricsService } from './revenue-metrics.service.js';
import { SubscriptionHistoryService } from './subscription-history.service.js';

/**
 * The dashboard's MRR checked against Stripe: MRR from the subscription history beside MRR from
 * Stripe's live subscriptions (read through the SDK now, normalised as the history normalises an
 * event), with the subscriptions where they differ.
 */
@Injectable()
export class MrrCheckService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly history: SubscriptionHistoryService,
    private readonly metrics: RevenueMetricsService,
  ) {}

  async check(now = new Date()): Promise<MrrCheck> {
    const [recorded, billed] = await Promise.all([
      this.metrics.subscriptionMrr(now),
      this.stripeMrr(now),
    ]);
    const subscriptions: MrrDifference[] = [];
    for (const id of new Set([...recorded.keys(), ...billed.keys()])) {
      const history = recorded.get(id);
      const stripe = billed.get(id);
      const historyCents = history?.mrr ?? 0;
      const stripeCents = stripe?.mrr ?? 0;
      if (historyCents !== stripeCents)
        subscriptions.push({
          id,
          customer: (stripe ?? history)!.customer,
          history_cents: historyCents,
          stripe_cents: stripeCents,
        });
    }
    subscriptions.sort(
      (a, b) =>
        Math.abs(b.stripe_cents - b.history_cents) - Math.abs(a.stripe_cents - a.history_cents) ||
        a.id.localeCompare(b.id),
    );
    const sum = (map: Map<string, { mrr: number }>) =>
      [...map.values()].reduce((total, entry) => total + entry.mrr, 0);
    const historyMrr = sum(recorded);
    const stripeMrr = sum(billed);
    return {
      history_mrr_cents: historyMrr,
      stripe_mrr_cents: stripeMrr,
      difference_cents: stripeMrr - historyMrr,
      subscriptions,
    };
  }

  /** Each subscription's MRR as Stripe bills it now (those billing nothing left out). */
  async stripeMrr(now = new Date()): Promise<Map<string, { customer: string; mrr: number }>> {
    const billed = new Map<string, { customer: string; mrr: number }>();
    for await (const subscription of this.stripe.subscriptions.list({
      status: 'all',
      limit: 100,
      expand: ['data.discounts'],
    })) {
      const discount = await this.history.discountOf(subscription, this.dataSource.manager);
      const row = historyRow(subscription, discount, this.config.stripe.prices, {
        eventId: 'mrr-check',
        eventType: 'mrr-check',
        effectiveAt: now,
        source: 'reconciliation',
      });
      if (row.mrr_cents > 0)
        billed.set(subscription.id, { customer: idOf(subscription.customer)!, mrr: row.mrr_cents });
    }
    return billed;
  }
}
