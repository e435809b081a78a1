// npm run bench [-- --quick] [-- --only health,me] [-- --users N] [-- --seconds S] [-- --rounds R]
// Measures the product against baselines taken in the same run and writes bench/results.json
// and bench/RESULTS.md. Needs PostgreSQL (BENCH_DATABASE_URL's server, by default the local one;
// the database BENCH_DATABASE_NAME, by default leadpulse_bench, is recreated)
// and Debian's Chromium; the front ends and the backend must be built (npm run bench does it).
// `--dry-run` prints the options as parsed and the scenarios that would run, and does nothing else.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { LEADS_IMPORT } from './leads-import.js';
import { renderMarkdown, type Report } from './report.js';

/** Scenarios of the product that live in files of their own: `{ id, name, measure(context) }`. */
const PLUGGED = [LEADS_IMPORT] as const;

const SCENARIOS = [
  'health',
  'me',
  'login',
  'webhooks',
  'search',
  'payment-sync',
  'bundles',
  'vitals',
  'startup',
  'first-start',
  'leads-scoring',
  ...PLUGGED.map((scenario) => scenario.id),
] as const;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    users: { type: 'string' },
    seconds: { type: 'string' },
    /** Alternations of the product and its bare baseline (3, or 1 with --quick). */
    rounds: { type: 'string' },
    'report-only': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    /** Runs only these scenarios (comma-separated ids) and merges them into results.json. */
    only: { type: 'string' },
    invoices: { type: 'string' },
  },
});
const only = args.only ? new Set(args.only.split(',')) : undefined;
const unknown = [...(only ?? [])].filter((id) => !(SCENARIOS as readonly string[]).includes(id));
if (unknown.length > 0) {
  console.error(`Unknown scenario ${unknown.join(', ')}; the scenarios: ${SCENARIOS.join(', ')}`);
  process.exit(2);
}
const wanted = (id: (typeof SCENARIOS)[number]) => !only || only.has(id);
/** The scenarios that need the product running. */
const PRODUCT_SCENARIOS = [
  'health',
  'me',
  'login',
  'webhooks',
  'search',
  'payment-sync',
  'bundles',
  'vitals',
  'leads-scoring',
  ...PLUGGED.map((scenario) => scenario.id),
] as const;
const quick = args.quick!;
const users = Number(args.users ?? (quick ? 20_000 : 1_000_000));
const seconds = Number(args.seconds ?? (quick ? 3 : 10));
const rounds = Number(args.rounds ?? (quick ? 1 : 3));
const invoices = Number(args.invoices ?? (quick ? 1_000 : 10_000));
const seeded = wanted('search') ? users : 0;
const command = [
  'npm run bench',
  ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
].join(' ');

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.BENCH_DATABASE_NAME ?? 'leadpulse_bench';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

const log = (message: string) => console.log(`[bench] ${message}`);

/** How the product runs for the API scenarios, as the report states it. */
const PRODUCT_MODE =
  'built backend (node backend/dist/bundle/main.js) with NODE_ENV=production, LOG_LEVEL unset (JSON logs at the default level, info, to standard output, here a file), the Stripe settings pointed at a Stripe sandbox in the bench process (STRIPE_SECRET_KEY=sk_test_…, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET), pool of DATABASE_POOL_SIZE (10)';

