import { jest } from '@jest/globals';
import Stripe from 'stripe';
import { PromotionsService } from '../src/promotions/promotions.service.js';
import { StripeCustomerErasureService } from '../src/users/stripe-customer-erasure.service.js';
import { STRIPE_EVENTS_QUEUE, StripeEventsService } from '../src/webhooks/stripe-events.service.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  resetDatabase,
  startTestApp,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from './support/test-app.js';
import { watchJobFetches } from './support/job-fetches.js';
import { jobsDrained, waitFor } from './support/wait.js';

const stripe = new Stripe('sk_test_signing_only');

let sequence = 0;
function event(type = 'customer.created'): { id: string; payload: string } {
  sequence += 1;
  const id = `evt_test_${Date.now().toString(36)}_${sequence}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-01-28.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `cus_${sequence}`, object: 'customer', email: 'buyer@example.com' } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { id, payload };
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
}

describe('the Stripe webhook endpoint', () => {
  let t: TestApp;
  const events = () => t.dataSource.getRepository(StripeEventEntity);
  const deliver = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  beforeAll(async () => {
    t = await startTestApp({
      env: { JOBS_POLL_INTERVAL_SECONDS: '0.5', STRIPE_EVENTS_RETRY_DELAY_SECONDS: '1' },
    });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it.each([
    ['no signature', (payload: string) => [payload, undefined]],
    [
      'a signature made with another secret',
      (payload: string) => [payload, sign(payload, { secret: 'whsec_someone_else' })],
    ],
    [
      'a body altered by one byte',
      (payload: string) => [payload.replace('buyer@', 'buyer!'), sign(payload)],
    ],
    [
      'a signature older than 300 s',
      (payload: string) => [
        payload,
        sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      ],
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, make) => {
    const { id, payload } = event();
    const [body, signature] = make(payload) as [string, string | undefined];
    const response = await deliver(body, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalid_signature',
      message: 'The Stripe signature is missing or does not match.',
    });
    expect(await events().countBy({ stripe_event_id: id })).toBe(0);
  });

  it.each([
    ['an empty object', '{}'],
    ['JSON null', 'null'],
    ['an array', '[{"id":"evt_array","type":"customer.created"}]'],
    ['an event without a type', '{"id":"evt_no_type","object":"event","data":{"object":{}}}'],
    ['an event without an id', '{"type":"customer.created","object":"event","data":{"object":{}}}'],
    ['a numeric id', '{"id":42,"type":"customer.created","object":"event","data":{"object":{}}}'],
    ['an event without data', '{"id":"evt_no_data","type":"customer.created","object":"event"}'],
    [
      'a type longer than its column',
      JSON.stringify({
        id: 'evt_long',
        type: 'x'.repeat(101),
        object: 'event',
        data: { object: {} },
      }),
    ],
  ])(
    'refuses a signed body that is not an event (%s) with 400 invalid_event',
    async (_name, body) => {
      const before = await events().count();
      const response = await deliver(body, sign(body));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'invalid_event',
        message: 'The body is not a Stripe event: it needs an id, a type and a data object.',
      });
      expect(await events().count()).toBe(before);
    },
  );

  it('stores a signed event, answers 200 at once, and processes it', async () => {
    const { id, payload } = event('customer.created');
    const response = await deliver(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const processed = await waitFor(async () => {
      const row = await events().findOneByOrFail({ stripe_event_id: id });
      return row.processed ? row : undefined;
    });
    expect(processed).toMatchObject({
      event_type: 'customer.created',
      attempts: 1,
      error_message: null,
    });
    expect(processed.processed_at).toBeInstanceOf(Date);
    expect(processed.event_data).toMatchObject({
      id,
      data: { object: { email: 'buyer@example.com' } },
    });
  });

  /** How many jobs were queued for a stored event: waiting, done or archived. */
  const jobsOf = async (eventId: string) => {
    const [{ n }] = (await t.dataSource.query(
      `SELECT (SELECT count(*) FROM pgboss.job WHERE name = $1 AND data->>'eventId' = $2)
            + (SELECT count(*) FROM pgboss.archive WHERE name = $1 AND data->>'eventId' = $2) AS n`,
      [STRIPE_EVENTS_QUEUE, eventId],
    )) as { n: string }[];
    return Number(n);
  };

  it('stores an event delivered 5 times, 20 deliveries at once, once, with one job, and runs its handler once', async () => {
    // `customer.updated` is handled by the customer erasure service (stripe-event-handlers.ts).
    const handler = jest.spyOn(t.app.get(StripeCustomerErasureService), 'forgetPreviousValues');
    const seen = () =>
      handler.mock.calls.map(([received]) => received.id).filter((received) => received === id);
    const { id, payload } = event('customer.updated');
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => deliver(payload, sign(payload))),
      );
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    }
    expect(await events().countBy({ stripe_event_id: id })).toBe(1);
    expect(await jobsOf((await events().findOneByOrFail({ stripe_event_id: id })).id)).toBe(1);
    await waitFor(async () =>
      (await events().findOneByOrFail({ stripe_event_id: id })).processed ? true : undefined,
    );
    await jobsDrained(t.dataSource);
    expect(seen()).toEqual([id]);
    handler.mockRestore();
  });

  it('records a failing handler, retries, and processes the event once the handler succeeds', async () => {
    const handler = jest
      .spyOn(t.app.get(PromotionsService), 'onPromotionCodeUpdated')
      .mockRejectedValueOnce(new Error('Stripe was unreachable'))
      .mockResolvedValue(undefined);
    const { id, payload } = event('promotion_code.updated');
    await deliver(payload, sign(payload));
    const row = await waitFor(async () => {
      const current = await events().findOneByOrFail({ stripe_event_id: id });
      return current.error_message ? current : undefined;
    });
    expect(row).toMatchObject({
      processed: false,
      error_message: 'Stripe was unreachable',
      attempts: 1,
    });
    const done = await waitFor(
      async () => {
        const current = await events().findOneByOrFail({ stripe_event_id: id });
        return current.processed ? current : undefined;
      },
      40_000,
      'the retry',
    );
    expect(done).toMatchObject({ attempts: 2, error_message: null });
    expect(handler).toHaveBeenCalledTimes(2);
    handler.mockRestore();
  }, 45_000);

  it('replays a stored event on demand', async () => {
    const service = t.app.get(StripeEventsService);
    const handler = jest.spyOn(t.app.get(StripeCustomerErasureService), 'forgetPreviousValues');
    const runs = () => handler.mock.calls.filter(([received]) => received.id === id).length;
    const { id, payload } = event('payment_method.updated');
    await deliver(payload, sign(payload));
    const stored = await waitFor(async () => {
      const row = await events().findOneByOrFail({ stripe_event_id: id });
      return row.processed ? row : undefined;
    });
    await service.replay(stored.id);
    // The handler runs inside the processing transaction: the row says processed once it commits.
    const replayed = await waitFor(async () => {
      const row = await events().findOneByOrFail({ id: stored.id });
      return runs() === 2 && row.processed ? row : undefined;
    });
    expect(replayed.processed_at!.getTime()).toBeGreaterThan(stored.processed_at!.getTime());
    await expect(service.replay('00000000-0000-0000-0000-000000000000')).rejects.toThrow(
      'Stripe event not found.',
    );
    handler.mockRestore();
  });
});

describe('the Stripe webhook endpoint, with a queue polled rarely', () => {
  let t: TestApp;

  beforeAll(async () => {
    const fetches = watchJobFetches();
    try {
      t = await startTestApp({ env: { JOBS_POLL_INTERVAL_SECONDS: '600' } });
      // The worker's first fetch has come and gone: without a wake it would wait ten minutes.
      await fetches.answered(STRIPE_EVENTS_QUEUE);
    } finally {
      fetches.stop();
    }
  });
  afterAll(() => t.close());

  it('works a new event at once rather than at the next poll of its queue', async () => {
    const { id, payload } = event('customer.created');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const processed = await waitFor(async () => {
      const row = await t.dataSource
        .getRepository(StripeEventEntity)
        .findOneByOrFail({ stripe_event_id: id });
      return row.processed ? row : undefined;
    });
    expect(processed).toMatchObject({ attempts: 1, error_message: null });
  });
});
