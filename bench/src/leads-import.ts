import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  summary,
  type BenchContext,
  type LoadSummary,
  type Figure,
  type ScenarioResult,
} from './scenarios.js';
import {
  BARE_COUNT,
  BARE_LIST_IDS,
  BARE_ROWS,
  BARE_SEARCH_IDS,
  bareImport,
  bareP95,
} from './leads-baselines.js';
import {
  CONNECTIONS,
  fillWorkspace,
  INVITATIONS,
  LEADS,
  MESSAGES,
  writeExport,
} from './leads-data.js';
import { load, sleep, withDatabase } from './support.js';
import { targetOf } from './targets.js';

/** The resident memory of a process, in MB (Linux's /proc). */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

function multipart(fileName: string, content: Buffer): { body: Buffer; type: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Upload to 202, the job to done, and the product's resident memory meanwhile. */
async function importArchive(context: BenchContext, path: string) {
  const headers = { authorization: `Bearer ${context.admin.token}` };
  const { body, type } = multipart('Basic_LinkedInDataExport_02-08-2026.zip', readFileSync(path));
  const pid = context.product.child.pid!;
  const rssBefore = residentMb(pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, residentMb(pid));
      await sleep(50);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${context.product.url}/api/lead-imports`, {
    method: 'POST',
    headers: { ...headers, 'content-type': type },
    body: new Uint8Array(body),
  });
  const uploadMs = performance.now() - started;
  const accepted = (await response.json()) as { id: string };
  if (response.status !== 202)
    throw new Error(`the upload answered ${response.status}: ${JSON.stringify(accepted)}`);
  let answer: { status: string; counts: Record<string, { rows: number; skipped: number }> };
  for (;;) {
    answer = (await (
      await fetch(`${context.product.url}/api/lead-imports/${accepted.id}`, { headers })
    ).json()) as typeof answer;
    if (answer.status === 'done' || answer.status === 'failed') break;
    await sleep(100);
  }
  const importSeconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  if (answer.status !== 'done') throw new Error(`the import ended ${answer.status}`);
  return { uploadMs, importSeconds, rssGrowth: rssPeak - rssBefore, counts: answer.counts };
}

/**
 * A LinkedIn export of 30,000 connections, 20,000 messages and 2,000 invitations imported through
 * the API, then the leads list and search over 100,000 leads of that workspace, each against a
 * baseline doing the same work in the same run.
 */
export async function leadsImport(context: BenchContext): Promise<ScenarioResult> {
  const folder = mkdtempSync(join(tmpdir(), 'leadpulse-bench-export-'));
  try {
    const path = join(folder, 'export.zip');
    const bytes = await writeExport(path);
    const imported = await importArchive(context, path);
    const bareSeconds = await bareImport(context.databaseUrl, path);
    const workspaceId = await withDatabase(context.databaseUrl, async (client) => {
      const { rows } = await client.query(
        `SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE u.email = $1`,
        [context.admin.email],
      );
      await fillWorkspace(client, rows[0].id as string);
      return rows[0].id as string;
    });

    const headers = { authorization: `Bearer ${context.admin.token}` };
    const term = await withDatabase(context.databaseUrl, async (client) => {
      const { rows } = await client.query(
        `SELECT last_name, company FROM leads WHERE workspace_id = $1 ORDER BY id OFFSET 5000 LIMIT 1`,
        [workspaceId],
      );
      return {
        name: rows[0].last_name as string,
        company: (rows[0].company as string).split(/[ ,]/)[0],
      };
    });
    const figures: Figure[] = [
      {
        name: 'upload to 202',
        value: Number(imported.uploadMs.toFixed(0)),
        unit: 'ms',
        target: targetOf('leads-import', 'upload to 202'),
      },
      {
        name: 'import to done',
        value: Number(imported.importSeconds.toFixed(2)),
        unit: 's',
        target: targetOf('leads-import', 'import to done'),
        ratio: {
          value: Number((imported.importSeconds / bareSeconds).toFixed(2)),
          baseline: `bare read and insert of the same archive (${bareSeconds.toFixed(2)} s)`,
        },
      },
      {
        name: 'resident memory growth',
        value: Number(imported.rssGrowth.toFixed(0)),
        unit: 'MB',
        target: targetOf('leads-import', 'resident memory growth'),
      },
    ];
    const notes = [
      `archive of ${(bytes / 1024 / 1024).toFixed(1)} MB: ${CONNECTIONS.toLocaleString('en-US')} connections, ${MESSAGES.toLocaleString('en-US')} messages, ${INVITATIONS.toLocaleString('en-US')} invitations; counts ${JSON.stringify(Object.fromEntries(Object.entries(imported.counts).map(([file, count]) => [file, count.rows])))}`,
    ];
    const loads: LoadSummary[] = [];
    const plans: string[] = [];
    const loadBefore = loadavg()[0];
    const measures = [
      ['search by name p95', `q=${encodeURIComponent(term.name)}`, term.name],
      ['search by company p95', `q=${encodeURIComponent(term.company)}`, term.company],
      ['list by last signal, page 200 p95', 'sort=-last_signal_at&page=200', null],
    ] as const;
    for (const [name, query, search] of measures) {
      const target = `${context.product.url}/api/leads?pageSize=25&${query}`;
      const first = (await (await fetch(target, { headers })).json()) as { count: number };
      await load({ url: target, headers, connections: 2, duration: 2 });
      const settings = { connections: 4, duration: context.seconds };
      const result = await load({ url: target, headers, ...settings }, context.product.child);
      const pattern = search ? `%${search}%` : null;
      const bare = await bareP95(context.databaseUrl, context.seconds, async (client) => {
        const [ids] = await Promise.all([
          pattern
            ? client.query(BARE_SEARCH_IDS, [workspaceId, pattern])
            : client.query(BARE_LIST_IDS, [workspaceId, 199 * 25]),
          client.query(BARE_COUNT(!!pattern), pattern ? [workspaceId, pattern] : [workspaceId]),
        ]);
        await client.query(BARE_ROWS, [workspaceId, ids.rows.map((row) => row.id as string)]);
      });
      const plan = await withDatabase(context.databaseUrl, async (client) => {
        const { rows } = await client.query(
          `EXPLAIN (ANALYZE, BUFFERS) ${pattern ? BARE_SEARCH_IDS : BARE_LIST_IDS}`,
          [workspaceId, pattern ?? 199 * 25],
        );
        return (rows as { 'QUERY PLAN': string }[])
          .map((row) => row['QUERY PLAN'].trim())
          .filter((text) => /Scan|Sort|Execution Time/.test(text) && !/Sort Key/.test(text))
          .map((text) =>
            text.replace(/\s*\(cost=[^)]*\)/, '').replace(/\(actual time=[\d.]+\.\./, '(ms '),
          );
      });
      plans.push(`plan of the page's ids, ${name.replace(/ p95$/, '')}: ${plan.join(' → ')}`);
      figures.push({
        name,
        value: result.p95Ms,
        unit: 'ms',
        target: targetOf('leads-import', name),
        ratio: {
          value: Number((result.p95Ms / bare).toFixed(2)),
          baseline: `the same page and count straight from PostgreSQL (p95 ${bare} ms)`,
        },
      });
      notes.push(
        `${name.replace(/ p95$/, '')}${search ? ` "${search}"` : ''}: ${first.count.toLocaleString('en-US')} matches, ${result.requestsPerSecond} req/s at 4 connections, p50 ${result.p50Ms} ms, ${result.failures} failures`,
      );
      loads.push(summary(name.replace(/ p95$/, ''), settings, result));
    }
    notes.push(
      ...plans,
      `load average of the machine (2 cores, shared): ${loadBefore.toFixed(1)} before the list loads, ${loadavg()[0].toFixed(1)} after`,
    );
    return {
      scenario: `Lead import of a LinkedIn export, then the leads list and search over ${LEADS.toLocaleString('en-US')} leads of one workspace`,
      figures,
      notes,
      loads,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** How run.ts registers the scenario. */
export const LEADS_IMPORT = {
  id: 'leads-import',
  name: 'lead import and the leads list',
  measure: leadsImport,
} as const;
