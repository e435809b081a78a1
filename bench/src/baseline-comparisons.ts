// Scenarios that race the product against a bare Fastify baseline: the health probe and GET /api/me.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import {
  round,
  median,
  summary,
  type BenchContext,
  type LoadSummary,
  type ScenarioResult,
} from './scenario-kit.js';
import {
  freePort,
  JWT_SECRET,
  load,
  LogFile,
  ROOT,
  startServer,
  type LoadResult,
  type Server,
} from './support.js';
import { targetOf } from './targets.js';

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
