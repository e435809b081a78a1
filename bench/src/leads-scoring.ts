// Lead scoring at 100,000 leads in one workspace: rescoring after an ICP change, GET
// /api/leads/today and the leads list sorted by score at any page, each against a baseline doing
// the same database work from this process over a bare pg connection, in the same run.
import { loadavg } from 'node:os';
import pg from 'pg';
import { defaultIcp, type Icp } from '@leadpulse/common';
import type { BenchContext, Figure, LoadSummary, ScenarioResult } from './scenarios.js';
import { load, percentile, withDatabase } from './support.js';
import { targetOf } from './targets.js';

const LEADS = 100_000;
const PAGE_SIZE = 25;
/** Concurrent requests in the read loads (a member's tabs and a few colleagues). */
const CONNECTIONS = 4;

/** Two ICPs that rank the workspace differently, so that each rescoring rewrites most leads. */
const ICPS: Icp[] = [
  {
    ...defaultIcp(),
    criteria: [
      { field: 'title', values: ['VP', 'Head'], weight: 3 },
      { field: 'seniority', values: ['founder', 'c-level'], weight: 2 },
      { field: 'location', values: ['paris'], weight: 1 },
      { field: 'industry_keywords', values: ['saas', 'fintech'], weight: 2 },
    ],
    excluded: ['student', 'recruiter'],
  },
  {
    ...defaultIcp(),
    criteria: [
      { field: 'title', values: ['Director', 'Manager'], weight: 2 },
      { field: 'location', values: ['berlin', 'london'], weight: 3 },
      { field: 'industry_keywords', values: ['healthcare'], weight: 1 },
    ],
    excluded: ['intern'],
    fit_share: 0.5,
  },
];

/**
 * 100,000 leads with titles, companies, headlines and places from small sets (so criteria match
 * a share of them), three quarters with three signals of varied kinds over the last 120 days;
 * 20 monitored and 300 in the pipeline, so that each part of Today has leads to pick.
 */
const SEED = [
  `INSERT INTO leads (workspace_id, match_key, profile_url, profile_slug, first_name, last_name,
                      position, company, location, email, headline, source, created_at)
   SELECT $1, 'in:bench-' || i, 'https://www.linkedin.com/in/bench-' || i, 'bench-' || i,
     (ARRAY['Anna','Bruno','Chloé','David','Émilie','Farid','Greta','Hugo','Inès','Jonas'])[1 + i % 10],
     (ARRAY['Martin','Dubois','Schmidt','García','Rossi','Nowak','Silva','Jensen','Müller','Lefèvre'])[1 + (i / 10) % 10] || ' ' || i,
     (ARRAY['VP Sales','Head of Marketing','Founder & CEO','Software Engineer','Student','Technical Recruiter',
            'Director of Operations','Senior Product Manager','Chief Revenue Officer','Account Executive',
            'Marketing Manager','Co-founder'])[1 + (i * 7) % 12],
     (ARRAY['Acme SaaS','Globex','Initech','Umbrella Fintech','Hooli','Stark Industries','Wayne Enterprises','Soylent Health'])[1 + (i * 3) % 8],
     (ARRAY['Paris, France','Berlin, Germany','London, United Kingdom','New York, United States','Lyon, France','Madrid, Spain'])[1 + (i * 5) % 6],
     'bench' || i || '@example.com',
     (ARRAY['Helping B2B SaaS teams grow revenue','Fintech enthusiast | building payments',
            'Marketing leader in healthcare','Engineer who loves distributed systems'])[1 + (i * 11) % 4],
     'linkedin', now() - (i % 700) * interval '1 day'
   FROM generate_series(1, ${LEADS}) AS i`,
  `INSERT INTO lead_signals (workspace_id, lead_id, kind, occurred_at, source, dedupe_key)
   SELECT l.workspace_id, l.id,
     (ARRAY['connected','message_received','message_sent','liked_my_post','commented_my_post',
            'viewed_my_profile','endorsement','job_change','invitation_received','met'])[1 + abs(hashtext(l.id::text || k)) % 10],
     now() - (abs(hashtext(l.id::text || 'd' || k)) % 120) * interval '1 day' - k * interval '1 hour',
     'import:bench', 'bench:' || l.id || ':' || k
   FROM leads l, generate_series(1, 3) AS k
   WHERE l.workspace_id = $1 AND abs(hashtext(l.id::text)) % 4 <> 0`,
  `UPDATE leads l SET last_signal_at = s.at
     FROM (SELECT lead_id, max(occurred_at) AS at FROM lead_signals WHERE workspace_id = $1 GROUP BY lead_id) s
    WHERE s.lead_id = l.id`,
  `UPDATE leads SET monitored = true
    WHERE id IN (SELECT id FROM leads WHERE workspace_id = $1 ORDER BY match_key LIMIT 20)`,
  `UPDATE leads SET stage = (ARRAY['contacted','conversation','meeting'])[1 + n % 3], position_in_stage = n
     FROM (SELECT id AS lead_id, row_number() OVER (ORDER BY match_key DESC)::int AS n
             FROM leads WHERE workspace_id = $1 ORDER BY match_key DESC LIMIT 300) t
    WHERE id = t.lead_id`,
];

