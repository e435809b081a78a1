/**
 * npm run seed [-- --users N] [--without-stripe] [--stripe-test-objects]
 * Development only: fills the database with demo data so every admin screen can be seen full:
 * users in every status, founding members, subscriptions, payments and cards, newsletter
 * subscribers, e-mails, Stripe events, audit entries and roles, a few paid checkouts whose
 * webhook was lost, for Customer Recovery, and a few members' lead workspaces (the sample import). The paying members' customers, cards, subscriptions,
 * invoices and refunds are created in Stripe (the local sandbox unless told otherwise) through
 * the SDK, and the rows carry the ids Stripe returned, so every billing action works on them.
 * Seeded rows use `@seed.example.com` addresses; running it again replaces them (cancelling the
 * earlier seed's subscriptions) and touches nothing else.
 */
import 'reflect-metadata';
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { DataFolderLock } from '../database/data-folder-lock.js';
import { createDataSource } from '../database/data-source.js';
import { openDatabaseForTool } from '../database/open-database.js';
import { runMigrations } from '../database/run-migrations.js';
import { prepareJobSchema } from '../jobs/jobs.service.js';
import { localSandboxStateFile } from '../stripe/local-sandbox.js';
import { createStripeClient } from '../stripe/stripe.client.js';
import {
  insertErrorReports,
  insertNewsletterAndEmails,
  insertPromotions,
  insertRolesAndAudit,
  SEED_PROMOTIONS,
} from './seed-back-office-rows.js';
import { insertEvents, writeDunning, writeMembers } from './seed-billing-rows.js';
import {
  insertReservation,
  insertUsers,
  lostBuyers,
  recordCheckout,
  removeEarlierSeed,
  seededPeople,
  type Query,
} from './seed-people.js';
import {
  memberPlan,
  SeedRefused,
  seededEvents,
  seedStripeTarget,
  SeedStripe,
  type SeedStripeTarget,
} from './seed-stripe.js';
import { HISTORY_USERS } from './seed-history.js';
import { SeedMembers } from './seed-members.js';
import { seedLeads, type SeededLeads } from './seed-leads.js';
import { closeTool, openWithLocalSandbox, type ToolResources } from './tool-resources.js';
import { RevenueBackfill } from '../revenue/revenue-backfill.js';
import { SubscriptionHistoryService } from '../revenue/subscription-history.service.js';

/** Paid checkouts whose webhook was lost: a handful, as a real incident would leave. */
const LOST_CHECKOUTS = 4;
/** Stripe events recorded at most. */
const EVENTS = 300;
/** Members created in Stripe at once. */
const CONCURRENCY = 4;
/** The local sandbox's state (MB) past which the seed suggests starting it afresh. */
const LARGE_STATE_MB = 256;

export interface SeedOptions {
  users: number;
  /** Where the paying members' Stripe objects go; without it, nobody has paid. */
  stripe?: SeedStripe;
  /** The product's address, for the checkout sessions' return links. */
  appUrl: string;
  /** BILLING_GRACE_DAYS: how long past-due members keep their plan. */
  graceDays: number;
}

export interface SeedSummary {
  members: number;
  /** How many days of history the members have (0: they all bought at the seed's time). */
  historyDays: number;
  lostCheckouts: number;
  /** Subscriptions of an earlier seed cancelled. */
  retired: number;
  /** Demo members given leads through the sample import, and how many leads they hold. */
  leads: SeededLeads;
}

/** Seeds in one transaction, after cancelling what an earlier seed left running in Stripe. */
export async function seed(dataSource: DataSource, options: SeedOptions): Promise<SeedSummary> {
  const retired = options.stripe ? await options.stripe.retireEarlierSeed() : 0;
  return dataSource.transaction(async (manager) => {
    const q: Query = (sql, parameters = []) => manager.query(sql, parameters);
    await removeEarlierSeed(q);
    await insertUsers(q, options.users);
    const { members, window } = options.stripe
      ? await createMembers(q, options.stripe)
      : { members: [], window: undefined };
    if (options.stripe) {
      await writeMembers(q, members, options.stripe.prices);
      await writeDunning(q, members, options.graceDays);
    }
    await insertNewsletterAndEmails(q);
    await insertEvents(q, seededEvents(members, EVENTS));
    await insertRolesAndAudit(q);
    await insertErrorReports(q);
    const leads = await seedLeads(manager);
    if (options.stripe) await insertPromotions(q, await createPromotions(options.stripe));
    const lostCheckouts = options.stripe?.canPayCheckouts
      ? await createLostCheckouts(q, options.stripe, options.appUrl)
      : 0;
    return {
      members: members.length,
      historyDays: window ? Math.round((window.to - window.from) / 86_400) : 0,
      lostCheckouts,
      retired,
      leads,
    };
  });
}

