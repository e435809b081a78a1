import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import type { StripeSandbox } from '../src/index.js';
import { startSandbox } from './sandbox-under-test.js';

/** A sandbox keeping its state in `dataFile`, and the official SDK on it. */
const startOwnSandbox = (dataFile: string) =>
  startSandbox(
    {
      dataFile,
      webhookSecret: 'whsec_persistence',
      webhookUrl: () => undefined,
    },
    'sk_test_persistence',
  );

const journalOf = (dataFile: string) => dataFile.replace(/\.json$/, '.journal');
const size = (file: string) => statSync(file).size;
/** Each test stops and starts sandboxes on disk, slow on a busy machine. */
const RESTARTS_TIMEOUT = 30_000;

describe('the Stripe sandbox’s state on disk', () => {
  let folder: string;
  let dataFile: string;
  let running: StripeSandbox | undefined;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'sandbox-persistence-'));
    dataFile = join(folder, '.data', 'stripe-sandbox.json');
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    rmSync(folder, { recursive: true, force: true });
  });

  /** Starts a sandbox on the data file, stopped after the test if still running. */
  async function start() {
    const started = await startOwnSandbox(dataFile);
    running = started.sandbox;
    return started;
  }
  async function stop() {
    await running!.stop();
    running = undefined;
  }

  it(
    'survives a stop and a start: objects, the test clock and idempotency keys',
    async () => {
      const { stripe } = await start();
      const customer = await stripe.customers.create(
        { email: 'kept@example.com', invoice_settings: { default_payment_method: 'pm_card_visa' } },
        { idempotencyKey: 'kept-customer' },
      );
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_prospector' }],
      });
      const clock = await stripe.testHelpers.testClocks.advance('clock_sandbox', {
        frozen_time: subscription.items.data[0].current_period_end + 60,
      });
      const renewed = await stripe.subscriptions.retrieve(subscription.id);
      expect(renewed.items.data[0].current_period_start).toBe(
        subscription.items.data[0].current_period_end,
      );
      const kept = await stripe.customers.retrieve(customer.id);
      // Stopping writes what is still pending: the last change was a moment ago.
      await stop();

      const again = await start();
      expect(await again.stripe.customers.retrieve(customer.id)).toEqual(kept);
      expect(await again.stripe.subscriptions.retrieve(subscription.id)).toEqual(renewed);
      const clockNow = await again.stripe.testHelpers.testClocks.retrieve('clock_sandbox');
      expect(clock.status).toBe('advancing');
      expect(
        clockNow.frozen_time - clock.status_details.advancing!.target_frozen_time,
      ).toBeLessThan(30);
      expect((await again.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(2);
      const replayed = await again.stripe.customers.create(
        { email: 'kept@example.com', invoice_settings: { default_payment_method: 'pm_card_visa' } },
        { idempotencyKey: 'kept-customer' },
      );
      expect(replayed.id).toBe(customer.id);
      expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'ignores a last journal line cut short by a crash',
    async () => {
      const { stripe } = await start();
      const customer = await stripe.customers.create({ email: 'before-crash@example.com' });
      await stop();
      expect(readFileSync(journalOf(dataFile), 'utf8')).toContain(customer.id);
      appendFileSync(
        journalOf(dataFile),
        '{"s":999999,"o":{"id":"cus_torn","object":"customer","email":"torn@exa',
      );

      const again = await start();
      expect((await again.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      await expect(again.stripe.customers.retrieve('cus_torn')).rejects.toMatchObject({
        statusCode: 404,
      });
      const after = await again.stripe.customers.create({ email: 'after-crash@example.com' });
      await stop();
      const third = await start();
      expect((await third.stripe.customers.retrieve(after.id)).id).toBe(after.id);
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'loads the single-file state of earlier versions and carries on from it',
    async () => {
      const first = await start();
      const customer = await first.stripe.customers.create({ email: 'legacy@example.com' });
      await stop();
      const objects = { [customer.id]: { ...customer, lastResponse: undefined } };
      writeFileSync(
        dataFile,
        JSON.stringify({
          objects,
          idempotency: { 'legacy-key': { status: 200, body: { ...objects[customer.id] } } },
          clockOffset: 86_400,
        }),
      );
      rmSync(journalOf(dataFile));

      const { stripe } = await start();
      expect(await stripe.customers.retrieve(customer.id)).toMatchObject({
        email: 'legacy@example.com',
      });
      const clock = await stripe.testHelpers.testClocks.retrieve('clock_sandbox');
      expect(Math.abs(clock.frozen_time - (Date.now() / 1000 + 86_400))).toBeLessThan(30);
      const replayed = await stripe.customers.create(
        { email: 'anything@example.com' },
        { idempotencyKey: 'legacy-key' },
      );
      expect(replayed.id).toBe(customer.id);
      expect(JSON.parse(readFileSync(dataFile, 'utf8').split('\n')[0])).toMatchObject({
        stripeSandbox: 2,
      });
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'writes each change as a journal line of its own size, not the whole state',
    async () => {
      const { sandbox, stripe } = await start();
      const customer = await stripe.customers.create({
        email: 'history@example.com',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_prospector' }],
      });
      sandbox.seedInvoiceHistory(subscription.id, 1_000);
      await stop();

      const { stripe: again } = await start();
      const snapshot = size(dataFile);
      expect(snapshot).toBeGreaterThan(2_000_000);
      expect(size(journalOf(dataFile))).toBe(0);
      const changes = 50;
      for (let index = 0; index < changes; index += 1)
        await again.customers.update(customer.id, { metadata: { change: String(index) } });
      await stop();

      // Each update journals the customer and its idempotency key's answer: a few kilobytes,
      // while rewriting the state would have cost the whole snapshot each time.
      expect(size(journalOf(dataFile)) / changes).toBeLessThan(10_000);
      expect(size(dataFile)).toBe(snapshot);
      const { stripe: third } = await start();
      expect((await third.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
        metadata: { change: String(changes - 1) },
      });
      expect(
        await third.invoices.list({ customer: customer.id, limit: 100 }).autoPagingToArray({
          limit: 2_000,
        }),
      ).toHaveLength(1_001);
    },
    2 * RESTARTS_TIMEOUT,
  );
});
