import { readFileSync } from 'node:fs';
import { faker } from '@faker-js/faker';
import type pg from 'pg';

/** The archive's size, as the issue on lead imports states it. */
export const CONNECTIONS = 30_000;
export const MESSAGES = 20_000;
export const INVITATIONS = 2_000;
/** The workspace the list and search are measured on. */
export const LEADS = 100_000;
const OWNER = { first: 'Bench', last: 'Owner', slug: 'bench-owner-0' };

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

/** A LinkedIn export of the size: 30,000 connections, 20,000 messages, 2,000 invitations. */
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

/** Tops the workspace up to LEADS leads with varied names, companies and last signals. */
export async function fillWorkspace(client: pg.Client, workspaceId: string): Promise<void> {
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
                          source, last_signal_at)
       SELECT $1, 'in:' || u.slug, u.slug, 'https://www.linkedin.com/in/' || u.slug, u.first, u.last, u.company, u.position,
              'csv',
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
  // Scores in the `lead_scores` rows the inserts gave them (the filled leads' slugs end in -x).
  await client.query(
    `UPDATE lead_scores s SET score = (hashtext(l.profile_slug) & 127) % 101
       FROM leads l
      WHERE l.id = s.lead_id AND s.workspace_id = $1 AND l.profile_slug LIKE '%-x'`,
    [workspaceId],
  );
  await client.query('VACUUM ANALYZE leads');
  await client.query('VACUUM ANALYZE lead_scores');
}