/** The members' Stripe objects and their history, a few members at a time. */
async function createMembers(q: Query, stripe: SeedStripe) {
  const members = (await seededPeople(q)).flatMap(({ n, signedUpAt, ...person }) => {
    const plan = memberPlan(n);
    return plan ? [{ person, n, plan, signedUpAt }] : [];
  });
  return new SeedMembers(stripe.stripe, stripe, CONCURRENCY).create(
    members,
    Math.floor(Date.now() / 1000),
  );
}

async function createPromotions(stripe: SeedStripe) {
  const promotions = [];
  for (const promotion of SEED_PROMOTIONS)
    promotions.push({ ...promotion, ...(await stripe.createPromotion(promotion)) });
  return promotions;
}

async function createLostCheckouts(q: Query, stripe: SeedStripe, appUrl: string) {
  const buyers = lostBuyers(LOST_CHECKOUTS);
  for (const [index, buyer] of buyers.entries()) {
    // Documentation addresses (TEST-NET-3): live holds are counted per client address.
    const reservationId = await insertReservation(q, buyer, `203.0.113.${index + 1}`);
    await recordCheckout(
      q,
      reservationId,
      await stripe.createLostCheckout({ ...buyer, reservationId }, appUrl),
    );
  }
  return buyers.length;
}

/**
 * The local sandbox is started here on the data folder's state, as `npm start` starts it, with
 * its webhooks held (the seed writes the rows itself). A running server holds that state, so the
 * seed then refuses, as migrate does. Without it (another Stripe, or none), the seed may work
 * through a running server's database, as create-admin does.
 */
async function open(config: AppConfig, target: SeedStripeTarget): Promise<ToolResources> {
  if (target !== 'data-folder-sandbox')
    return { config, database: await openDatabaseForTool(config, { viaRunningServer: true }) };
  const holder = DataFolderLock.readHolder(config.dataDir);
  if (holder)
    throw new SeedRefused(
      `npm run seed creates its Stripe objects in the local Stripe sandbox, whose state the server ` +
        `running on ${config.dataDir} holds (pid ${holder.pid}, started ${holder.started_at}). ` +
        'Stop the server, run npm run seed, then start the server again.',
    );
  return openWithLocalSandbox(config);
}

function where(target: SeedStripeTarget, config: AppConfig): string {
  if (target === 'data-folder-sandbox')
    return `the local Stripe sandbox (${localSandboxStateFile(config)})`;
  if (target === 'sandbox') return `the Stripe sandbox at ${config.stripe.apiUrl}`;
  return "the Stripe account's test mode";
}

/** The local sandbox's state on disk (its snapshot and journal), in MB. */
function stateMegabytes(config: AppConfig): number {
  const snapshot = localSandboxStateFile(config);
  const files = [snapshot, snapshot.replace(/\.json$/, '.journal')];
  const bytes = files.reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
  return Math.round(bytes / 1e6);
}

/**
 * A warning once the local sandbox's state is large: it grows with every run (the sandbox cannot
 * delete customers) and is read whole at every start, which fails past 512 MB.
 */
function stateWarning(config: AppConfig): string[] {
  const megabytes = stateMegabytes(config);
  if (megabytes < LARGE_STATE_MB) return [];
  return [
    `The local Stripe sandbox's state is ${megabytes} MB and grows with every run. With the server ` +
      `stopped, delete ${localSandboxStateFile(config).replace(/\.json$/, '.*')} for an empty ` +
      'sandbox, then run npm run seed again.',
  ];
}

/** Where the members' history comes from, or why they all bought today. */
function history(summary: SeedSummary, target: SeedStripeTarget, config: AppConfig): string {
  if (summary.historyDays > 0)
    return (
      `Their history covers the last ${summary.historyDays} days on a test clock of their own ` +
      `(the first ${HISTORY_USERS} users' purchases, renewals, plan changes, refunds, failed payments ` +
      'and cancellations), so the dashboard has twelve months of revenue to show.'
    );
  if (target === 'stripe-test-mode')
    return "They all bought today: Stripe's own test clocks hold three customers each, too few for a history.";
  const stateFiles =
    target === 'data-folder-sandbox'
      ? `delete ${localSandboxStateFile(config).replace(/\.json$/, '.*')} with the server stopped`
      : 'start the sandbox afresh';
  return (
    'They all bought today: the sandbox made no test clock to start in the past. For a year of ' +
    `history, ${stateFiles} and seed again.`
  );
}