async function main() {
  // Loaded here, so that --dry-run and --report-only need no build of the backend.
  const { adminSearch, paymentSync, healthVersusBaseline, login, me, webhookIngest } =
    await import('./scenarios.js');
  const { transferredBytes } = await import('./transfer.js');
  const { seedUsers } = await import('./seed.js');
  const { firstStart, startup } = await import('./startup.js');
  const { LogFile, ROOT, signIn, startProduct, withDatabase } = await import('./support.js');
  const { landingVitals } = await import('./vitals.js');
  const { StripeSandbox } = await import('@leadpulse/stripe-sandbox');
  type ScenarioResult = import('./scenarios.js').ScenarioResult;
  const admin = <T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> =>
    withDatabase(url, work);

  const startedAt = new Date();
  const results: ScenarioResult[] = [];
  const run = async (
    id: (typeof SCENARIOS)[number],
    name: string,
    scenario: () => Promise<ScenarioResult> | ScenarioResult,
  ) => {
    if (!wanted(id)) return;
    log(name);
    const result = { id, ...(await scenario()) };
    results.push(result);
    for (const figure of result.figures) log(`  ${figure.name}: ${figure.value} ${figure.unit}`);
  };
  const databaseVersion = await admin(
    async (client) => (await client.query('SHOW server_version')).rows[0].server_version as string,
  );

  /** The scenarios that measure the running product, on a fresh database. */
  const measureProduct = async () => {
    log(`fresh database ${databaseName}`);
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${databaseName}`);
    });
    log(`seeding ${seeded.toLocaleString('en-US')} users`);
    const seedSeconds = seeded > 0 ? await seedUsers(databaseUrl, seeded) : 0;

    const dataDir = mkdtempSync(join(tmpdir(), 'leadpulse-bench-data-'));
    const logDir = mkdtempSync(join(tmpdir(), 'leadpulse-bench-logs-'));
    const productLog = new LogFile(join(logDir, 'product.log'));
    const credentials = { email: 'bench-admin@example.com', password: 'bench admin passphrase' };
    const webhookSecret = 'whsec_bench_0123456789abcdef0123456789';
    const metricsToken = 'bench-metrics-token-0123456789';
    // The product talks to a Stripe sandbox in this process, so a scenario can give it a history.
    const sandbox = new StripeSandbox({ webhookSecret, webhookUrl: () => undefined });
    const sandboxUrl = await sandbox.start();
    log('starting the product (NODE_ENV=production)');
    const product = await startProduct({
      databaseUrl,
      dataDir,
      admin: credentials,
      webhookSecret,
      metricsToken,
      production: true,
      logFile: productLog.path,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_bench',
        STRIPE_API_URL: sandboxUrl,
        STRIPE_PRICE_FOUNDING: 'price_founding_member',
      },
    });
    try {
      const token = await signIn(product.url, credentials);
      const context = {
        databaseUrl,
        seconds,
        rounds,
        product,
        productLog,
        logDir,
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

      await run('health', 'health vs bare Fastify', () => healthVersusBaseline(context));
      await run('me', 'GET /api/me vs bare Fastify', () => me(context));
      await run('login', 'login', () => login(context));
      await run('webhooks', 'webhook ingest', () => webhookIngest(context));
      await run('search', 'admin search', () => adminSearch(context, users, selective!));
      await run('payment-sync', 'payment-history sync', () =>
        paymentSync(context, sandbox, invoices),
      );
      await run('leads-scoring', 'lead scoring at 100,000 leads', async () =>
        (await import('./leads-scoring.js')).leadsScoring(context),
      );
      await run('bundles', 'bytes a browser receives', () => transferredBytes(product.url));
      await run('vitals', 'landing page vitals and Lighthouse (mobile)', () =>
        landingVitals(`${product.url}/`, quick ? 2 : 5, quick ? 1 : 3),
      );
      for (const scenario of PLUGGED)
        await run(scenario.id, scenario.name, () => scenario.measure(context));
    } finally {
      await product.stop();
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(logDir, { recursive: true, force: true });
    }
    return seedSeconds;
  };
  const seedSeconds = PRODUCT_SCENARIOS.some(wanted) ? await measureProduct() : 0;
  await run('startup', 'npm start (embedded database)', () => startup());
  await run('first-start', 'first npm start of a fresh clone', () => firstStart());

  const report: Report = {
    date: startedAt.toISOString(),
    command,
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memory_gb: Number((totalmem() / 1024 ** 3).toFixed(1)),
      os: `${type()} ${release()}`,
      node: process.version,
      postgresql: databaseVersion,
    },
    settings: {
      product: PRODUCT_MODE,
      baselines:
        'bare Fastify 5 (bench/src/baseline-server.ts) on the same database and pool size, NODE_ENV=production, Fastify’s own logger (pino) writing one JSON line per request to standard output, a file as for the product',
      load_generator:
        'autocannon in the bench process, on the same two cores as the servers and PostgreSQL; its CPU use is given with each load',
      seconds_per_load: seconds,
      rounds_per_comparison: rounds,
      seeded_users: seeded,
      seed_seconds: Number(seedSeconds.toFixed(1)),
      seed_names:
        'the demo seed’s user 1, then users with first and last names drawn from every Latin-script locale of @faker-js/faker (about 17,000 first and 14,000 last names)',
      rate_limits:
        'defaults: none of the measured routes is rate-limited for successful requests (sign-in limits count failures only)',
    },
    scenarios: results,
  };
  let written = report;
  if (only) {
    // A partial run replaces its own scenarios in the last report and keeps the rest.
    const previous = JSON.parse(readFileSync(join(ROOT, 'bench/results.json'), 'utf8')) as Report;
    const kept = previous.scenarios.filter((scenario) => !scenario.id || !only.has(scenario.id));
    written = {
      ...previous,
      scenarios: [...kept, ...results],
      partial_runs: [
        ...(previous.partial_runs ?? []).filter(
          (partial) => !partial.scenarios?.every((id) => only.has(id)),
        ),
        {
          date: startedAt.toISOString(),
          command,
          scenarios: [...only],
          settings: report.settings,
        },
      ],
    };
  }
  writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(written, null, 2)}\n`);
  writeFileSync(join(ROOT, 'bench/RESULTS.md'), renderMarkdown(written));
  log('wrote bench/results.json and bench/RESULTS.md');
}

if (args['dry-run']) {
  console.log(
    JSON.stringify({
      quick,
      users,
      seeded,
      seconds,
      rounds,
      invoices,
      only: only ? [...only] : null,
      scenarios: SCENARIOS.filter(wanted),
    }),
  );
} else if (args['report-only']) {
  // Renders RESULTS.md again from results.json, after the analysis text changed.
  const root = new URL('../../', import.meta.url);
  const report = JSON.parse(readFileSync(new URL('bench/results.json', root), 'utf8')) as Report;
  writeFileSync(new URL('bench/RESULTS.md', root), renderMarkdown(report));
} else {
  await main();
}
