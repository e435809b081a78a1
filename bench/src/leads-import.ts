import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faker } from '@faker-js/faker';
import { parse } from 'csv-parse';
import type pg from 'pg';
import yauzl from 'yauzl';
import {
  summary,
  type BenchContext,
  type LoadSummary,
  type Figure,
  type ScenarioResult,
} from './scenarios.js';
import { load, percentile, sleep, withDatabase } from './support.js';
import { targetOf } from './targets.js';

/** The archive's size, as the issue on lead imports states it. */
const CONNECTIONS = 30_000;
const MESSAGES = 20_000;
const INVITATIONS = 2_000;
/** The workspace the list and search are measured on. */
const LEADS = 100_000;
const OWNER = { first: 'Bench', last: 'Owner', slug: 'bench-owner-0' };

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const pad = (value: number) => String(value).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const line = (cells: string[]) => cells.map(cell).join(',');
const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;

interface Person {
  first: string;
  last: string;
  slug: string;
  company: string;
  position: string;
}

/** People with varied names from faker's Latin-script locales, as the users' bench seeds them. */
function people(count: number, seed: number): Person[] {
  faker.seed(seed);
  return Array.from({ length: count }, (_, index) => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    return {
      first,
      last,
      slug: `${first}-${last}-${index.toString(36)}`.toLowerCase().replace(/[^a-z0-9-]+/g, ''),
      company: faker.company.name(),
      position: faker.person.jobTitle(),
    };
  });
}

