import type { Figure, ScenarioResult } from './scenarios.js';
import { findTarget, meets, TARGET_ROWS, type Target } from './targets.js';

export interface Report {
  date: string;
  command: string;
  machine: Record<string, string | number>;
  settings: Record<string, string | number>;
  scenarios: ScenarioResult[];
  /** Later runs of some scenarios alone (`--only`), merged into this report. */
  partial_runs?: {
    date: string;
    command: string;
    scenarios?: string[];
    settings?: Record<string, string | number>;
  }[];
}

const targetText = ({ op, value }: Target, unit: string) =>
  `${op === '>=' ? '≥' : op === '<=' ? '≤' : '<'} ${value.toLocaleString('en-US')}${unit && unit !== 'ratio' ? ` ${unit}` : ''}`;

const valueText = (figure: Figure) =>
  `${figure.value.toLocaleString('en-US')}${figure.unit && figure.unit !== 'ratio' ? ` ${figure.unit}` : ''}`;

const verdictText = (verdict: boolean | undefined) =>
  verdict === undefined ? '—' : verdict ? 'yes' : '**no**';

const settingLines = (settings: Record<string, string | number>) =>
  Object.entries(settings).map(([key, value]) => `- ${key.replace(/_/g, ' ')}: ${value}`);

/** The speed targets' table: each row's figures now, its target, and whether it is met. */
function targetsTable(report: Report): string[] {
  const lines = ['| figure | now | target | met |', '|---|---|---|---|'];
  for (const row of TARGET_ROWS) {
    const scenario = report.scenarios.find((candidate) => candidate.id === row.scenario);
    const found = row.figures.map(({ name, target }) => ({
      target,
      figure: scenario?.figures.find((figure) => figure.name === name),
    }));
    const targets = row.figures.map(({ target, unit }) => targetText(target, unit)).join(' / ');
    if (found.some(({ figure }) => !figure)) {
      lines.push(
        `| ${row.figure} | not measured in this report (\`npm run bench -- --only ${row.scenario}\`) | ${targets} | — |`,
      );
      continue;
    }
    const now = found.map(({ figure }) => valueText(figure!)).join(' / ');
    const met = found.every(({ figure, target }) => meets(figure!.value, target));
    lines.push(`| ${row.figure} | ${now} | ${targets} | ${verdictText(met)} |`);
  }
  return lines;
}