function report(summary: SeedSummary, target: SeedStripeTarget, config: AppConfig): string[] {
  const leads = `Lead workspaces: ${summary.leads.members} members with ${summary.leads.leads.toLocaleString('en-US')} leads from the sample LinkedIn export.`;
  if (target === 'none') return ['No Stripe objects (--without-stripe): nobody has paid.', leads];
  return [
    leads,
    `${summary.members.toLocaleString('en-US')} paying members with their customers, cards, subscriptions and payments in ${where(target, config)}.`,
    history(summary, target, config),
    summary.lostCheckouts
      ? `Customer Recovery: ${summary.lostCheckouts} paid founding checkouts whose webhook was lost.`
      : "Customer Recovery: none (Stripe's own checkout page needs a person to pay).",
    ...(summary.retired
      ? [
          `Cancelled ${summary.retired.toLocaleString('en-US')} subscriptions left running by an earlier seed.`,
        ]
      : []),
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      'without-stripe': { type: 'boolean', default: false },
      'stripe-test-objects': { type: 'boolean', default: false },
    },
  });
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 1 || users > 1_000_000) {
    console.error(
      'Usage: npm run seed [-- --users N] [--without-stripe] [--stripe-test-objects] (N from 1 to 1,000,000)',
    );
    return 2;
  }
  const config = AppConfig.fromEnvironment();
  if (config.isProduction) {
    console.error('npm run seed is for development only; it refuses to run in production.');
    return 2;
  }
  let resources: ToolResources;
  let target: SeedStripeTarget;
  try {
    target = seedStripeTarget(config, {
      withoutStripe: values['without-stripe'],
      stripeTestObjects: values['stripe-test-objects'],
    });
    resources = await open(config, target);
  } catch (error) {
    if (!(error instanceof SeedRefused)) throw error;
    console.error(error.message);
    return 2;
  }
  const dataSource = createDataSource(resources.database.url, 2);
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    // The leads' writes queue automation events in the same statements: the queue's tables first.
    await prepareJobSchema(dataSource, resources.database.url);
    const started = Date.now();
    const stripe: Stripe | undefined =
      target === 'none' ? undefined : createStripeClient(resources.config);
    const summary = await seed(dataSource, {
      users,
      stripe: stripe
        ? new SeedStripe(stripe, resources.config.stripe.prices, target !== 'stripe-test-mode')
        : undefined,
      appUrl: resources.config.appUrl,
      graceDays: resources.config.billing.graceDays,
    });
    // The revenue metrics read the subscription history: the seeded subscriptions get theirs from
    // Stripe, as `npm run backfill-revenue` builds it.
    const history = stripe
      ? await new RevenueBackfill(
          stripe,
          dataSource,
          new SubscriptionHistoryService(stripe, resources.config),
          resources.config.stripe.prices,
        ).run(
          undefined,
          (
            (await dataSource.query(
              `SELECT s.stripe_subscription_id AS id FROM subscriptions s
                 JOIN users u ON u.id = s.user_id WHERE u.email LIKE '%@seed.example.com'`,
            )) as { id: string }[]
          ).map((row) => row.id),
        )
      : undefined;
    // Bulk inserts leave the trigram indexes' pending lists full and the statistics stale:
    // searches would be several times slower until autovacuum came by.
    await dataSource.query(
      'VACUUM ANALYZE users, subscriptions, transactions, emails, leads, lead_signals',
    );
    console.log(
      [
        `Seeded ${users.toLocaleString('en-US')} demo users in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        ...report(summary, target, resources.config),
        ...(history
          ? [
              `Revenue history: ${history.rows.toLocaleString('en-US')} rows for ${history.subscriptions.toLocaleString('en-US')} subscriptions.`,
            ]
          : []),
      ].join('\n'),
    );
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await closeTool(resources);
  }
  if (target === 'data-folder-sandbox')
    for (const warning of stateWarning(config)) console.warn(warning);
  return 0;
}

if (process.argv[1]?.endsWith('seed.js')) {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
