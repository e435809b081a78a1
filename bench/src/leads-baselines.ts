import { createHash } from 'node:crypto';
import { parse } from 'csv-parse';
import type pg from 'pg';
import yauzl from 'yauzl';
import { percentile, withDatabase } from './support.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * The baseline of the import: the same archive read in this process (yauzl, csv-parse) and its
 * people and signals written to two bare tables by the same set-based inserts, 500 rows at a
 * time, with the same unique keys; no matching, no job changes, no scoring, no progress.
 */
export async function bareImport(databaseUrl: string, path: string): Promise<number> {
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

/** The leads list's own SQL (leads-list.ts, leads.service.ts) run straight on PostgreSQL. */
const SEARCH_TEXT = `(l.first_name || ' ' || l.last_name || ' | ' || coalesce(l.company, '') || ' | ' || coalesce(l.position, '') || ' | ' || coalesce(l.email, ''))`;
export const BARE_LIST_IDS = `SELECT l.id FROM leads l WHERE l.workspace_id = $1
   ORDER BY l.last_signal_at DESC NULLS LAST, l.id DESC OFFSET $2 LIMIT 25`;
export const BARE_SEARCH_IDS = `SELECT l.id FROM leads l WHERE l.workspace_id = $1 AND ${SEARCH_TEXT} ILIKE $2
   ORDER BY COALESCE(l.last_signal_at, timestamptz '-infinity') DESC, l.id DESC LIMIT 25`;
export const BARE_ROWS = `SELECT * FROM leads WHERE workspace_id = $1 AND id = ANY($2::uuid[])`;
export const BARE_COUNT = (search: boolean) =>
  `SELECT count(*) FROM leads l WHERE l.workspace_id = $1${search ? ` AND ${SEARCH_TEXT} ILIKE $2` : ''}`;

/** p95 of a page and its count read straight from PostgreSQL, 4 at a time, as the API's load. */
export async function bareP95(
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
