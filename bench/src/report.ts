import { met, type ScenarioResult } from './scenarios.js';

export interface Report {
  date: string;
  command: string;
  machine: Record<string, string | number>;
  settings: Record<string, string | number>;
  scenarios: ScenarioResult[];
  /** Later runs of some scenarios alone (`--only`), merged into this report. */
  partial_runs?: { date: string; command: string }[];
}

const targetText = (op: string, value: number, unit: string) =>
  `${op === '>=' ? '≥' : op === '<=' ? '≤' : '<'} ${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;

/** bench/RESULTS.md: every figure beside its target, then the notes of each scenario. */
export function renderMarkdown(report: Report): string {
  const lines = [
    '# Benchmark results',
    '',
    `Run of ${report.date} with \`${report.command}\`. Written by the run itself; see \`results.json\` for the same figures.`,
    ...(report.partial_runs ?? []).map(
      (run) =>
        `The scenarios named in \`${run.command}\` were measured again, alone, on ${run.date}; their figures replace those of the full run.`,
    ),
    '',
    '## Machine and settings',
    '',
    ...Object.entries({ ...report.machine, ...report.settings }).map(
      ([key, value]) => `- ${key.replace(/_/g, ' ')}: ${value}`,
    ),
    '',
    "Figures that depend on the machine are also given as a ratio to the run's baseline: the",
    'requests per second of a bare Fastify server answering the same database ping as',
    '`GET /api/health/database` (for latencies, the ratio is of the rate one connection would',
    'reach, 1000 / p95, to that baseline).',
    '',
    '## Figures',
    '',
    '| scenario | figure | measured | ratio to baseline | target | met |',
    '|---|---|---|---|---|---|',
  ];
  for (const scenario of report.scenarios) {
    for (const figure of scenario.figures) {
      const verdict = met(figure);
      lines.push(
        `| ${scenario.scenario} | ${figure.name} | ${figure.value.toLocaleString('en-US')} ${figure.unit} | ${
          figure.ratio ? figure.ratio.value : '—'
        } | ${figure.target ? targetText(figure.target.op, figure.target.value, figure.unit) : '—'} | ${
          verdict === undefined ? '—' : verdict ? 'yes' : '**no**'
        } |`,
      );
    }
  }
  lines.push('', '## Notes', '');
  for (const scenario of report.scenarios) {
    if (scenario.notes.length === 0) continue;
    lines.push(`- ${scenario.scenario}: ${scenario.notes.join('; ')}`);
  }
  lines.push('', ANALYSIS);
  return lines.join('\n');
}

/**
 * What CPU profiles of the server (`node --cpu-prof` under the same load) showed, what was fixed,
 * and what would close the remaining gaps. Kept with the code that measures, and revised when a
 * run says otherwise.
 */
const ANALYSIS = `## What the profiles say

This machine has 2 cores shared by the server, PostgreSQL and the load generator, so every
figure above is also given against the bare-server baseline of the same run.

Fixed after the first runs (each found in a CPU profile of the server under load):
- @fastify/helmet built Helmet's middleware again for every request (7.5% of the server's time on
  the health probe): it is now built once.
- jsonwebtoken turned the JWT secret string into a KeyObject on every request (16% on
  \`GET /api/me\`): the strategy now gets a KeyObject made once.
- Terminus's HealthCheckService and the TypeORM ping's AbortSignal timeouts took 15% of the
  health probe: the checks now run directly with a plain \`SELECT 1\` and one timer.
- The user search compared the \`citext\` e-mail with citext's own ILIKE, which the trigram index
  cannot serve, so every search scanned the table; it now compares as text. Broad searches
  count exactly up to 10,000 and then answer PostgreSQL's estimate (\`X-Total-Estimated\`,
  "about" in the pagination). The seed now runs \`VACUUM ANALYZE\`: after a bulk load the GIN
  pending lists made a selective search 4 times slower (69 ms against 15 ms in EXPLAIN ANALYZE).

Still short, and why:
- Health probe against bare Fastify, and \`GET /api/me\`: what remains is the framework's own
  path (Nest's router and guards, passport, TypeORM building the SQL of \`findOneBy\` on every
  call, about 9% of \`/api/me\`) and the socket writes of Helmet's dozen headers. Closing the gap
  to 0.85 would mean leaving Nest's pipeline for the hot routes (plain Fastify handlers) or
  caching TypeORM's generated SQL; on this machine \`/api/me\` is also limited by the load
  generator sharing the two cores.
- Sign-in: argon2id at 19 MiB and two passes costs about 25 ms of one core per hash, and the hash
  runs on libuv's 4 threads over 2 cores, so about 35 sign-ins/s is this machine's ceiling; the
  event loop stays free (lag p99 under 25 ms) because the hashing is off the main thread. The p95
  is queueing: 8 connections wait for 2 cores, so a sign-in waits for about 8 hashes; with as
  many connections as cores it would be the hash's own time.
- Webhook ingest: each event is verified (HMAC), inserted with its job in one transaction
  (two round trips and a commit) and acknowledged; the ack p99 is the commit's fsync and the
  queueing of 20 connections on 2 cores. Acknowledging after a single multi-row insert, or
  \`synchronous_commit = off\` for this insert alone, would shorten it.
- Landing page TBT (and LCP, which passes here at about 0.9 s but close to the line): parsing
  and running 200 KB (gzip) of JavaScript on a shared core; the same fixes as the bundle size
  below, and rendering the hero before the rest of the page, would bring both down.
- Admin search, selective term: the seed's names repeat (20 first and 20 last names over a
  million users), so most trigrams of a name match a twentieth of the table and GIN has long
  lists to intersect; real names are far more varied. An index on the e-mail's local part alone,
  or full-text search on names, would cut it further.
- Landing route JavaScript: React and React DOM are about 60 KB of it and MUI's components the
  rest; loading notistack and the header's menu on demand would save about 35 KB.
- \`npm start\` to healthy: loading the backend's modules takes about 3.5 s here (thousands of
  CommonJS files: Nest, TypeORM, Stripe, Swagger), opening the embedded PGlite database about
  1.2 s, and Nest's start about 1.5 s. Bundling the backend into one file (esbuild) and Node 22's
  module compile cache would roughly halve it; starting the Stripe sandbox and Swagger lazily
  would save a little more.

Payment-history sync: the first version retrieved each listed invoice again, then listed its
payments and retrieved its charge, so 10,000 invoices cost 30,000 calls to Stripe (about 68 s
here against the sandbox, and hours at Stripe's 100 requests a second). It now reads whole
pages: the customer's charges, 100 at a time, and its invoices with their payments expanded
(\`expand[]=data.payments\`), 100 at a time, so 10,000 invoices take about 200 calls. A second
sync writes no row, because each upsert only writes a row that changed.
`;
