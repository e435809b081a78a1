/** Events, prices and products, the test clock, and the dashboard where a developer moves it. */
import type { FastifyInstance } from 'fastify';
import {
  priceObject,
  productObject,
  SANDBOX_CLOCK_ID,
  SANDBOX_PRICES,
} from '../sandbox-catalogue.js';
import { addMonths, subscriptionItem, type Body, type StripeObject } from '../sandbox-common.js';
import { dashboardPage } from '../sandbox-pages.js';
import { automatically } from '../sandbox-requests.js';
import { found, noSuch, param, stripeError, type SandboxParts } from './route-helpers.js';

export function registerEventRoutes(
  api: FastifyInstance,
  { store, events, engine }: SandboxParts,
): void {
  api.post('/v1/test_helpers/test_clocks', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    if (body.frozen_time === undefined)
      return stripeError(reply, 400, 'Missing required param: frozen_time.', undefined, {
        code: 'parameter_missing',
        param: 'frozen_time',
      });
    const frozenTime = Number(body.frozen_time);
    if (!Number.isInteger(frozenTime) || frozenTime <= 0)
      return stripeError(reply, 400, 'Invalid integer: frozen_time', undefined, {
        param: 'frozen_time',
      });
    const refused = engine.restartClock(frozenTime);
    return refused ? stripeError(reply, 400, refused) : engine.clock();
  });
  api.get('/v1/test_helpers/test_clocks/:id', async (request, reply) =>
    param(request) === SANDBOX_CLOCK_ID
      ? engine.clock()
      : noSuch(reply, 'test_helpers.test_clock', param(request)),
  );
  /**
   * Stripe tells the account once the clock has moved and its objects have caught up: an event of
   * its own making, not of the advance request.
   */
  const advanceClock = (frozenTime: number) => {
    engine.advance(frozenTime);
    const clock = engine.clock();
    automatically(() => events.emit('test_helpers.test_clock.ready', clock));
    return clock;
  };
  api.post('/v1/test_helpers/test_clocks/:id/advance', async (request, reply) => {
    if (param(request) !== SANDBOX_CLOCK_ID)
      return noSuch(reply, 'test_helpers.test_clock', param(request));
    const frozenTime = Number(((request.body ?? {}) as Body).frozen_time);
    if (!Number.isInteger(frozenTime) || frozenTime <= store.now())
      return stripeError(reply, 400, 'The frozen_time must be later than the current time.');
    return advanceClock(frozenTime);
  });

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
      advanceClock(store.now() + days * 24 * 3600);
      return reply.redirect('/', 303);
    }
    const months = Number(body.months ?? 1);
    if (!Number.isInteger(months) || months < 1 || months > 24)
      return reply.status(400).type('text/html').send('<h1>Months must be 1 to 24</h1>');
    advanceClock(addMonths(store.now(), months));
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