interface Api {
  url: string;
  headers: Record<string, string>;
}

async function call(api: Api, method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...api.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? undefined : ((await response.json()) as unknown);
}

/** Seconds from PUT /api/icp to the job's end as the member's screen sees it (polled every 100 ms). */
async function productRescoring(api: Api, icp: Icp): Promise<number> {
  const started = performance.now();
  await call(api, 'PUT', '/api/icp', icp);
  for (;;) {
    const answer = (await call(api, 'GET', '/api/icp')) as { rescoring: { status: string } };
    if (answer.rescoring.status === 'done') return (performance.now() - started) / 1000;
    if (answer.rescoring.status === 'failed') throw new Error('the rescoring job failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The database work of a rescoring alone: the same batch reads (each lead with its signal
 * groups) and batch writes of the same scores, from this process; the scores are computed
 * before the clock starts.
 */
async function baselineRescoring(
  databaseUrl: string,
  workspaceId: string,
  icp: Icp,
): Promise<number> {
  const scores = await import('../../backend/dist/leads/scoring/lead-scores.js');
  return withDatabase(databaseUrl, async (client) => {
    const manager = {
      query: async (sql: string, params: unknown[]) => (await client.query(sql, params)).rows,
    } as unknown as Parameters<typeof scores.readBatch>[0];
    const now = new Date();
    const batches: ReturnType<typeof scores.scoreRows>[] = [];
    for (let after: string | null = null; ;) {
      const rows = await scores.readBatch(manager, workspaceId, after, icp.half_life_days, now);
      if (rows.length === 0) break;
      batches.push(scores.scoreRows(icp, rows, now));
      after = rows[rows.length - 1].id;
    }
    const started = performance.now();
    let index = 0;
    for (let after: string | null = null; ; index++) {
      const rows = await scores.readBatch(manager, workspaceId, after, icp.half_life_days, now);
      if (rows.length === 0) break;
      await scores.writeScores(manager, workspaceId, batches[index]);
      after = rows[rows.length - 1].id;
    }
    return (performance.now() - started) / 1000;
  });
}

/** `work` run by CONNECTIONS clients for `seconds`; its latencies' p95 and rate. */
async function sqlLoad(
  databaseUrl: string,
  seconds: number,
  work: (client: pg.PoolClient) => Promise<unknown>,
): Promise<{ p95Ms: number; p50Ms: number; rps: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < end) {
            const started = performance.now();
            await work(client);
            latencies.push(performance.now() - started);
          }
        } finally {
          client.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Number(value.toFixed(2));
  return {
    p95Ms: round(percentile(latencies, 95)),
    p50Ms: round(percentile(latencies, 50)),
    rps: round(latencies.length / seconds),
  };
}

/** A random page of the list, its first and last pages among them. */
const randomPage = (pages: number) => 1 + Math.floor(Math.random() * pages);

/** Pages of the list sorted by score, each with its number and the cursor the screen follows. */
interface CursorPage {
  page: number;
  /** The `next_cursor` of the page before it (none for the first page). */
  after?: string;
  /** The score and id of the last lead of the page before it, for the baseline. */
  keys?: [number, string];
}

/**
 * A sample of pages as the list screen reaches them (next, previous, first, last): for each, the
 * cursor of the page before it, read once through the API before the clock.
 */
async function cursorPages(api: Api, pages: number, sample: number): Promise<CursorPage[]> {
  const chosen = new Set([1, 2, pages]);
  while (chosen.size < sample) chosen.add(randomPage(pages));
  const result: CursorPage[] = [];
  for (const page of chosen) {
    if (page === 1) {
      result.push({ page });
      continue;
    }
    const before = (await call(
      api,
      'GET',
      `/api/leads?sort=-score&pageSize=${PAGE_SIZE}&page=${page - 1}`,
    )) as { next_cursor: string; data: { id: string; score: number }[] };
    const last = before.data[before.data.length - 1];
    result.push({ page, after: before.next_cursor, keys: [last.score, last.id] });
  }
  return result;
}

/** The list's statements for one page sorted by score, as the product issues them. */
async function listStatements(
  client: pg.PoolClient,
  workspaceId: string,
  target: CursorPage,
  columns: string,
) {
  // The count and the rows by id are named, as the product prepares them.
  const { rows } = await client.query({
    name: 'whole_count',
    text: 'SELECT leads FROM workspace_lead_counts WHERE workspace_id = $1',
    values: [workspaceId],
  });
  const count = rows[0].leads as number;
  const offset = (target.page - 1) * PAGE_SIZE;
  const fromEnd = !target.keys && offset + PAGE_SIZE / 2 > count / 2;
  const ids = target.keys
    ? await client.query(
        `SELECT lead_id FROM lead_scores WHERE workspace_id = $1 AND (score, lead_id) < ($2::int, $3::uuid)
          ORDER BY score DESC, lead_id DESC LIMIT $4`,
        [workspaceId, ...target.keys, PAGE_SIZE],
      )
    : await client.query(
        `SELECT lead_id FROM lead_scores WHERE workspace_id = $1
          ORDER BY score ${fromEnd ? 'ASC' : 'DESC'}, lead_id ${fromEnd ? 'ASC' : 'DESC'} OFFSET $2 LIMIT $3`,
        [
          workspaceId,
          fromEnd ? Math.max(0, count - offset - PAGE_SIZE) : offset,
          fromEnd ? Math.min(PAGE_SIZE, count - offset) : PAGE_SIZE,
        ],
      );
  await client.query({
    name: 'page_rows',
    text: `SELECT ${columns} FROM leads l
       JOIN lead_scores s ON s.lead_id = l.id WHERE l.id = ANY($1::uuid[]) AND l.workspace_id = $2`,
    values: [ids.rows.map((row: { lead_id: string }) => row.lead_id), workspaceId],
  });
}

export async function leadsScoring(context: BenchContext): Promise<ScenarioResult> {
  const api: Api = {
    url: context.product.url,
    headers: { authorization: `Bearer ${context.admin.token}` },
  };
  // The member's first write makes the workspace; its leads are then inserted in SQL.
  const first = (await call(api, 'POST', '/api/leads', { first_name: 'First' })) as { id: string };
  await call(api, 'DELETE', `/api/leads/${first.id}`);
  const loadAtStart = loadavg()[0];
  const seedStarted = performance.now();
  const workspaceId = await withDatabase(context.databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE lower(u.email) = lower($1)`,
      [context.admin.email],
    );
    const id = rows[0].id as string;
    for (const statement of SEED) await client.query(statement, [id]);
    await client.query('VACUUM ANALYZE leads');
    await client.query('VACUUM ANALYZE lead_signals');
    await client.query('VACUUM ANALYZE lead_scores');
    return id;
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // Rescoring: the product's job (PUT to "done" on GET /api/icp) and the bare database work,
  // alternately, each round switching the ICP so that most scores change.
  const product: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < Math.max(2, context.rounds); round++) {
    product.push(await productRescoring(api, ICPS[round % 2]));
    bare.push(await baselineRescoring(context.databaseUrl, workspaceId, ICPS[(round + 1) % 2]));
  }
  // The product's ICP and scores for the read loads.
  product.push(await productRescoring(api, ICPS[0]));
  await withDatabase(context.databaseUrl, (client) => client.query('VACUUM ANALYZE lead_scores'));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const rescoreSeconds = Number(median(product).toFixed(2));
  const bareSeconds = Number(median(bare).toFixed(2));

  const { TODAY_SQL } = await import('../../backend/dist/leads/today/today.service.js');
  const { LEAD_ROW_COLUMNS } = await import('../../backend/dist/leads/leads/lead.mapper.js');
  const pages = Math.ceil(LEADS / PAGE_SIZE);
  const loads: LoadSummary[] = [];
  const productLoad = async (label: string, path: () => string) => {
    const result = await load(
      {
        url: api.url,
        headers: api.headers,
        connections: CONNECTIONS,
        duration: context.seconds,
        requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
      },
      context.product.child,
    );
    loads.push({
      load: label,
      connections: CONNECTIONS,
      seconds: context.seconds,
      requests_per_second: result.requestsPerSecond,
      p50_ms: result.p50Ms,
      p95_ms: result.p95Ms,
      p99_ms: result.p99Ms,
      failures: result.failures,
      generator_cpu: result.generatorCpu,
    });
    return result;
  };
  const today = await productLoad('GET /api/leads/today', () => '/api/leads/today');
  const todayBare = await sqlLoad(context.databaseUrl, context.seconds, (client) =>
    // Named, as the product prepares it: parsed and planned once per connection.
    client.query({ name: 'today', text: TODAY_SQL, values: [workspaceId, new Date()] }),
  );
  const sample = await cursorPages(api, pages, 200);
  const pick = () => sample[Math.floor(Math.random() * sample.length)];
  const pathOf = (target: CursorPage) =>
    `/api/leads?sort=-score&pageSize=${PAGE_SIZE}&page=${target.page}` +
    (target.after ? `&after=${encodeURIComponent(target.after)}` : '');
  const list = await productLoad('GET /api/leads?sort=-score, random page by its cursor', () =>
    pathOf(pick()),
  );
  const listBare = await sqlLoad(context.databaseUrl, context.seconds, (client) =>
    listStatements(client, workspaceId, pick(), LEAD_ROW_COLUMNS),
  );
  const byNumber = await productLoad('GET /api/leads?sort=-score, random page by number', () =>
    pathOf({ page: randomPage(pages) }),
  );
  const byNumberBare = await sqlLoad(context.databaseUrl, context.seconds, (client) =>
    listStatements(client, workspaceId, { page: randomPage(pages) }, LEAD_ROW_COLUMNS),
  );

  const ratio = (value: number, baseline: number, name: string) => ({
    value: Number((value / baseline).toFixed(2)),
    baseline: name,
  });
  const figures: Figure[] = [
    {
      name: 'rescoring 100,000 leads',
      value: rescoreSeconds,
      unit: 's',
      target: targetOf('leads-scoring', 'rescoring 100,000 leads'),
      ratio: ratio(rescoreSeconds, bareSeconds, 'the same reads and writes over bare pg'),
    },
    { name: 'rescoring baseline (reads and writes alone)', value: bareSeconds, unit: 's' },
    {
      name: 'Today p95',
      value: today.p95Ms,
      unit: 'ms',
      target: targetOf('leads-scoring', 'Today p95'),
      ratio: ratio(today.p95Ms, todayBare.p95Ms, "Today's query over bare pg, p95"),
    },
    { name: 'Today baseline p95', value: todayBare.p95Ms, unit: 'ms' },
    {
      name: 'score sort, any page, p95',
      value: list.p95Ms,
      unit: 'ms',
      target: targetOf('leads-scoring', 'score sort, any page, p95'),
      ratio: ratio(list.p95Ms, listBare.p95Ms, "the list's statements over bare pg, p95"),
    },
    { name: 'score sort baseline p95', value: listBare.p95Ms, unit: 'ms' },
    {
      name: 'score sort, page typed by number, p95',
      value: byNumber.p95Ms,
      unit: 'ms',
      ratio: ratio(byNumber.p95Ms, byNumberBare.p95Ms, "the list's statements over bare pg, p95"),
    },
    { name: 'score sort by number baseline p95', value: byNumberBare.p95Ms, unit: 'ms' },
  ];
  return {
    scenario: `lead scoring: ${LEADS.toLocaleString('en-US')} leads in one workspace, rescoring after an ICP change, Today, the list sorted by score`,
    figures,
    notes: [
      `the machine's 1-minute load average: ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (other work shares its cores; the baselines run in the same conditions)`,
      `seeded ${LEADS.toLocaleString('en-US')} leads and about ${(LEADS * 2.25).toLocaleString('en-US')} signals in ${seedSeconds.toFixed(1)} s`,
      `rescoring: PUT /api/icp to "done" on GET /api/icp (polled every 100 ms), two ICPs alternating; product runs ${product.map((s) => s.toFixed(2)).join(', ')} s; baseline runs ${bare.map((s) => s.toFixed(2)).join(', ')} s (the job's batch reads and writes from the bench over one pg connection, scores computed before the clock)`,
      `reads: ${CONNECTIONS} connections, ${context.seconds} s each; the list at a random page of ${pages.toLocaleString('en-US')} (first, second and last included), reached as the list screen reaches it (next, previous, first, last: the cursor of the page before, read through the API before the clock; ${sample.length} pages sampled) and, for comparison, typed by number into the address; ${today.failures + list.failures + byNumber.failures} failures`,
      `baselines at ${CONNECTIONS} pg connections: Today ${todayBare.rps} queries/s (p50 ${todayBare.p50Ms} ms), list ${listBare.rps} pages/s (p50 ${listBare.p50Ms} ms), by number ${byNumberBare.rps} pages/s (p50 ${byNumberBare.p50Ms} ms); product Today p50 ${today.p50Ms} ms, list p50 ${list.p50Ms} ms, by number p50 ${byNumber.p50Ms} ms`,
    ],
    loads,
  };
}
