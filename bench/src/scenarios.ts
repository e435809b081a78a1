import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import argon2 from 'argon2';
import type autocannon from 'autocannon';
import Stripe from 'stripe';
import type { StripeSandbox } from '../../backend/dist/stripe-sandbox/stripe-sandbox.js';
import {
  freePort,
  JWT_SECRET,
  load,
  LogFile,
  ROOT,
  signedBalanceEvent,
  startServer,
  withDatabase,
  type LoadResult,
  type Server,
} from './support.js';
import { targetOf, type Target } from './targets.js';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target, as the issue on speed states it (targets.ts). */
  target?: Target;
  /** The same figure over the run's baseline, where it depends on the machine's speed. */
  ratio?: { value: number; baseline: string };
}

/** One load of a scenario, with what the load generator and the server spent on it. */
export interface LoadSummary {
  load: string;
  connections: number;
  seconds: number;
  requests_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  failures: number;
  /** The load generator's CPU use (the bench's own process), in cores. */
  generator_cpu: number;
  /** The server process's CPU use, in cores. */
  server_cpu?: number;
  /** CPU the machine's host took away during the load ("steal"), in cores. */
  stolen_cpu?: number;
  /** Lines the server logged per request, and the share of lines naming `reqId` twice. */
  log_lines_per_request?: number;
  duplicate_req_id_share?: number;
}

export interface ScenarioResult {
  /** The scenario's id for `--only` (health, me, login, webhooks, search, payment-sync, …). */
  id?: string;
  scenario: string;
  figures: Figure[];
  notes: string[];
  loads?: LoadSummary[];
}

export interface BenchContext {
  databaseUrl: string;
  /** Seconds each load runs. */
  seconds: number;
  /** Alternations of the product and its bare baseline in a comparison. */
  rounds: number;
  product: Server;
  /** The product's standard output: its JSON log lines. */
  productLog: LogFile;
  /** Where the baselines' logs go. */
  logDir: string;
  admin: { email: string; password: string; token: string };
  /** Req/s of the bare Fastify health baseline: the machine's yardstick for the run. */
  baselineRps?: number;
  webhookSecret: string;
  metricsToken: string;
}

const ratio = (value: number, context: BenchContext) =>
  context.baselineRps
    ? {
        value: Number((value / context.baselineRps).toFixed(3)),
        baseline: 'bare Fastify health probe req/s',
      }
    : undefined;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export function summary(
  label: string,
  options: { connections: number; duration: number },
  result: LoadResult,
  logged?: { lines: number; duplicateReqId: number },
): LoadSummary {
  return {
    load: label,
    connections: options.connections,
    seconds: options.duration,
    requests_per_second: result.requestsPerSecond,
    p50_ms: result.p50Ms,
    p95_ms: result.p95Ms,
    p99_ms: result.p99Ms,
    failures: result.failures,
    generator_cpu: result.generatorCpu,
    ...(result.serverCpu !== undefined ? { server_cpu: result.serverCpu } : {}),
    ...(result.stolenCpu !== undefined ? { stolen_cpu: result.stolenCpu } : {}),
    ...(logged && result.requests > 0
      ? {
          log_lines_per_request: round(logged.lines / result.requests, 3),
          duplicate_req_id_share: logged.lines ? round(logged.duplicateReqId / logged.lines, 3) : 0,
        }
      : {}),
  };
}

/** The bare Fastify baselines (baseline-server.ts) on the bench's database, logging to a file. */
async function startBaseline(context: BenchContext, env: NodeJS.ProcessEnv = {}) {
  const log = new LogFile(join(mkdtempSync(join(context.logDir, 'baseline-')), 'stdout.log'));
  const server = await startServer(
    process.execPath,
    [join(ROOT, 'bench/dist/baseline-server.js')],
    {
      DATABASE_URL: context.databaseUrl,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
      JWT_SECRET,
      NODE_ENV: 'production',
      ...env,
    },
    await freePort(),
    { logFile: log.path },
  );
  return { server, log };
}

interface Side {
  server: Server;
  log: LogFile;
}

/**
 * The same request against the bare baseline and the product, alternately `context.rounds`
 * times after a warm-up of each, so that drift on a shared machine hits both alike. Medians over
 * the rounds; the ratio is the median of each round's product / bare. The warm-up lasts
 * WARM_UP_SECONDS: with two, the product's first round still ran code V8 had not yet optimised
 * (its rate climbed from 0.6 to 0.9 of the bare server's over the next rounds; the bare server,
 * with far less code, was steady from the first).
 */
const WARM_UP_SECONDS = 6;

