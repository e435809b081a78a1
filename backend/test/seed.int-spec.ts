import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { DataFolderLock } from '../src/database/data-folder-lock.js';
import { createDataSource } from '../src/database/data-source.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { BackendProcess } from './resilience/support/backend-process.js';
import { bearer, makeAdmin, signUpAndConfirm, type SessionBody } from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { stripeMrrBySubscription, total } from './support/stripe-mrr.js';
import { resetDatabase, TEST_WEBHOOK_SECRET, testDatabaseUrl } from './support/test-app.js';
import { runSeed } from './support/seed-tool.js';
import { waitFor } from './support/wait.js';

interface SeededUser {
  id: string;
  email: string;
  subscription_plan: string;
  subscription_status: string;
  stripe_customer_id: string;
  stripe_subscription_id: string;
}

/** The billing rows of the seeded customers, without the columns a rewrite would touch. */
const billingRows = (dataSource: DataSource) =>
  Promise.all([
    dataSource.query(
      `SELECT stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type, status, amount_cents,
              current_period_end, cancel_at_period_end, canceled_at
         FROM subscriptions ORDER BY stripe_subscription_id`,
    ),
    dataSource.query(
      `SELECT user_id, stripe_customer_id, stripe_invoice_id, stripe_charge_id, stripe_subscription_id, amount_cents,
              amount_refunded_cents, currency, status, description, receipt_url, paid_at
         FROM transactions ORDER BY stripe_invoice_id`,
    ),
    dataSource.query(
      `SELECT user_id, stripe_customer_id, stripe_payment_method_id, card_brand, card_last4, card_exp_month,
              card_exp_year, is_default
         FROM payment_methods ORDER BY stripe_payment_method_id`,
    ),
    dataSource.query(
      `SELECT id, subscription_plan, subscription_status, current_period_end, stripe_customer_id, stripe_subscription_id
         FROM users WHERE stripe_customer_id IS NOT NULL ORDER BY id`,
    ),
  ]);

