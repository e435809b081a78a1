// Scenarios on the product alone: password sign-in, Stripe webhook ingest, admin search, payment sync.
import argon2 from 'argon2';
import type autocannon from 'autocannon';
import Stripe from 'stripe';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import {
  median,
  ratio,
  round,
  summary,
  type BenchContext,
  type Figure,
  type LoadSummary,
  type ScenarioResult,
} from './scenario-kit.js';
import { load, signedBalanceEvent, withDatabase } from './support.js';
import { targetOf } from './targets.js';

/** Reads one Prometheus sample's value from /api/metrics. */
async function metric(context: BenchContext, name: string): Promise<number> {
  const text = await (
    await fetch(`${context.product.url}/api/metrics`, {
      headers: { authorization: `Bearer ${context.metricsToken}` },
    })
  ).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

/** argon2id at the product's parameters (backend/src/auth/passwords.service.ts). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The median time of one password check alone, in this process: what a sign-in cannot beat. */
async function hashTime(password: string): Promise<number> {
  const hash = await argon2.hash(password, ARGON2);
  const times: number[] = [];
  for (let run = 0; run < 9; run++) {
    const started = performance.now();
    await argon2.verify(hash, password);
    times.push(performance.now() - started);
  }
  return round(median(times));
}

/**
 * Password sign-in with argon2id at OWASP's parameters: its p95 at 2 connections (as many as
 * cores), beside the hash's own time, then throughput at 8 while the event loop is watched.
 */
export async function login(context: BenchContext): Promise<ScenarioResult> {
  const body = JSON.stringify({ email: context.admin.email, password: context.admin.password });
  const options = {
    url: `${context.product.url}/api/auth/login`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body,
  };
  const hashMs = await hashTime(context.admin.password);
  await load({ ...options, connections: 2, duration: 2 });
  const pair = { connections: 2, duration: context.seconds };
  const twoConnections = await load({ ...options, ...pair }, context.product.child);
  await load({ ...options, connections: 4, duration: 2 });
  // prom-client's event-loop histogram restarts at each scrape: read once to start it afresh.
  await metric(context, 'leadpulse_nodejs_eventloop_lag_p99_seconds');
  const eight = { connections: 8, duration: context.seconds };
  const result = await load({ ...options, ...eight }, context.product.child);
  const lagP99 = (await metric(context, 'leadpulse_nodejs_eventloop_lag_p99_seconds')) * 1000;
  return {
    scenario: 'POST /api/auth/login, argon2id (19 MiB, 2 passes, 1 lane)',
    figures: [
      {
        name: 'p95 at 2 connections',
        value: twoConnections.p95Ms,
        unit: 'ms',
        target: targetOf('login', 'p95 at 2 connections'),
      },
      { name: 'argon2id check alone (median)', value: hashMs, unit: 'ms' },
      {
        name: 'logins at 8 connections',
        value: result.requestsPerSecond,
        unit: '/s',
        target: { op: '>=', value: 30 },
        ratio: ratio(result.requestsPerSecond, context),
      },
      { name: 'p95 at 8 connections', value: result.p95Ms, unit: 'ms' },
      {
        name: 'event-loop lag p99',
        value: round(lagP99),
        unit: 'ms',
        target: { op: '<', value: 50 },
      },
    ],
    notes: [
      `2 connections: ${twoConnections.requests} sign-ins, ${twoConnections.failures} failures; 8 connections: ${result.requests} sign-ins, ${result.failures} failures`,
      'the hash alone is timed in the bench process with nothing else running',
    ],
    loads: [
      summary('2 connections', pair, twoConnections),
      summary('8 connections', eight, result),
    ],
  };
}

/** Signed Stripe events posted as fast as the server acknowledges them (verified and stored). */
export async function webhookIngest(context: BenchContext): Promise<ScenarioResult> {
  const options = {
    url: `${context.product.url}/api/webhooks/stripe`,
    method: 'POST' as const,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          const { payload, signature } = signedBalanceEvent(context.webhookSecret);
          return {
            ...request,
            body: payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          };
        },
      },
    ],
  };
  await load({ ...options, connections: 10, duration: 2 });
  const settings = { connections: 20, duration: context.seconds };
  const result = await load({ ...options, ...settings }, context.product.child);
  return {
    scenario: 'POST /api/webhooks/stripe: signed events verified and stored, 20 connections',
    figures: [
      {
        name: 'events',
        value: result.requestsPerSecond,
        unit: '/s',
        target: targetOf('webhooks', 'events'),
        ratio: ratio(result.requestsPerSecond, context),
      },
      {
        name: 'ack p99',
        value: result.p99Ms,
        unit: 'ms',
        target: targetOf('webhooks', 'ack p99'),
      },
    ],
    notes: [
      `${result.requests} events, ${result.failures} failures; each is processed afterwards by the job queue; the generator signs each event (HMAC) itself`,
    ],
    loads: [summary('20 connections', settings, result)],
  };
}