async function compare(
  context: BenchContext,
  path: string,
  sides: { bare: Side; product: Side },
  options: { connections: number; headers?: Record<string, string> },
) {
  const run = async (side: Side, duration: number, label?: string) => {
    const settings = { connections: options.connections, duration };
    const mark = side.log.mark();
    const result = await load(
      { url: `${side.server.url}${path}`, headers: options.headers, ...settings },
      side.server.child,
    );
    return {
      result,
      loaded: label ? summary(label, settings, result, side.log.since(mark)) : undefined,
    };
  };
  await run(sides.bare, WARM_UP_SECONDS);
  await run(sides.product, WARM_UP_SECONDS);
  const rounds: { bare: LoadResult; product: LoadResult }[] = [];
  const loads: LoadSummary[] = [];
  for (let index = 1; index <= context.rounds; index++) {
    const bare = await run(sides.bare, context.seconds, `bare, round ${index}`);
    const product = await run(sides.product, context.seconds, `product, round ${index}`);
    rounds.push({ bare: bare.result, product: product.result });
    loads.push(bare.loaded!, product.loaded!);
  }
  const of = (side: 'bare' | 'product', key: keyof LoadResult) =>
    round(median(rounds.map((entry) => entry[side][key] as number)));
  return {
    bareRps: of('bare', 'requestsPerSecond'),
    productRps: of('product', 'requestsPerSecond'),
    bareP99: of('bare', 'p99Ms'),
    productP99: of('product', 'p99Ms'),
    ratio: round(
      median(rounds.map((entry) => entry.product.requestsPerSecond / entry.bare.requestsPerSecond)),
      3,
    ),
    failures: rounds.reduce((sum, entry) => sum + entry.bare.failures + entry.product.failures, 0),
    loads,
  };
}

/** Notes every comparison carries: what each side logged and what the generator spent. */
function comparisonNotes(loads: LoadSummary[]): string[] {
  const of = (side: string) => loads.filter((entry) => entry.load.startsWith(side));
  const lines = (side: string) =>
    of(side)
      .map((entry) => entry.log_lines_per_request ?? Number.NaN)
      .join(', ');
  const duplicates = of('product').some((entry) => (entry.duplicate_req_id_share ?? 0) > 0);
  return [
    `log lines per request: bare ${lines('bare')}, product ${lines('product')}${
      duplicates ? ' (the product names reqId twice in its lines)' : ''
    }`,
    `load generator CPU: bare ${of('bare')
      .map((entry) => entry.generator_cpu)
      .join(', ')} cores, product ${of('product')
      .map((entry) => entry.generator_cpu)
      .join(', ')} cores`,
  ];
}

/** GET /api/health/database against a bare Fastify server doing the same ping and logging. */
export async function healthVersusBaseline(context: BenchContext): Promise<ScenarioResult> {
  const baseline = await startBaseline(context);
  try {
    const connections = 20;
    const result = await compare(
      context,
      '/api/health/database',
      { bare: baseline, product: { server: context.product, log: context.productLog } },
      { connections },
    );
    context.baselineRps = result.bareRps;
    return {
      scenario: 'GET /api/health/database vs a bare Fastify server with the same ping and logging',
      figures: [
        { name: 'bare Fastify + pg', value: result.bareRps, unit: 'req/s' },
        { name: 'product', value: result.productRps, unit: 'req/s' },
        {
          name: 'product / bare',
          value: result.ratio,
          unit: 'ratio',
          target: targetOf('health', 'product / bare'),
        },
        { name: 'bare p99', value: result.bareP99, unit: 'ms' },
        { name: 'product p99', value: result.productP99, unit: 'ms' },
      ],
      notes: [
        `${connections} connections, ${context.rounds} × ${context.seconds} s each side, alternating; ${result.failures} failures`,
        ...comparisonNotes(result.loads),
      ],
      loads: result.loads,
    };
  } finally {
    await baseline.server.stop();
  }
}

/**
 * GET /api/me against a bare Fastify server doing the same token check, ended-sign-in check and
 * read, and answering the same fields.
 */
export async function me(context: BenchContext): Promise<ScenarioResult> {
  const headers = { authorization: `Bearer ${context.admin.token}` };
  const answer = async (url: string) => {
    const response = await fetch(`${url}/api/me`, { headers });
    if (!response.ok) throw new Error(`${url}/api/me answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const productAnswer = await answer(context.product.url);
  const derived = new Set(['display_status', 'plan_badge', 'payment_issue']);
  const columns = Object.keys(productAnswer).filter((key) => !derived.has(key));
  const baseline = await startBaseline(context, { ME_COLUMNS: columns.join(',') });
  try {
    const bareAnswer = await answer(baseline.server.url);
    const sameFields =
      JSON.stringify(Object.keys(bareAnswer).sort()) ===
      JSON.stringify(Object.keys(productAnswer).sort());
    const connections = 50;
    const result = await compare(
      context,
      '/api/me',
      { bare: baseline, product: { server: context.product, log: context.productLog } },
      { connections, headers },
    );
    return {
      scenario: `GET /api/me vs a bare Fastify server with the same JWT check and read, ${connections} connections`,
      figures: [
        { name: 'bare Fastify + pg', value: result.bareRps, unit: 'req/s' },
        {
          name: 'product',
          value: result.productRps,
          unit: 'req/s',
        },
        {
          name: 'product / bare',
          value: result.ratio,
          unit: 'ratio',
          target: targetOf('me', 'product / bare'),
        },
        { name: 'bare p99', value: result.bareP99, unit: 'ms' },
        {
          name: 'product p99',
          value: result.productP99,
          unit: 'ms',
          target: targetOf('me', 'product p99'),
        },
      ],
      notes: [
        `${connections} connections, ${context.rounds} × ${context.seconds} s each side, alternating; ${result.failures} failures`,
        sameFields
          ? `both answer the same ${Object.keys(productAnswer).length} fields`
          : `the answers differ: bare ${Object.keys(bareAnswer).sort().join(',')}; product ${Object.keys(productAnswer).sort().join(',')}`,
        ...comparisonNotes(result.loads),
      ],
      loads: result.loads,
    };
  } finally {
    await baseline.server.stop();
  }
}

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
