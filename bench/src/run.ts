// npm run bench [-- --quick] [-- --users N] [-- --seconds S]
// Measures the product against baselines taken in the same run and writes bench/results.json
// and bench/RESULTS.md. Needs PostgreSQL (BENCH_DATABASE_URL's server, by default the local one)
// and Debian's Chromium; the front ends and the backend must be built (npm run bench does it).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, type } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { renderMarkdown, type Report } from './report.js';
import {
  adminSearch,
  paymentSync,
  bundleSizes,
  healthVersusBaseline,
  login,
  me,
  seedUsers,
  startup,
  webhookIngest,
  type BenchContext,
  type ScenarioResult,
} from './scenarios.js';
import { ROOT, signIn, startProduct, withDatabase } from './support.js';
import { StripeSandbox } from '../../backend/dist/stripe-sandbox/stripe-sandbox.js';
import { landingVitals } from './vitals.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    users: { type: 'string' },
    seconds: { type: 'string' },
    'report-only': { type: 'boolean', default: false },
    /** Runs only these scenarios (comma-separated ids) and merges them into results.json. */
    only: { type: 'string' },
    invoices: { type: 'string' },
  },
});
const only = args.only ? new Set(args.only.split(',')) : undefined;
const wanted = (id: string) => !only || only.has(id);
const quick = args.quick!;
const users = Number(args.users ?? (quick ? 20_000 : 1_000_000));
const seconds = Number(args.seconds ?? (quick ? 3 : 10));
const invoices = Number(args.invoices ?? (quick ? 1_000 : 10_000));

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'leadpulse_bench';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

const admin = <T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> =>
  withDatabase(url, work);

const log = (message: string) => console.log(`[bench] ${message}`);

async function main() {
  const startedAt = new Date();
  log(`fresh database ${databaseName}`);
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
  const seeded = wanted('search') ? users : 0;
  log(`seeding ${seeded.toLocaleString('en-US')} users`);
  const seedSeconds = seeded > 0 ? seedUsers(databaseUrl, seeded) : 0;

  const dataDir = mkdtempSync(join(tmpdir(), 'leadpulse-bench-data-'));
  const credentials = { email: 'bench-admin@example.com', password: 'bench admin passphrase' };
  const webhookSecret = 'whsec_bench_0123456789abcdef0123456789';
  const metricsToken = 'bench-metrics-token-0123456789';
  // The product talks to a Stripe sandbox in this process, so a scenario can give it a history.
  const sandbox = new StripeSandbox({ webhookSecret, webhookUrl: () => undefined });
  const sandboxUrl = await sandbox.start();
  log('starting the product');
  const product = await startProduct({
    databaseUrl,
    dataDir,
    admin: credentials,
    webhookSecret,
    metricsToken,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_API_URL: sandboxUrl,
      STRIPE_PRICE_FOUNDING: 'price_founding_member',
    },
  });

  const results: ScenarioResult[] = [];
  const databaseVersion = await admin(
    async (client) => (await client.query('SHOW server_version')).rows[0].server_version as string,
  );
  try {
    const token = await signIn(product.url, credentials);
    const context: BenchContext = {
      databaseUrl,
      seconds,
      product,
      admin: { ...credentials, token },
      webhookSecret,
      metricsToken,
    };
    const selective = await admin(async (client) => {
      if (seeded === 0) return undefined;
      const { rows } = await client.query(
        `SELECT split_part(email, '@', 1) AS term FROM users WHERE email LIKE '%@seed.example.com' ORDER BY id LIMIT 1 OFFSET $1`,
        [Math.floor(users / 2)],
      );
      return rows[0].term as string;
    }, databaseUrl);

    const run = async (
      id: string,
      name: string,
      scenario: () => Promise<ScenarioResult> | ScenarioResult,
    ) => {
      if (!wanted(id)) return;
      log(name);
      const result = { id, ...(await scenario()) };
      results.push(result);
      for (const figure of result.figures) log(`  ${figure.name}: ${figure.value} ${figure.unit}`);
    };
    await run('health', 'health vs bare Fastify', () => healthVersusBaseline(context));
    await run('me', 'GET /api/me', () => me(context));
    await run('login', 'login', () => login(context));
    await run('webhooks', 'webhook ingest', () => webhookIngest(context));
    await run('search', 'admin search', () => adminSearch(context, users, selective!));
    await run('payment-sync', 'payment-history sync', () =>
      paymentSync(context, sandbox, invoices),
    );
    await run('bundles', 'bundle sizes', () => bundleSizes());
    await run('vitals', 'landing page vitals', () =>
      landingVitals(`${product.url}/`, quick ? 2 : 5),
    );
  } finally {
    await product.stop();
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (wanted('startup')) {
    log('npm start (embedded database)');
    results.push({ id: 'startup', ...(await startup()) });
  }

  const report = {
    date: startedAt.toISOString(),
    command: `npm run bench${quick ? ' -- --quick' : ''}`,
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memory_gb: Number((totalmem() / 1024 ** 3).toFixed(1)),
      os: `${type()} ${release()}`,
      node: process.version,
      postgresql: databaseVersion,
    },
    settings: {
      seconds_per_load: seconds,
      seeded_users: users,
      seed_seconds: Number(seedSeconds.toFixed(1)),
      log_level: 'warn',
      rate_limits:
        'defaults: none of the measured routes is rate-limited for successful requests (sign-in limits count failures only)',
    },
    scenarios: results,
  };
  if (only) {
    // A partial run replaces its own scenarios in the last full report and keeps the rest.
    const previous = JSON.parse(readFileSync(join(ROOT, 'bench/results.json'), 'utf8')) as Report;
    const kept = previous.scenarios.filter((scenario) => !scenario.id || !only.has(scenario.id));
    Object.assign(report, previous, {
      scenarios: [...kept, ...results],
      partial_runs: [
        ...(previous.partial_runs ?? []),
        { date: startedAt.toISOString(), command: `npm run bench -- --only ${args.only}` },
      ],
    });
  }
  writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(ROOT, 'bench/RESULTS.md'), renderMarkdown(report));
  log('wrote bench/results.json and bench/RESULTS.md');
}

if (args['report-only']) {
  // Renders RESULTS.md again from results.json, after the analysis text changed.
  const report = JSON.parse(readFileSync(join(ROOT, 'bench/results.json'), 'utf8')) as Report;
  writeFileSync(join(ROOT, 'bench/RESULTS.md'), renderMarkdown(report));
} else {
  await main();
}