/** A LinkedIn export of the issue's size: 30,000 connections, 20,000 messages, 2,000 invitations. */
export async function writeExport(path: string): Promise<number> {
  const network = people(CONNECTIONS, 31);
  const day = 86_400_000;
  const start = Date.UTC(2019, 0, 1);
  const connections = network.map((person, index) => {
    const date = new Date(start + (index % 2500) * day);
    return line([
      person.first,
      person.last,
      url(person.slug),
      '',
      person.company,
      person.position,
      `${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
    ]);
  });
  const me = [`${OWNER.first} ${OWNER.last}`, url(OWNER.slug)];
  const messages = Array.from({ length: MESSAGES }, (_, index) => {
    const person = network[(index * 7) % CONNECTIONS];
    const them = [`${person.first} ${person.last}`, url(person.slug)];
    const [from, to] = index % 3 === 0 ? [me, them] : [them, me];
    const date = new Date(Date.UTC(2026, 0, 1) + index * 600_000);
    return line([
      `conv-${person.slug}`,
      '',
      from[0],
      from[1],
      to[0],
      to[1],
      `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00 UTC`,
      '',
      `Hello ${person.first}, about ${person.company}: shall we talk next week?\nBest, ${OWNER.first}`,
      'INBOX',
      '',
      'No',
      'No',
    ]);
  });
  const invitations = Array.from({ length: INVITATIONS }, (_, index) => {
    const person = network[(index * 13) % CONNECTIONS];
    const incoming = index % 2 === 0;
    const them = `${person.first} ${person.last}`;
    const mine = `${OWNER.first} ${OWNER.last}`;
    return line([
      incoming ? them : mine,
      incoming ? mine : them,
      `${1 + (index % 12)}/${1 + (index % 28)}/25, ${1 + (index % 12)}:${pad(index % 60)} ${index % 2 ? 'AM' : 'PM'}`,
      '',
      incoming ? 'INCOMING' : 'OUTGOING',
      url(incoming ? person.slug : OWNER.slug),
      url(incoming ? OWNER.slug : person.slug),
    ]);
  });
  const csv = (header: string, rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';
  // Loaded here, so that run.ts can list the scenario before the backend is built.
  const { writeZip } = await import('../../backend/dist/leads/imports/zip-writer.js');
  await writeZip(path, [
    {
      name: 'Profile.csv',
      content: csv(
        'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers',
        [line([OWNER.first, OWNER.last, '', '', '', 'Sales', '', '', '', '', '', '', ''])],
      ),
    },
    {
      name: 'Connections.csv',
      content: `Notes:\r\n"Some e-mail addresses may be missing."\r\n\r\n${csv('First Name,Last Name,URL,Email Address,Company,Position,Connected On', connections)}`,
    },
    {
      name: 'messages.csv',
      content: csv(
        'CONVERSATION ID,CONVERSATION TITLE,FROM,SENDER PROFILE URL,TO,RECIPIENT PROFILE URLS,DATE,SUBJECT,CONTENT,FOLDER,ATTACHMENTS,IS MESSAGE DRAFT,IS CONVERSATION DRAFT',
        messages,
      ),
    },
    {
      name: 'Invitations.csv',
      content: csv(
        'From,To,Sent At,Message,Direction,inviterProfileUrl,inviteeProfileUrl',
        invitations,
      ),
    },
  ]);
  return readFileSync(path).length;
}

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

/**
 * The baseline of the import: the same archive read in this process (yauzl, csv-parse) and its
 * people and signals written to two bare tables by the same set-based inserts, 500 rows at a
 * time, with the same unique keys; no matching, no job changes, no scoring, no progress.
 */
async function bareImport(databaseUrl: string, path: string): Promise<number> {
  return withDatabase(databaseUrl, async (client) => {
    await client.query(`DROP TABLE IF EXISTS bench_bare_leads, bench_bare_signals`);
    await client.query(`CREATE TABLE bench_bare_leads (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      match_key varchar(255) UNIQUE, first_name varchar(255), last_name varchar(255), company varchar(500), position varchar(500))`);
    await client.query(`CREATE TABLE bench_bare_signals (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      match_key varchar(255), kind varchar(32), occurred_at timestamptz, dedupe_key varchar(255) UNIQUE)`);
    const started = performance.now();
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, file) =>
        error ? reject(error) : resolve(file),
      ),
    );
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.readEntry();
    });
    for (const entry of entries) {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, read) => (error ? reject(error) : resolve(read))),
      );
      let header: string[] | null = null;
      let leads: string[][] = [];
      let signals: string[][] = [];
      const flush = async () => {
        if (leads.length > 0)
          await client.query(
            `INSERT INTO bench_bare_leads (match_key, first_name, last_name, company, position)
             SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])
             ON CONFLICT (match_key) DO NOTHING`,
            [0, 1, 2, 3, 4].map((column) => leads.map((row) => row[column])),
          );
        if (signals.length > 0)
          await client.query(
            `INSERT INTO bench_bare_signals (match_key, kind, occurred_at, dedupe_key)
             SELECT u.key, u.kind, now(), u.dedupe FROM unnest($1::varchar[], $2::varchar[], $3::varchar[]) AS u(key, kind, dedupe)
             ON CONFLICT (dedupe_key) DO NOTHING`,
            [0, 1, 2].map((column) => signals.map((row) => row[column])),
          );
        leads = [];
        signals = [];
      };
      for await (const record of stream.pipe(
        parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
      ) as AsyncIterable<string[]>) {
        if (!header) {
          if (record.length > 3) header = record;
          continue;
        }
        const key = record.find((value) => value.includes('/in/')) ?? record[0];
        if (entry.fileName === 'Connections.csv')
          leads.push([key, record[0], record[1], record[4], record[5]]);
        signals.push([key, entry.fileName, `${entry.fileName}:${sha1(record.join('\u0000'))}`]);
        if (leads.length + signals.length >= 500) await flush();
      }
      await flush();
    }
    zip.close();
    const seconds = (performance.now() - started) / 1000;
    await client.query(`DROP TABLE bench_bare_leads, bench_bare_signals`);
    return seconds;
  });
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

/** Tops the workspace up to LEADS leads with varied names, companies and last signals. */
async function fillWorkspace(client: pg.Client, workspaceId: string): Promise<void> {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM leads WHERE workspace_id = $1`,
    [workspaceId],
  );
  const missing = LEADS - (rows[0].n as number);
  const more = people(missing, 47);
  for (let index = 0; index < more.length; index += 10_000) {
    const slice = more.slice(index, index + 10_000);
    await client.query(
      `INSERT INTO leads (workspace_id, match_key, profile_slug, profile_url, first_name, last_name, company, position,
                          source, score, last_signal_at)
       SELECT $1, 'in:' || u.slug, u.slug, 'https://www.linkedin.com/in/' || u.slug, u.first, u.last, u.company, u.position,
              'csv', (hashtext(u.slug) & 127) % 101,
              CASE WHEN hashtext(u.slug) % 5 = 0 THEN NULL ELSE now() - (hashtext(u.slug) & 65535) * interval '10 minutes' END
         FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[])
              AS u(slug, first, last, company, position)
       ON CONFLICT DO NOTHING`,
      [
        workspaceId,
        slice.map((person) => `${person.slug}-x`),
        slice.map((person) => person.first),
        slice.map((person) => person.last),
        slice.map((person) => person.company),
        slice.map((person) => person.position),
      ],
    );
  }
  await client.query('VACUUM ANALYZE leads');
}

/** The leads list's own SQL (leads-list.ts, leads.service.ts) run straight on PostgreSQL. */
const SEARCH_TEXT = `(l.first_name || ' ' || l.last_name || ' | ' || coalesce(l.company, '') || ' | ' || coalesce(l.position, '') || ' | ' || coalesce(l.email, ''))`;
const BARE_LIST_IDS = `SELECT l.id FROM leads l WHERE l.workspace_id = $1
   ORDER BY l.last_signal_at DESC NULLS LAST, l.id DESC OFFSET $2 LIMIT 25`;
const BARE_SEARCH_IDS = `SELECT l.id FROM leads l WHERE l.workspace_id = $1 AND ${SEARCH_TEXT} ILIKE $2
   ORDER BY COALESCE(l.last_signal_at, timestamptz '-infinity') DESC, l.id DESC LIMIT 25`;
const BARE_ROWS = `SELECT * FROM leads WHERE workspace_id = $1 AND id = ANY($2::uuid[])`;
const BARE_COUNT = (search: boolean) =>
  `SELECT count(*) FROM leads l WHERE l.workspace_id = $1${search ? ` AND ${SEARCH_TEXT} ILIKE $2` : ''}`;

/** p95 of a page and its count read straight from PostgreSQL, 4 at a time, as the API's load. */
async function bareP95(
  databaseUrl: string,
  seconds: number,
  page: (client: pg.Client) => Promise<unknown>,
) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, () =>
      withDatabase(databaseUrl, async (client) => {
        while (performance.now() < until) {
          const started = performance.now();
          await page(client);
          times.push(performance.now() - started);
        }
      }),
    ),
  );
  times.sort((a, b) => a - b);
  return Number(percentile(times, 95).toFixed(2));
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