/** Every load with what it cost the load generator, which shares the cores with the servers. */
function loadsTable(report: Report): string[] {
  const lines = [
    '| scenario | load | connections | req/s | p50 | p99 | failures | generator CPU | server CPU | stolen CPU | log lines / request |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const scenario of report.scenarios)
    for (const entry of scenario.loads ?? [])
      lines.push(
        `| ${scenario.id ?? scenario.scenario} | ${entry.load} | ${entry.connections} | ${entry.requests_per_second.toLocaleString('en-US')} | ${entry.p50_ms} ms | ${entry.p99_ms} ms | ${entry.failures} | ${entry.generator_cpu} | ${entry.server_cpu ?? '—'} | ${entry.stolen_cpu ?? '—'} | ${entry.log_lines_per_request ?? '—'} |`,
      );
  return lines.length > 2 ? lines : [];
}

/** bench/RESULTS.md: the targets, every figure, the loads, then the notes of each scenario. */
export function renderMarkdown(report: Report): string {
  const lines = [
    '# Benchmark results',
    '',
    `Run of ${report.date} with \`${report.command}\`. Written by the run itself; see \`results.json\` for the same figures.`,
  ];
  const partialRuns = report.partial_runs ?? [];
  let shown: string | undefined;
  for (const [index, run] of partialRuns.entries()) {
    // A later partial run's scenarios are that run's figures, not this one's.
    const later = new Set(partialRuns.slice(index + 1).flatMap((next) => next.scenarios ?? []));
    const ids = run.scenarios?.filter((id) => !later.has(id));
    if (ids?.length === 0) continue;
    lines.push(
      '',
      `The scenarios ${ids ? ids.map((id) => `\`${id}\``).join(', ') : 'it names'} were measured again, alone, on ${run.date} with \`${run.command}\`; their figures replace those of the full run.`,
    );
    const settings = JSON.stringify(run.settings);
    if (run.settings && settings !== JSON.stringify(report.settings) && settings !== shown) {
      lines.push('', "That run's settings (and those of the runs below, unless they say):");
      lines.push('', ...settingLines(run.settings));
      shown = settings;
    }
  }
  lines.push(
    '',
    '## Machine and settings',
    '',
    ...settingLines({ ...report.machine, ...report.settings }),
    '',
    'Each API scenario compares the product with a bare Fastify server doing the same work in the',
    'same run (`product / bare`). The other machine-dependent figures are also given as a ratio to',
    "the run's bare health probe (requests per second; for latencies, the rate one connection would",
    'reach, 1000 / p95, over that baseline).',
    '',
    '## Targets',
    '',
    ...targetsTable(report),
    '',
    '## Figures',
    '',
    '| scenario | figure | measured | ratio to baseline | target | met |',
    '|---|---|---|---|---|---|',
  );
  for (const scenario of report.scenarios) {
    for (const figure of scenario.figures) {
      // The table's target where it has one, so that figures of an earlier run meet today's.
      const target = findTarget(scenario.id, figure.name) ?? figure.target;
      lines.push(
        `| ${scenario.scenario} | ${figure.name} | ${valueText(figure)} | ${
          figure.ratio ? figure.ratio.value : '—'
        } | ${target ? targetText(target, figure.unit) : '—'} | ${verdictText(
          target ? meets(figure.value, target) : undefined,
        )} |`,
      );
    }
  }
  const loads = loadsTable(report);
  if (loads.length > 0)
    lines.push(
      '',
      '## Loads',
      '',
      "CPU in cores (1 = one core busy for the whole load); the load generator is the bench process. Stolen CPU is the time the virtual machine's host gave to others during the load (Linux's steal time): a load with some ran on less than two cores.",
      '',
      ...loads,
    );
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
figure above is also given against a bare-server baseline of the same run, and the Loads table
says what the load generator itself used. The API is measured as production runs it
(\`NODE_ENV=production\`, JSON request logs at the default level); its baselines do the same work:
the health baseline the same \`SELECT 1\` on the same pool size, the \`/api/me\` baseline the same
HS256 check and read of the member's row, and both log one JSON line per request through
Fastify's own pino logger to the same kind of destination (standard output, into a file). In
earlier runs the health baseline did not log at all and the product logged at \`warn\` in
development mode, so their ratios are not comparable with these.

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

Since the last full run, for the health probe and \`GET /api/me\` (run with \`--quick --only
health,me\` while other builds shared the machine: load average 5 to 10 on 2 cores):
- Both routes are answered by Fastify directly (\`backend/src/web/direct-routes.ts\`): their Nest
  controllers still declare them for the API document, and a Fastify \`onRoute\` hook swaps in
  handlers that call the same services, so every hook still runs (request id, security headers,
  CORS, the refusal of NUL characters, metrics, the request log) and errors get the exception
  filter's answer. Nest's router proxy, guard and passport were about half of \`/api/me\`. The
  integration tests compare both with routes through Nest (answers, headers, 401 bodies).
- The member's row is read with a named prepared statement on TypeORM's pool, with the columns
  from TypeORM's metadata (\`database/prepared-read.ts\`), and the ping goes straight to the pool:
  TypeORM's query runner and SQL building were a tenth of each route.
- Helmet runs once at start and each answer gets its headers; the per-request hooks take
  callbacks instead of returning promises; a request's log line names \`reqId\` once (it named it
  twice); standard output is written asynchronously.
- Together: health 0.52 of its baseline (0.16 to 0.49 before, in the same conditions), \`/api/me\`
  0.58 (0.11 to 0.38 before). CPU per request, measured from \`/proc\`, went from about 400 µs to
  about 250 µs on \`/api/me\` (the baseline's is about 180 µs).

Since then (the health probe and \`/api/me\` changes are listed below, after the start):
- Webhook ingest: the event and its job are stored by one statement (the job only when the event
  is new), prepared once per connection on a PostgreSQL server: about 0.8 ms of the server's CPU
  and 0.9 ms of PostgreSQL's per event down to 0.4 and 0.3 ms; 1,944 events/s, ack p99 20 ms.
- Admin search: the trigram indexes' pending lists are bounded to 64 kB (at a million users the
  promo-expiry job's updates right after a start had left 4 MB of unsorted entries that every
  search read: selective p95 58 ms to 24 ms), and a page that ends the matches gives the total
  without a count.

Since the last session, for \`GET /api/me\`, the health probe and the queues (measured with
\`--quick --only health,me,webhooks --rounds 5\` on a quiet machine, the figures above):
- \`/api/me\` reads the member's row as one JSON value (\`row_to_json\`) in a named statement
  (\`database/prepared-read.ts\`). node-postgres describes every column of a result on every call
  and builds each result's parsers and empty row from that description: for the 35 columns of
  \`users\` that was about 30 µs of the route's 190 µs of CPU (\`addFields\` alone), more than all
  of Fastify's and the product's own hooks. Dates go through the pool's own parser; a test
  compares the row with TypeORM's, value for value, with every column set. The statement had
  also been sent unnamed, so PostgreSQL parsed and planned it on every call. Together: \`/api/me\`
  from 0.65 to 0.85 to 1.07 of its baseline in successive runs, p99 from 30.6 to 24.7 to 28.8 ms.
- The bundle drops esbuild's \`__name(next, "next")\` calls, which name a declaration with the
  name it already has: inside Fastify's hook runner three ran on every request.
- Each side of a comparison warms for 6 s instead of 2: with 2, the product's first round ran
  code V8 had not yet optimised (its rate climbed from 0.6 to 0.9 of the bare server's over the
  next rounds, while the bare server, with far less code, was steady from the first).
- The Loads table gives the CPU the virtual machine's host took away during each load (steal):
  during this session it went from nothing to 7% of the two cores while the machine was idle,
  and the same build's ratios moved between 0.73 and 0.91 (health) and 0.79 and 1.07
  (\`/api/me\`) from one run to the next.
- Queue workers no longer wait the polling interval after a full batch, and storing a new Stripe
  event wakes this process's worker: a burst is worked at the rate the handlers allow instead of
  20 events per 2-second poll, and a purchase takes effect without waiting for a poll. The ingest
  figure above (1,651 events/s, ack p99 33 ms, on an empty database) includes that work running
  beside the acknowledgements; the million-user run before it, without, gave 1,944 events/s.
- The promo expiry sweep (each minute) ends expired promos 500 at a time with one statement and
  one insert of their audit entries, found through a partial index; it read every expired promo
  as an entity and wrote them one by one (about 150 s for 14,000 users at a million users), and
  scanned every user to find them.

Still short, and why:
- \`GET /api/me\` p99 at 50 connections: met in the run above (28.8 ms, the bare baseline's own
  29.3 ms), and 31 to 38 ms in runs where the host took CPU or other work shared the cores. At
  50 connections the p99 is about twice the mean queueing time, so it follows the machine: the
  bare server's own p99 moved between 20 and 56 ms across today's runs.
- The health probe: 0.91 in the run above, 0.73 to 0.88 in the others of the day. What the product
  still does beyond the baseline, from a profile of each under the same load: the security
  headers (about 900 bytes more per answer, and Node's validation of each header: about 3 µs),
  the request id, metrics and the NUL check (about 1.5 µs together), Nest's adapter's six
  request hooks that do nothing for these routes (about 1 µs), a longer log line (about 1.5 µs):
  some 10 µs over the baseline's 105 µs per probe.
- Sign-in: argon2id at 19 MiB and two passes costs about 25 ms of one core per hash, and the hash
  runs on libuv's 4 threads over 2 cores, so about 35 sign-ins/s is this machine's ceiling; the
  event loop stays free (lag p99 under 25 ms) because the hashing is off the main thread. The p95
  is queueing: 8 connections wait for 2 cores, so a sign-in waits for about 8 hashes; with as
  many connections as cores it would be the hash's own time.
- Admin search, selective term: with the demo seed's names (20 first and 20 last names over a
  million users) most trigrams of a name matched a twentieth of the table and GIN had long lists
  to intersect. The bench now seeds names drawn from a real name set (every Latin-script locale
  of @faker-js/faker), so the figures above are those of varied names; an index on the e-mail's
  local part alone, or full-text search on names, would cut the selective search further.

Landing page, since the last full run: its HTML is rendered at build time (the hero, the offer
with a placeholder for the spot count, the waitlist: \`site/src/entry-server.tsx\` and a Vite
plugin), so it paints before any JavaScript runs; the client hydrates it, replaying a click made
before hydration, and loads the dialogs, the snackbar library, the menus and everything below the
fold on demand. The route's initial JavaScript went from 200 KB to 118 KB (gzip), LCP from 0.92 s
to 0.16 s, TBT from 400 ms to 15 ms (0.30 s and 105 ms with 4× CPU throttling).

\`npm start\` to healthy, since the last full run (measured with \`--quick --only startup,first-start\`
while other builds shared the machine): later starts 3.7 to 5.4 s before, 1.39 s now (median of 3);
a fresh clone's first start 16.8 s, builds included. A CPU profile of a later start showed module
loading (about 1 s: resolving, reading and compiling thousands of CommonJS files of Nest,
TypeORM, Stripe and Swagger), PGlite's start (about 1 s: compiling PostgreSQL's WebAssembly and
opening the data) and Nest's own start, one after the other on the main thread. Two changes:
- The backend is bundled with its packages into one file after \`tsc\` (\`backend/build.mjs\`, esbuild),
  except the packages that find files beside themselves (PGlite, argon2, pino's transports,
  swagger-ui's assets): a start reads two files. Later starts went from about 3.7 s to about 2.0 s.
- The embedded database starts in a worker thread of its own
  (\`database/embedded-database-worker.ts\`) while the main thread loads the application, so the
  two overlap on the two cores, and its queries no longer take the main thread's time: to about
  1.3 to 1.4 s.

Health probe and \`/api/me\`, since: each change was measured against the build before it, the
two servers loaded in turns of 1.5 s, with the CPU per request read from \`/proc\`:
- Request lines are redacted by explicit paths (\`req\`, \`res\`, \`err\` and the secret headers);
  the wildcard paths sent every field of every line through the redactor. Other lines keep them.
  About 20 µs of CPU per probe.
- esbuild's name helper leaves a function whose name is already right: Fastify's hook runner
  makes closures per request, and redefining their names cost about 20 µs.
- The database probe builds its check directly, without Terminus's session, \`Promise.all\` and
  \`Promise.race\`, with the pool's callback form: 5 promises per probe instead of 10. About 15 µs.
- CORS answered by the product's own hook, as @fastify/cors answered it: through Nest, its
  headers were also set on Node's response, which sent every header through Node's slow path.
  About 10 µs.
- The request context is the product's own AsyncLocalStorage, without an async resource per
  request; the direct routes run without one, and it is enabled only while a request that has
  one is handled, since its hook runs on every promise, tick and timer of the process. About
  8 µs, then 9 µs more on a load of probes.
- Smaller: the NUL check (1.2 to 0.5 µs), the request metrics (1 to 0.25 µs, the same series),
  the token search in URLs, the mixin's copy of each line, \`/api/me\`'s answer built once.
- Together: the probe from about 200 µs of CPU per request to about 123 µs (the baseline's 105
  to 116 µs), \`/api/me\` from about 356 µs to about 287 µs (the baseline's about 243 µs). With
  \`--quick --only health,me --seconds 5\`: health 0.69 to 1.10 of its baseline (0.54 to 0.71
  before), \`/api/me\` 0.58 to 0.93 (0.63 to 0.72 before); with \`--rounds 3\`, 0.84 to 0.90 and
  0.81 to 0.85. The machine was shared all along (load average 2 to 8).

What a browser receives, since: the \`bundles\` scenario no longer gzips files itself; it loads
the landing page and the admin's sign-in page cold in Chromium and adds up each response's
DevTools-protocol \`encodedDataLength\` (bytes on the wire, compressed, headers included) until the
network is quiet, and \`vitals\` adds Lighthouse's own mobile run (the \`lighthouse\` package on
Debian's Chromium: simulated slow 4G, 4× CPU). Before, the server sent every script raw: the main
landing script went out as 227 KB. The builds now write brotli and gzip copies of each text file
(\`scripts/precompress.mjs\`) and the server picks one by \`Accept-Encoding\`; the main script goes
out as 62 KB (brotli). Hashed assets no longer carry the document-only security headers, about
600 bytes on each of the thirty scripts the landing page loads, and the landing page's forms no
longer use Material UI's TextField, whose Select brought Menu, Popover and Modal (about 20 KB).
That still left 148.3 KB in 33 scripts: React DOM in the main script (61 KB), Emotion and
Material UI's styling (25 KB), and some thirty chunks of 1 to 4 KB, each paying its response
headers and compressing worse alone. The site's build (\`site/vite.config.ts\`) now groups the
Material UI parts the landing page loads into one chunk (52 KB), and the site's own modules it
shares with the other pages (API client, texts, plan rules) into another (6 KB): the page loads 7
scripts, 126.1 KB with everything below the fold. Lighthouse's TBT under its 4× CPU
simulation is the hydration of the whole page; on this shared machine it varies from run to run
by hundreds of milliseconds.

Payment-history sync: the first version retrieved each listed invoice again, then listed its
payments and retrieved its charge, so 10,000 invoices cost 30,000 calls to Stripe (about 68 s
here against the sandbox, and hours at Stripe's 100 requests a second). It now reads whole
pages: the customer's charges, 100 at a time, and its invoices with their payments expanded
(\`expand[]=data.payments\`), 100 at a time, so 10,000 invoices take about 200 calls. A second
sync writes no row, because each upsert only writes a row that changed.
`;