describe('npm run seed: demo data that works end to end', () => {
  let dataDir: string;

  beforeAll(async () => {
    const dataSource = createDataSource(testDatabaseUrl(), 2);
    await dataSource.initialize();
    await runMigrations(dataSource);
    await resetDatabase(dataSource);
    await dataSource.destroy();
  });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'leadpulse-seed-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('on the local sandbox it starts on the data folder, then in the back office', () => {
    let env: AppWithSandbox;
    let admin: SessionBody;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      env.t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    /** Reactivate, confirming the charge it states (a cancelled subscription's restart charges). */
    const reactivate = async (id: string) => {
      const first = await call('POST', `/api/admin/subscriptions/${id}/reactivate`, {});
      if (first.statusCode !== 409 || first.json().code !== 'charge_confirmation_required')
        return first;
      return call('POST', `/api/admin/subscriptions/${id}/reactivate`, {
        confirm_amount_cents: first.json().amount_cents,
      });
    };
    const seeded = (where = 'true') =>
      env.t.dataSource.query(
        `SELECT id, email, subscription_plan, subscription_status, stripe_customer_id, stripe_subscription_id
           FROM users WHERE email LIKE '%@seed.example.com' AND stripe_customer_id IS NOT NULL AND ${where}
          ORDER BY email`,
      ) as Promise<SeededUser[]>;
    /** The product started on the seeded data folder, as `npm start` would after the seed. */
    const startProduct = async () => {
      env = await startAppWithSandbox({}, { dataFile: join(dataDir, 'stripe-sandbox.json') });
      admin = await signUpAndConfirm(env.t.app, env.t.dataSource);
      await makeAdmin(env.t.dataSource, admin.user.email);
    };
    const candidates = async () =>
      ((await call('GET', '/api/admin/recovery')).json() as { email: string; reason: string }[])
        .map((candidate) => `${candidate.email} ${candidate.reason}`)
        .sort();

    afterEach(() => env?.close());

    it('leaves every seeded customer in step with Stripe, ready for every billing action', async () => {
      const first = await runSeed([], { DATA_DIR: dataDir });
      expect(first.output).toContain('Seeded 200 demo users');
      expect(first.output).toContain(
        `paying members with their customers, cards, subscriptions and payments in the local Stripe sandbox (${dataDir}/stripe-sandbox.json)`,
      );
      expect(first.output).toContain(
        'Customer Recovery: 4 paid founding checkouts whose webhook was lost.',
      );
      expect(first.status).toBe(0);
      expect(first.output).toMatch(/Revenue history: [\d,]+ rows for [\d,]+ subscriptions\./);
      await startProduct();

      // The dashboard's revenue reads the history the seed built: MRR is there, and the month's
      // row agrees with the stats.
      const stats = (await call('GET', '/api/admin/stats')).json();
      expect(stats.mrr_cents).toBeGreaterThan(0);
      expect(stats.arr_cents).toBe(stats.mrr_cents * 12);
      const months = (await call('GET', '/api/admin/metrics/revenue?months=1')).json();
      expect(months).toEqual([expect.objectContaining({ mrr_cents: stats.mrr_cents })]);

      // A year of it, played on the sandbox's test clock: every month has revenue and new
      // members, and the movements of the chart each happened (an upgrade, a cancellation).
      expect(first.output).toContain(
        'Their history covers the last 395 days on a test clock of their own',
      );
      const year = (await call('GET', '/api/admin/metrics/revenue?months=12')).json() as {
        mrr_cents: number;
        new_cents: number;
        expansion_cents: number;
        churned_cents: number;
        revenue_cents: number;
        signups: number;
      }[];
      expect(year).toHaveLength(12);
      for (const month of year) {
        expect(month.mrr_cents).toBeGreaterThan(0);
        expect(month.revenue_cents).toBeGreaterThan(0);
        expect(month.signups).toBeGreaterThan(0);
      }
      expect(year.filter((month) => month.new_cents > 0).length).toBeGreaterThanOrEqual(10);
      expect(year.some((month) => month.expansion_cents > 0)).toBe(true);
      expect(year.some((month) => month.churned_cents > 0)).toBe(true);
      expect(year.at(-1)!.mrr_cents).toBe(stats.mrr_cents);
      // It grew: members bought through the year and most of them stayed.
      expect(year.at(-1)!.mrr_cents).toBeGreaterThan(year[0].mrr_cents * 2);

      // The sandbox kept what the seed created: each member's customer, subscription and payments.
      const members = await seeded();
      expect(members.length).toBeGreaterThan(100);
      for (const member of members) {
        expect(env.sandbox.get(member.stripe_customer_id)?.object).toBe('customer');
        expect(env.sandbox.get(member.stripe_subscription_id)?.status).toBe(
          member.subscription_status,
        );
      }
      const statuses = new Set(members.map((member) => member.subscription_status));
      expect(statuses).toEqual(new Set(['active', 'past_due', 'canceled']));

      // Every past-due member's renewal failed, and they have its payment issue, as dunning
      // keeps it.
      const issues = await Promise.all(
        members
          .filter((member) => member.subscription_status === 'past_due')
          .map(
            async (member) =>
              (await call('GET', `/api/admin/users/${member.id}`)).json().payment_issue as {
                amount_cents: number;
                grace_ends_at: string;
              } | null,
          ),
      );
      expect(issues.length).toBeGreaterThan(5);
      for (const issue of issues) expect(issue?.amount_cents).toBeGreaterThan(0);

      // Only the lost checkouts need recovery, and Stripe has nothing the database lacks.
      const buyers: string[] = (
        await env.t.dataSource.query(
          `SELECT email FROM founding_reservations WHERE email LIKE '%@seed.example.com'`,
        )
      )
        .map((row: { email: string }) => row.email)
        .sort();
      expect(buyers).toHaveLength(4);
      expect(await candidates()).toEqual(buyers.map((email) => `${email} payment_not_processed`));
      const recovered = await call('POST', '/api/admin/recovery/recover', { email: buyers[0] });
      expect(recovered.json()).toEqual({
        success: true,
        message: `Successfully recovered customer: ${buyers[0]}`,
      });
      expect(await candidates()).toEqual(
        buyers.slice(1).map((email) => `${email} payment_not_processed`),
      );
      const reconciled = await call('POST', '/api/admin/recovery/reconcile');
      expect(reconciled.statusCode).toBe(200);
      expect(
        (reconciled.json().repaired as { action: string; email: string }[])
          .map((repair) => `${repair.action} ${repair.email}`)
          .sort(),
      ).toEqual(buyers.slice(1).map((email) => `reconcile_checkout ${email}`));
      expect(await candidates()).toEqual([]);

      // After the reconciliation the history agrees with what Stripe bills, worked out here from
      // Stripe alone: the upgrades count at their new price.
      const billed = total(await stripeMrrBySubscription(env.stripe));
      expect((await call('GET', '/api/admin/metrics/mrr-check')).json()).toEqual({
        history_mrr_cents: billed,
        stripe_mrr_cents: billed,
        difference_cents: 0,
        subscriptions: [],
      });
      expect((await call('GET', '/api/admin/stats')).json().mrr_cents).toBe(billed);

      // Sync with Stripe and Refresh Payment History on every member: all succeed and find the
      // seeded rows exactly as Stripe holds them.
      const before = await billingRows(env.t.dataSource);
      for (const member of members) {
        const synced = await call('POST', `/api/admin/users/${member.id}/stripe-sync`);
        expect(`${member.email} ${synced.statusCode}`).toBe(`${member.email} 200`);
        const history = await call('POST', `/api/admin/users/${member.id}/payments/sync`);
        expect(`${member.email} ${history.statusCode}`).toBe(`${member.email} 200`);
        expect(history.json().transactions.length).toBeGreaterThan(0);
        // One card on file, the default; past-due members keep the one that worked before.
        const cards = history.json().payment_methods as { is_default: boolean }[];
        expect(cards.filter((card) => card.is_default)).toHaveLength(1);
        expect(cards.length).toBe(member.subscription_status === 'past_due' ? 2 : 1);
      }
      expect(await billingRows(env.t.dataSource)).toEqual(before);
    }, 180_000);

    it('refunds, changes plans, cancels and reactivates seeded subscriptions', async () => {
      expect((await runSeed(['--users', '60'], { DATA_DIR: dataDir })).status).toBe(0);
      await startProduct();
      const payment = async (userId: string, status: string) =>
        (
          await env.t.dataSource.query(
            `SELECT id, amount_cents, amount_refunded_cents FROM transactions
              WHERE user_id = $1 AND status = $2 ORDER BY paid_at LIMIT 1`,
            [userId, status],
          )
        )[0] as { id: string; amount_cents: number; amount_refunded_cents: number };

      // A refund in full, and the rest of one refunded in part by the seed.
      const [prospector] = await seeded(
        `subscription_plan = 'prospector' AND subscription_status = 'active'`,
      );
      const paid = await payment(prospector.id, 'succeeded');
      const refunded = await call('POST', `/api/admin/users/${prospector.id}/refunds`, {
        transaction_id: paid.id,
      });
      expect(refunded.statusCode).toBe(200);
      expect(
        (refunded.json().transactions as { id: string; status: string }[]).find(
          (row) => row.id === paid.id,
        )?.status,
      ).toBe('refunded');
      const [partly] = await env.t.dataSource.query(
        `SELECT user_id, id, amount_cents - amount_refunded_cents AS rest FROM transactions
          WHERE user_id IS NOT NULL AND amount_refunded_cents > 0 AND status = 'succeeded' LIMIT 1`,
      );
      const rest = await call('POST', `/api/admin/users/${partly.user_id}/refunds`, {
        transaction_id: partly.id,
        amount_cents: partly.rest,
      });
      expect(rest.statusCode).toBe(200);

      // Plan changes: an upgrade, a past_due member's downgrade, a founding member's next phase.
      const upgraded = await call('POST', `/api/admin/users/${prospector.id}/subscription`, {
        plan: 'rainmaker',
      });
      expect(upgraded.statusCode).toBe(200);
      expect(upgraded.json().subscription_plan).toBe('rainmaker');
      const [pastDue] = await seeded(`subscription_status = 'past_due'`);
      const downgraded = await call('POST', `/api/admin/users/${pastDue.id}/subscription`, {
        plan: 'prospector',
      });
      expect(downgraded.statusCode).toBe(200);
      expect(downgraded.json().subscription_plan).toBe('prospector');
      const [founding] = await seeded(`subscription_plan = 'founding_member'`);
      const preview = await call(
        'GET',
        `/api/admin/users/${founding.id}/subscription/preview?plan=networker`,
      );
      expect(preview.json()).toMatchObject({ after_founding: true });
      expect(
        (await call('POST', `/api/admin/users/${founding.id}/subscription`, { plan: 'networker' }))
          .statusCode,
      ).toBe(200);

      // Cancel and reactivate: an active one, one cancelled by the seed, one ending at period end.
      const subscriptionOf = async (stripeId: string) =>
        (
          await env.t.dataSource.query(
            `SELECT id FROM subscriptions WHERE stripe_subscription_id = $1`,
            [stripeId],
          )
        )[0].id as string;
      const [networker] = await seeded(
        `subscription_plan = 'networker' AND subscription_status = 'active'`,
      );
      const active = await subscriptionOf(networker.stripe_subscription_id);
      const cancelled = await call('POST', `/api/admin/subscriptions/${active}/cancel`, {});
      expect(cancelled.json().subscription.status).toBe('canceled');
      const restarted = await reactivate(active);
      expect(restarted.json().subscription.status).toBe('active');
      const [canceled] = await seeded(`subscription_status = 'canceled'`);
      const reactivated = await reactivate(await subscriptionOf(canceled.stripe_subscription_id));
      expect(reactivated.json()).toMatchObject({
        message: 'subscription reactivated',
        subscription: { status: 'active' },
      });
      const [ending] = await env.t.dataSource.query(
        `SELECT id FROM subscriptions WHERE cancel_at_period_end AND status = 'active' LIMIT 1`,
      );
      const resumed = await reactivate(ending.id);
      expect(resumed.json().subscription).toMatchObject({
        status: 'active',
        cancel_at_period_end: false,
      });

      // A seeded event whose processing failed replays against the real objects.
      const [failed] = await env.t.dataSource.query(
        `SELECT id FROM stripe_events WHERE stripe_event_id LIKE 'evt_seed_%' AND NOT processed LIMIT 1`,
      );
      expect((await call('POST', `/api/admin/stripe-events/${failed.id}/replay`)).statusCode).toBe(
        200,
      );
      await waitFor(
        async () =>
          (
            await env.t.dataSource.query(`SELECT processed FROM stripe_events WHERE id = $1`, [
              failed.id,
            ])
          )[0].processed || undefined,
        15_000,
        'the replayed event processed',
      );
    }, 120_000);

    it('seeds promotions whose codes live in Stripe, error reports, and rows that agree with each other', async () => {
      for (const run of [1, 2]) {
        expect(
          `run ${run}: ${(await runSeed(['--users', '60'], { DATA_DIR: dataDir })).status}`,
        ).toBe(`run ${run}: 0`);
        await startProduct();
        const rows: { code: string; active: boolean; stripe_promotion_code_id: string }[] =
          await env.t.dataSource.query(
            `SELECT code, active, stripe_promotion_code_id FROM promotions ORDER BY code`,
          );
        const promotions = rows.map((row) => ({
          ...row,
          stripe: env.sandbox.get(row.stripe_promotion_code_id),
        }));
        expect(promotions.map(({ code, active }) => `${code} ${active}`)).toEqual([
          'DEMO-FRIEND10 true',
          'DEMO-SPRING25 true',
          'DEMO-WEBINAR50 false',
        ]);
        for (const { code, active, stripe } of promotions)
          expect(stripe).toMatchObject({ object: 'promotion_code', code, active });
        // A second run deactivates the first run's codes: one active code per name.
        for (const code of ['DEMO-FRIEND10', 'DEMO-SPRING25']) {
          const { data } = await env.stripe.promotionCodes.list({ code, active: true });
          expect(data.map((promotion) => promotion.id)).toEqual([
            promotions.find((promotion) => promotion.code === code)!.stripe_promotion_code_id,
          ]);
        }
        const reports = await call('GET', '/api/admin/error-reports');
        expect(reports.statusCode).toBe(200);
        expect((reports.json() as unknown[]).length).toBe(5);
        if (run === 1) await env.close();
      }
      const [contradictions] = await env.t.dataSource.query(
        `SELECT
           (SELECT count(*)::int FROM newsletter_subscriptions
             WHERE email LIKE '%@seed.example.com' AND status = 'pending' AND confirmed_at IS NOT NULL) AS pending_confirmed,
           (SELECT count(*)::int FROM newsletter_subscriptions
             WHERE email LIKE '%@seed.example.com' AND status = 'active' AND confirmed_at IS NULL) AS active_unconfirmed,
           (SELECT count(*)::int FROM emails
             WHERE to_email LIKE '%@seed.example.com' AND status = 'failed' AND (sent_at IS NOT NULL OR last_error IS NULL)) AS failed_sent,
           (SELECT count(*)::int FROM admin_actions a JOIN users u ON u.id = a.target_user_id
             WHERE u.email LIKE '%@seed.example.com' AND a.action_type = 'apply_promo'
               AND (u.promo_type IS DISTINCT FROM a.details->'new_values'->>'promo_type' OR NOT u.promo_active)) AS promo_not_held,
           (SELECT count(*)::int FROM admin_actions a JOIN users u ON u.id = a.target_user_id
             WHERE u.email LIKE '%@seed.example.com' AND a.action_type = 'apply_promo') AS promos_applied`,
      );
      expect(contradictions).toEqual({
        pending_confirmed: 0,
        active_unconfirmed: 0,
        failed_sent: 0,
        promo_not_held: 0,
        promos_applied: expect.any(Number),
      });
      expect(contradictions.promos_applied).toBeGreaterThan(0);
    }, 180_000);

    it('replaces an earlier seed without leaving Stripe objects a reconciliation would act on', async () => {
      expect((await runSeed(['--users', '40'], { DATA_DIR: dataDir })).status).toBe(0);
      await startProduct();
      // What an administrator did in the meantime: a recovery, and a new subscription.
      const [buyer] = (await candidates())[0].split(' ');
      expect((await call('POST', '/api/admin/recovery/recover', { email: buyer })).statusCode).toBe(
        200,
      );
      const [canceled] = await seeded(`subscription_status = 'canceled'`);
      const [row] = await env.t.dataSource.query(
        `SELECT id FROM subscriptions WHERE stripe_subscription_id = $1`,
        [canceled.stripe_subscription_id],
      );
      expect((await reactivate(row.id)).statusCode).toBe(200);
      await env.close();

      const again = await runSeed(['--users', '40'], { DATA_DIR: dataDir });
      expect(again.status).toBe(0);
      expect(again.output).toMatch(/Cancelled \d+ subscriptions left running by an earlier seed\./);
      await startProduct();
      expect(
        (
          await env.t.dataSource.query(
            `SELECT count(*)::int AS n FROM users WHERE email LIKE '%@seed.example.com'`,
          )
        )[0].n,
      ).toBe(40);
      const reconciled = await call('POST', '/api/admin/recovery/reconcile');
      expect(
        (reconciled.json().repaired as { action: string }[]).map((repair) => repair.action),
      ).toEqual(Array(4).fill('reconcile_checkout'));
      expect(await candidates()).toEqual([]);
    }, 120_000);
  });

  it('refuses while a server runs on the data folder with its sandbox, as migrate does', async () => {
    // `npm start` on a PostgreSQL server without a Stripe key: the sandbox's state is the folder's.
    const server = await BackendProcess.start({
      databaseUrl: testDatabaseUrl(),
      stripeUrl: 'https://api.stripe.com',
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        STRIPE_SECRET_KEY: undefined,
        STRIPE_PRICE_FOUNDING: undefined,
      },
    });
    try {
      expect(server.log).toContain('Local Stripe sandbox at');
      const refused = await runSeed([], { DATA_DIR: dataDir });
      expect(refused.status).toBe(2);
      expect(refused.output).toContain(
        `npm run seed creates its Stripe objects in the local Stripe sandbox, whose state the server running on ${dataDir} holds (pid ${server.pid}`,
      );
      expect(refused.output).toContain(
        'Stop the server, run npm run seed, then start the server again.',
      );
    } finally {
      await server.stop();
    }
    expect(DataFolderLock.readHolder(dataDir)).toBeUndefined();
  }, 90_000);

  it('refuses a live key, and a test key of a Stripe account unless told to create test objects there', async () => {
    const withKey = (key: string) => ({
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: key,
      STRIPE_PRICE_FOUNDING: 'price_founding_member',
    });
    const dataSource = createDataSource(testDatabaseUrl(), 1);
    await dataSource.initialize();
    const seededIds = () =>
      dataSource.query(`SELECT id FROM users WHERE email LIKE '%@seed.example.com' ORDER BY id`);
    try {
      const before = await seededIds();
      for (const args of [[], ['--stripe-test-objects']]) {
        const live = await runSeed(args, withKey('sk_live_0123456789abcdef'));
        expect(live.status).toBe(2);
        expect(live.output).toContain(
          'STRIPE_SECRET_KEY is a live key: npm run seed never creates objects in a live Stripe account.',
        );
      }
      const test = await runSeed([], withKey('sk_test_0123456789abcdef'));
      expect(test.status).toBe(2);
      expect(test.output).toContain('Add --stripe-test-objects to create them in its test mode');
      // Refused before anything was written.
      expect(await seededIds()).toEqual(before);
    } finally {
      await dataSource.destroy();
    }
  }, 60_000);

  it('talks to a sandbox already running at STRIPE_API_URL, or to none with --without-stripe', async () => {
    const sandbox = new StripeSandbox({
      webhookSecret: TEST_WEBHOOK_SECRET,
      webhookUrl: () => undefined,
    });
    const url = await sandbox.start();
    const dataSource = createDataSource(testDatabaseUrl(), 1);
    await dataSource.initialize();
    try {
      // Someone else's live subscription runs on the sandbox's own time: the members' history is
      // played on a test clock of their own, which leaves it where it was.
      const stripe = new Stripe('sk_test_local', {
        host: new URL(url).hostname,
        port: Number(new URL(url).port),
        protocol: 'http',
      });
      const customer = await stripe.customers.create({
        email: 'not-seeded@example.com',
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_prospector' }],
      });
      const clockBefore = (await stripe.testHelpers.testClocks.retrieve('clock_sandbox'))
        .frozen_time;
      const seeded = await runSeed(['--users', '20'], { DATA_DIR: dataDir, STRIPE_API_URL: url });
      expect(seeded.output).toContain(`payments in the Stripe sandbox at ${url}.`);
      expect(seeded.output).toContain('Their history covers the last');
      expect(seeded.status).toBe(0);
      const clockAfter = (await stripe.testHelpers.testClocks.retrieve('clock_sandbox'))
        .frozen_time;
      expect(clockAfter - clockBefore).toBeLessThan(600);
      expect(
        (await stripe.subscriptions.list({ customer: customer.id })).data[0].items.data[0]
          .current_period_start,
      ).toBeGreaterThan(clockBefore - 600);
      const [clock] = (await stripe.testHelpers.testClocks.list()).data;
      expect(clock).toMatchObject({ name: 'Seeded members', status: 'ready' });
      const [{ earliest }] = await dataSource.query(
        `SELECT min(paid_at) AS earliest FROM transactions t JOIN users u ON u.id = t.user_id
          WHERE u.email LIKE '%@seed.example.com'`,
      );
      expect(Date.now() - new Date(earliest).getTime()).toBeGreaterThan(30 * 24 * 3600_000);
      const customers = (
        await dataSource.query(
          `SELECT stripe_customer_id FROM users
            WHERE email LIKE '%@seed.example.com' AND stripe_customer_id IS NOT NULL`,
        )
      ).map((row: { stripe_customer_id: string }) => row.stripe_customer_id);
      expect(customers.length).toBeGreaterThan(5);
      for (const id of customers) expect(sandbox.get(id)?.object).toBe('customer');

      const bare = await runSeed(['--users', '20', '--without-stripe'], { DATA_DIR: dataDir });
      expect(bare.status).toBe(0);
      expect(bare.output).toContain('No Stripe objects (--without-stripe): nobody has paid.');
      expect(
        (
          await dataSource.query(
            `SELECT count(*)::int AS users, count(stripe_customer_id)::int AS customers,
                    (SELECT count(*)::int FROM transactions t JOIN users u ON u.id = t.user_id
                      WHERE u.email LIKE '%@seed.example.com') AS payments
               FROM users WHERE email LIKE '%@seed.example.com'`,
          )
        )[0],
      ).toEqual({ users: 20, customers: 0, payments: 0 });
    } finally {
      await dataSource.destroy();
      await sandbox.stop();
    }
  }, 60_000);
});
