/** Events, prices and products, and the dashboard where a developer moves the test clocks. */
import type { FastifyInstance } from 'fastify';
import {
  priceObject,
  productObject,
  SANDBOX_CLOCK_ID,
  SANDBOX_PRICES,
} from '../sandbox-catalogue.js';
import { addMonths, subscriptionItem, type Body, type StripeObject } from '../sandbox-common.js';
import { dashboardPage } from '../sandbox-pages.js';
import { found, noSuch, param, type SandboxParts } from './route-helpers.js';

export function registerEventRoutes(
  api: FastifyInstance,
  { store, events, clocks }: SandboxParts,
): void {
  /**
   * The dashboard moves the sandbox's own time and every clock made through the API by the same
   * span (a developer's seeded members live on one), past Stripe's limit on an advance.
   */
  const advanceClock = (to: (from: number) => number) => {
    for (const clock of [clocks.get(SANDBOX_CLOCK_ID)!, ...clocks.list()])
      if (clock.status === 'ready') clocks.advance(clock, to(Number(clock.frozen_time)));
  };

  // The sandbox's dashboard, where a developer (or a browser test) moves the clock.
  api.get('/', async (_request, reply) => {
    const rows = store.all('subscription').map((subscription) => ({
      id: subscription.id,
      status: subscription.status,
      email: store.get(String(subscription.customer))?.email,
      plan: String((subscriptionItem(subscription).price as StripeObject).nickname),
    }));
    return reply
      .type('text/html; charset=utf-8')
      .send(dashboardPage(store.now(), rows, events.holdDeliveries));
  });
  // Holding deliveries stands for webhooks that never arrive (events stay undelivered).
  api.post('/webhooks/hold', async (_request, reply) => {
    events.holdDeliveries = true;
    return reply.redirect('/', 303);
  });
  api.post('/webhooks/resume', async (_request, reply) => {
    events.holdDeliveries = false;
    return reply.redirect('/', 303);
  });
  api.post('/clock/advance', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    if (body.days !== undefined) {
      const days = Number(body.days);
      if (!Number.isInteger(days) || days < 1 || days > 60)
        return reply.status(400).type('text/html').send('<h1>Days must be 1 to 60</h1>');
      advanceClock((from) => from + days * 24 * 3600);
      return reply.redirect('/', 303);
    }
    const months = Number(body.months ?? 1);
    if (!Number.isInteger(months) || months < 1 || months > 24)
      return reply.status(400).type('text/html').send('<h1>Months must be 1 to 24</h1>');
    advanceClock((from) => addMonths(from, months));
    return reply.redirect('/', 303);
  });

  api.get('/v1/events/:id', async (request, reply) => found(store, reply, param(request), 'event'));
  api.get('/v1/prices/:id', async (request, reply) => {
    const id = param(request);
    if (!SANDBOX_PRICES[id]) return noSuch(reply, 'price', id);
    return priceObject(id);
  });
  api.get('/v1/products/:id', async (request, reply) => {
    const id = param(request);
    return productObject(id) ?? noSuch(reply, 'product', id);
  });
}
