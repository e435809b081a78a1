// npm run test:soak [-- --minutes M] [-- --rate R]
// Mixed traffic at a steady rate against the built product for M minutes (15 by default):
// sign-ins, member reads and writes, admin lists and signed webhooks. Every minute it reads the
// server's own memory from /api/metrics. Passes when no request failed, memory stayed flat and
// p99 stayed stable; writes bench/soak-results.json either way.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  percentile,
  ROOT,
  signedBalanceEvent,
  signIn,
  startProduct,
  withDatabase,
} from './support.js';

const { values: args } = parseArgs({
  options: { minutes: { type: 'string' }, rate: { type: 'string' } },
});
const minutes = Number(args.minutes ?? 15);
const rate = Number(args.rate ?? 40);

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'leadpulse_soak';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const credentials = { email: 'soak-admin@example.com', password: 'soak admin passphrase' };
const webhookSecret = 'whsec_soak_0123456789abcdef0123456789';
const metricsToken = 'soak-metrics-token-0123456789';
const log = (message: string) => console.log(`[soak] ${message}`);

interface Minute {
  minute: number;
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  heapUsedMb: number;
  rssMb: number;
}

async function memory(url: string): Promise<{ heapUsedMb: number; rssMb: number }> {
  const text = await (
    await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const value = (suffix: string) =>
    Number(
      text
        .split('\n')
        .find((line) => /^\w+$/.test(line.split(' ')[0]) && line.split(' ')[0].endsWith(suffix))
        ?.split(' ')[1] ?? Number.NaN,
    ) /
    1024 /
    1024;
  return {
    heapUsedMb: value('nodejs_heap_size_used_bytes'),
    rssMb: value('process_resident_memory_bytes'),
  };
}

/** Least-squares slope of `values` per step. */
function slope(values: number[]): number {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, value) => sum + value, 0) / n;
  let numerator = 0;
  let denominator = 0;
  values.forEach((value, index) => {
    numerator += (index - meanX) * (value - meanY);
    denominator += (index - meanX) ** 2;
  });
  return denominator === 0 ? 0 : numerator / denominator;
}

async function main() {
  await withDatabase(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'leadpulse-soak-'));
  const product = await startProduct({
    databaseUrl,
    dataDir,
    admin: credentials,
    webhookSecret,
    metricsToken,
    // All traffic comes from one address: the per-address limits would stop a steady load.
    env: { LOGIN_MAX_FAILURES_PER_IP: '1000000', RATE_LIMIT_REFRESH: '1000000' },
  });
  const minutesLog: Minute[] = [];
  try {
    const token = await signIn(product.url, credentials);
    const auth = { authorization: `Bearer ${token}` };
    const json = { 'content-type': 'application/json' };
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/me', headers: auth },
      {
        method: 'PATCH',
        path: '/api/me',
        headers: { ...auth, ...json },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ company: `Soak ${randomUUID().slice(0, 8)}` }),
        }),
      },
      {
        method: 'GET',
        path: '/api/admin/users?_start=0&_end=20&_sort=created_at&_order=DESC',
        headers: auth,
      },
      { method: 'GET', path: '/api/admin/stripe-events?_start=0&_end=20', headers: auth },
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: JSON.stringify(credentials),
      },
      {
        method: 'POST',
        path: '/api/webhooks/stripe',
        setupRequest: (request) => {
          const { payload, signature } = signedBalanceEvent(webhookSecret);
          return { ...request, body: payload, headers: { ...json, 'stripe-signature': signature } };
        },
      },
    ];

    log(`${minutes} minutes at ${rate} requests/s against ${product.url}`);
    for (let minute = 1; minute <= minutes; minute += 1) {
      const latencies: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: product.url,
            connections: 10,
            overallRate: rate,
            duration: 60,
            requests,
            timeout: 10,
          },
          (error, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
          latencies.push(ms),
        );
      });
      latencies.sort((a, b) => a - b);
      const entry: Minute = {
        minute,
        requests: result.requests.total,
        failures: result.non2xx + result.errors + result.timeouts,
        p50Ms: Number(percentile(latencies, 50).toFixed(1)),
        p99Ms: Number(percentile(latencies, 99).toFixed(1)),
        ...(await memory(product.url)),
      };
      minutesLog.push(entry);
      log(
        `minute ${minute}: ${entry.requests} requests, ${entry.failures} failed, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, heap ${entry.heapUsedMb.toFixed(1)} MB, rss ${entry.rssMb.toFixed(1)} MB`,
      );
    }
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await withDatabase(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
    );
  }

  // The first minute warms caches and JIT; the verdict reads the rest.
  const steady = minutesLog.slice(minutesLog.length > 2 ? 1 : 0);
  const failures = minutesLog.reduce((sum, entry) => sum + entry.failures, 0);
  const heapSlope = slope(steady.map((entry) => entry.heapUsedMb));
  const p99s = steady.map((entry) => entry.p99Ms).sort((a, b) => a - b);
  const medianP99 = p99s[Math.floor(p99s.length / 2)];
  const checks = [
    { check: 'no failed request', passed: failures === 0, value: `${failures} failures` },
    {
      check: 'memory flat (heap grows < 1 MB a minute)',
      passed: heapSlope < 1,
      value: `${heapSlope.toFixed(2)} MB/min`,
    },
    {
      check: 'p99 stable (no minute above twice the median)',
      passed: Math.max(...p99s) <= 2 * medianP99,
      value: `median ${medianP99} ms, worst ${Math.max(...p99s)} ms`,
    },
  ];
  writeFileSync(
    join(ROOT, 'bench/soak-results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), minutes, rate, checks, minutes_log: minutesLog }, null, 2)}\n`,
  );
  for (const { check, passed, value } of checks)
    log(`${passed ? 'PASS' : 'FAIL'} ${check}: ${value}`);
  if (checks.some((check) => !check.passed)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