/** The admin user search over the seeded users: a selective term and a broad one. */
export async function adminSearch(
  context: BenchContext,
  users: number,
  selectiveTerm: string,
): Promise<ScenarioResult> {
  const headers = { authorization: `Bearer ${context.admin.token}` };
  const url = (q: string) =>
    `${context.product.url}/api/admin/users?${new URLSearchParams({
      filter: JSON.stringify({ q }),
      range: '[0,19]',
      sort: '["created_at","DESC"]',
    })}`;
  const figures: Figure[] = [];
  const notes: string[] = [];
  const loads: LoadSummary[] = [];
  for (const [label, term] of [
    ['selective', selectiveTerm],
    ['broad', 'a'],
  ] as const) {
    const first = await fetch(url(term), { headers });
    const total = first.headers.get('content-range')?.split('/')[1];
    await load({ url: url(term), headers, connections: 2, duration: 2 });
    const settings = { connections: 4, duration: context.seconds };
    const result = await load({ url: url(term), headers, ...settings }, context.product.child);
    const name = `${label} p95`;
    figures.push({
      name,
      value: result.p95Ms,
      unit: 'ms',
      target: targetOf('search', name),
      ratio: ratio(1000 / result.p95Ms, context),
    });
    notes.push(
      `${label} "${term}": ${total} matches, ${result.requestsPerSecond} req/s at 4 connections, p50 ${result.p50Ms} ms, ${result.failures} failures`,
    );
    loads.push(summary(`${label} "${term}"`, settings, result));
  }
  return {
    scenario: `Admin user search (list and total) over ${users.toLocaleString('en-US')} seeded users with varied names`,
    figures,
    notes,
    loads,
  };
}

/**
 * Refresh Payment History for a customer with `invoices` paid invoices in the Stripe sandbox:
 * the time of the first sync, and the rows a second sync writes (none: nothing changed).
 */
export async function paymentSync(
  context: BenchContext,
  sandbox: StripeSandbox,
  invoices: number,
): Promise<ScenarioResult> {
  const stripe = new Stripe('sk_test_bench', {
    host: new URL(sandbox.url).hostname,
    port: Number(new URL(sandbox.url).port),
    protocol: 'http',
  });
  const customer = await stripe.customers.create({
    email: 'history@bench.example.com',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_prospector' }],
  });
  sandbox.seedInvoiceHistory(subscription.id, invoices - 1);

  const userId = await withDatabase(context.databaseUrl, async (client) => {
    const { rows } = await client.query(
      `UPDATE users SET stripe_customer_id = $1 WHERE email = $2 RETURNING id`,
      [customer.id, context.admin.email],
    );
    return rows[0].id as string;
  });
  const sync = async () => {
    const started = performance.now();
    const response = await fetch(`${context.product.url}/api/admin/users/${userId}/payments/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${context.admin.token}` },
    });
    if (!response.ok) throw new Error(`sync answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return (performance.now() - started) / 1000;
  };
  /** Each stored row's version (xmin changes whenever PostgreSQL writes the row). */
  const versions = () =>
    withDatabase(context.databaseUrl, async (client) => {
      const { rows } = await client.query(
        `SELECT 'transactions:' || id AS key, xmin::text AS version FROM transactions WHERE stripe_customer_id = $1
         UNION ALL
         SELECT 'payment_methods:' || id, xmin::text FROM payment_methods WHERE stripe_customer_id = $1`,
        [customer.id],
      );
      return new Map(rows.map((row) => [row.key as string, row.version as string]));
    });

  const firstSeconds = await sync();
  const before = await versions();
  const secondSeconds = await sync();
  const after = await versions();
  const rewritten = [...after].filter(([key, version]) => before.get(key) !== version).length;
  const stored = [...after.keys()].filter((key) => key.startsWith('transactions:')).length;
  return {
    scenario: `Refresh Payment History of a customer with ${invoices.toLocaleString('en-US')} paid invoices in the Stripe sandbox`,
    figures: [
      {
        name: 'first sync',
        value: Number(firstSeconds.toFixed(2)),
        unit: 's',
        target: { op: '<', value: 30 },
      },
      {
        name: 'rows written by a second sync',
        value: rewritten,
        unit: 'rows',
        target: { op: '<=', value: 0 },
      },
    ],
    notes: [
      `${stored} payments stored; the second sync read everything again in ${secondSeconds.toFixed(2)} s`,
    ],
  };
}
