import { randomBytes } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BODY_LIMIT_BYTES } from '../../src/app.js';
import { UploadMissing, uploadStore } from '../../src/leads/imports/upload-store.js';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import {
  archive,
  CONNECTIONS_HEADER,
  CONNECTIONS_NOTES,
  csv,
  declareUncompressedSize,
  INVITATIONS_HEADER,
  PROFILE_HEADER,
  profileUrl,
  scratchFolder,
} from '../support/linkedin-export.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { multipartBody } from '../support/uploads.js';
import { waitFor } from '../support/wait.js';

describe('lead imports', () => {
  let t: TestApp;
  const folder = scratchFolder();
  const uploadDir = scratchFolder();
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('imports'));
  const upload = async (
    session: SessionBody,
    file: Parameters<typeof multipartBody>[0],
    fields?: Record<string, string>,
  ) => {
    const body = await multipartBody(file, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/lead-imports',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(session) },
    });
  };
  const finished = (session: SessionBody, id: string) =>
    waitFor(
      async () => {
        const answer = (
          await t.app.inject({
            method: 'GET',
            url: `/api/lead-imports/${id}`,
            headers: bearer(session),
          })
        ).json();
        return answer.status === 'done' || answer.status === 'failed' ? answer : undefined;
      },
      60_000,
      `import ${id}`,
    );
  const importArchive = async (session: SessionBody, path: string) => {
    const answer = await upload(session, { path });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ status: 'queued', progress: 0, counts: {} });
    return finished(session, answer.json().id);
  };
  const workspaceCounts = async (session: SessionBody) => {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM leads l WHERE l.workspace_id = w.id)::int AS leads,
              (SELECT count(*) FROM lead_signals s WHERE s.workspace_id = w.id)::int AS signals,
              (SELECT count(*) FROM lead_signals s WHERE s.workspace_id = w.id AND s.kind = 'job_change')::int AS job_changes
         FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE u.email = $1`,
      [session.user.email],
    );
    return row as { leads: number; signals: number; job_changes: number };
  };
  const people = (count: number, company = (index: number) => `Company ${index}`) =>
    Array.from({ length: count }, (_, index) => [
      `Person${index}`,
      `Ñame${index}`,
      profileUrl(`person-${index}`),
      '',
      company(index),
      'Buyer',
      '08 Feb 2026',
    ]);
  const exportOf = (name: string, rows: string[][], extra: Record<string, string> = {}) =>
    archive(
      folder,
      `${Math.random().toString(36).slice(2)}/../${name}`.replace(/^.*\/\.\.\//, ''),
      [
        {
          name: 'Connections.csv',
          content: csv(CONNECTIONS_HEADER, rows, {
            notes: CONNECTIONS_NOTES,
            bom: true,
            crlf: true,
          }),
        },
        {
          name: 'Invitations.csv',
          content: csv(INVITATIONS_HEADER, [
            [
              'Person0 Ñame0',
              'Me',
              '1/29/26, 2:37 PM',
              '',
              'INCOMING',
              profileUrl('person-0'),
              profileUrl('me'),
            ],
          ]),
        },
        ...Object.entries(extra).map(([file, content]) => ({ name: file, content })),
      ],
    );

  beforeAll(async () => {
    t = await startTestApp({
      env: { ...NO_RATE_LIMITS, UPLOAD_DIR: uploadDir, JOBS_POLL_INTERVAL_SECONDS: '1' },
    });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('imports an export and, imported again, creates nothing; the upload is deleted once read', async () => {
    const session = await member();
    const path = await exportOf('Basic_LinkedInDataExport_02-08-2026.zip', people(30));
    const first = await importArchive(session, path);
    expect(first).toMatchObject({ status: 'done', progress: 100, error_code: null });
    expect(first.counts['Connections.csv']).toMatchObject({
      rows: 30,
      leads_created: 30,
      signals_added: 30,
      skipped: 0,
    });
    expect(first.counts['Invitations.csv']).toMatchObject({
      rows: 1,
      leads_created: 0,
      signals_added: 1,
    });
    const before = await workspaceCounts(session);
    expect(before).toEqual({ leads: 30, signals: 31, job_changes: 0 });

    const second = await importArchive(session, path);
    for (const counts of Object.values(second.counts) as {
      leads_created: number;
      leads_updated: number;
      signals_added: number;
    }[])
      expect(counts).toMatchObject({ leads_created: 0, leads_updated: 0, signals_added: 0 });
    expect(await workspaceCounts(session)).toEqual(before);
    expect(await readdir(uploadDir)).toEqual([]);
    expect(await t.dataSource.query(`SELECT import_id FROM lead_import_uploads`)).toEqual([]);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/lead-imports', headers: bearer(session) })
    ).json();
    expect(list).toMatchObject({ count: 2, page: 1 });
    expect(list.data[0].id).toBe(second.id);
  });

  it('keeps an upload in the database for the job, part by part, read back byte for byte on any instance', async () => {
    const session = await member();
    const done = await importArchive(
      session,
      await exportOf('Basic_LinkedInDataExport_03-08-2026.zip', people(3)),
    );
    // Another instance's folders: nothing of the upload is on their disk.
    const here = join(scratchFolder(), 'upload');
    const there = join(scratchFolder(), 'copy');
    const content = randomBytes(2.5 * 1024 * 1024);
    await writeFile(here, content);
    await t.dataSource.transaction((manager) => uploadStore.put(manager, done.id, here));
    const parts = await t.dataSource.query(
      `SELECT part, length(data)::int AS bytes FROM lead_import_uploads WHERE import_id = $1 ORDER BY part`,
      [done.id],
    );
    expect(parts).toEqual([
      { part: 0, bytes: 1024 * 1024 },
      { part: 1, bytes: 1024 * 1024 },
      { part: 2, bytes: 512 * 1024 },
    ]);
    await uploadStore.copyTo(t.dataSource.manager, done.id, there);
    expect((await readFile(there)).equals(content)).toBe(true);
    await uploadStore.delete(t.dataSource.manager, done.id);
    await expect(uploadStore.copyTo(t.dataSource.manager, done.id, there)).rejects.toThrow(
      UploadMissing,
    );
    await expect(stat(there)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('gives exactly the job changes a later export holds', async () => {
    const session = await member();
    await importArchive(
      session,
      await exportOf('Basic_LinkedInDataExport_01-08-2026.zip', people(10)),
    );
    const moved = new Set([2, 7]);
    const later = [
      ...people(10, (index) => (moved.has(index) ? `New Company ${index}` : `Company ${index}`)),
      ['Newbie', 'Person', profileUrl('newbie'), '', 'Fresh Co', 'CEO', '01 Feb 2026'],
    ];
    const result = await importArchive(
      session,
      await exportOf('Basic_LinkedInDataExport_02-08-2026.zip', later),
    );
    expect(result.counts['Connections.csv']).toMatchObject({
      leads_created: 1,
      leads_updated: 2,
      signals_added: 3,
    });
    const changes = await t.dataSource.query(
      `SELECT l.profile_slug, l.company, s.detail FROM lead_signals s JOIN leads l ON l.id = s.lead_id
        JOIN workspaces w ON w.id = s.workspace_id JOIN users u ON u.id = w.owner_user_id
       WHERE u.email = $1 AND s.kind = 'job_change' ORDER BY l.profile_slug`,
      [session.user.email],
    );
    expect(changes).toEqual([
      {
        profile_slug: 'person-2',
        company: 'New Company 2',
        detail: {
          from: { company: 'Company 2', position: 'Buyer' },
          to: { company: 'New Company 2', position: 'Buyer' },
        },
      },
      {
        profile_slug: 'person-7',
        company: 'New Company 7',
        detail: {
          from: { company: 'Company 7', position: 'Buyer' },
          to: { company: 'New Company 7', position: 'Buyer' },
        },
      },
    ]);
    // An older export read afterwards moves nobody back.
    await importArchive(
      session,
      await exportOf('Basic_LinkedInDataExport_12-08-2025.zip', people(10)),
    );
    expect((await workspaceCounts(session)).job_changes).toBe(2);
  });

  it('makes one set of leads of two concurrent imports of one archive', async () => {
    const session = await member();
    const path = await exportOf('Basic_LinkedInDataExport_02-08-2026.zip', people(600));
    const answers = await Promise.all([upload(session, { path }), upload(session, { path })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    const results = await Promise.all(answers.map((answer) => finished(session, answer.json().id)));
    const created = results.map(
      (result) => result.counts['Connections.csv'].leads_created as number,
    );
    expect(created[0] + created[1]).toBe(600);
    expect(await workspaceCounts(session)).toEqual({ leads: 600, signals: 601, job_changes: 0 });
  });

  it('takes an upload many times larger than a JSON body (20,000 connections)', async () => {
    const session = await member();
    const rows = Array.from({ length: 20_000 }, (_, index) => [
      `First${index}`,
      `Last${index}`,
      profileUrl(`big-${index}-${randomBytes(4).toString('hex')}`),
      '',
      `Company ${randomBytes(6).toString('hex')}`,
      'Buyer',
      '08 Feb 2026',
    ]);
    const path = await exportOf('Basic_LinkedInDataExport_02-08-2026.zip', rows);
    expect((await stat(path)).size).toBeGreaterThan(4 * BODY_LIMIT_BYTES);
    const result = await importArchive(session, path);
    expect(result.counts['Connections.csv']).toMatchObject({ rows: 20_000, leads_created: 20_000 });
  }, 120_000);

  it('leaves no trace of the files it does not use', async () => {
    const session = await member();
    const path = await exportOf('Basic_LinkedInDataExport_02-08-2026.zip', people(3), {
      'PhoneNumbers.csv': 'Extension,Number,Type\n,+1 555 PLANTEDPHONE,Mobile\n',
      'Email Addresses.csv':
        'Email Address,Confirmed,Primary,Updated On\nplanted.address@example.org,Yes,Yes,\n',
      'Profile.csv': csv(PROFILE_HEADER, [
        [
          'Me',
          'Myself',
          '',
          'PLANTEDADDRESS street',
          '1 Jan 1990',
          'Seller',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
      ]),
    });
    const result = await importArchive(session, path);
    expect(Object.keys(result.counts).sort()).toEqual([
      'Connections.csv',
      'Invitations.csv',
      'Profile.csv',
    ]);
    const tables = (await t.dataSource.query(
      `SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE'`,
    )) as { table_schema: string; table_name: string }[];
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_schema: schema, table_name: table } of tables) {
      const [{ found }] = await t.dataSource.query(
        `SELECT count(*)::int AS found FROM "${schema}"."${table}" AS r
          WHERE r::text ILIKE '%PLANTEDPHONE%' OR r::text ILIKE '%planted.address%' OR r::text ILIKE '%PLANTEDADDRESS%'`,
      );
      expect({ table, found }).toEqual({ table, found: 0 });
    }
  });

  it('refuses an archive past the limits (413) or unreadable (400) at upload, and keeps nothing of it', async () => {
    const session = await member();
    const bomb = await exportOf('bomb.zip', people(2));
    await declareUncompressedSize(bomb, 2_000_000_000);
    const tooLarge = await upload(session, { path: bomb });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('import_too_large');
    const broken = await upload(session, {
      content: Buffer.from('PK\u0003\u0004 not really'),
      name: 'export.zip',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('import_unreadable');
    const binary = await upload(session, {
      content: Buffer.from([0, 1, 2, 3, 0, 0]),
      name: 'data.csv',
    });
    expect(binary.json().code).toBe('import_unreadable');
    const none = await upload(session, null, { mapping: '{}' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('import_file_required');
    expect(await readdir(uploadDir)).toEqual([]);
    expect((await workspaceCounts(session)).leads).toBe(0);
  });

  it('imports any CSV through a column mapping, merging duplicates by slug then e-mail', async () => {
    const session = await member();
    const file = [
      'Nom complet;Profil;Société;Courriel'.replace(/;/g, ','),
      'Jeanne Dupont,https://www.linkedin.com/in/jeanne-dupont,Café Ltd,jeanne@example.fr',
      'Jeanne Dupont,https://www.linkedin.com/in/Jeanne-Dupont/,Café Ltd,',
      'Paul Martin,,Boulangerie,paul@example.fr',
      'Paul M.,,Boulangerie,PAUL@example.fr',
      ',,,',
      'Nobody,not a url,,',
    ].join('\n');
    const mapping = JSON.stringify({
      name: 'Nom complet',
      profile_url: 'Profil',
      company: 'Société',
      email: 'Courriel',
    });
    const answer = await upload(session, { content: file, name: 'crm.csv' }, { mapping });
    expect(answer.statusCode).toBe(202);
    const result = await finished(session, answer.json().id);
    expect(result.counts['crm.csv']).toMatchObject({ rows: 5, leads_created: 3, skipped: 0 });
    expect(result.counts['crm.csv'].skipped_examples).toEqual([
      {
        line: 7,
        reason: 'Imported without its profile URL, which is not a LinkedIn profile (/in/…)',
      },
    ]);
    const leads = (
      await t.app.inject({ method: 'GET', url: '/api/leads?sort=name', headers: bearer(session) })
    ).json();
    expect(
      leads.data.map((lead: { first_name: string; source: string; email: string | null }) => [
        lead.first_name,
        lead.email,
        lead.source,
      ]),
    ).toEqual([
      ['Jeanne', 'jeanne@example.fr', 'csv'],
      ['Nobody', null, 'csv'],
      ['Paul', 'paul@example.fr', 'csv'],
    ]);
    const bad = await upload(
      session,
      { content: file, name: 'crm.csv' },
      { mapping: '{"password":"x"}' },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('imports the sample: two exports a month apart, with job changes', async () => {
    const session = await member();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/lead-imports/sample',
      headers: bearer(session),
    });
    expect(answer.statusCode).toBe(202);
    const result = await finished(session, answer.json().id);
    expect(result.status).toBe('done');
    const counts = await workspaceCounts(session);
    expect(counts.leads).toBe(315);
    expect(counts.job_changes).toBe(25);
    const scripts = await t.dataSource.query(
      `SELECT count(*) FILTER (WHERE l.first_name ~ '[\u4e00-\u9fff]')::int AS chinese,
              count(*) FILTER (WHERE l.first_name ~ '[\u0600-\u06ff]')::int AS arabic
         FROM leads l JOIN workspaces w ON w.id = l.workspace_id JOIN users u ON u.id = w.owner_user_id WHERE u.email = $1`,
      [session.user.email],
    );
    expect(scripts[0].chinese).toBeGreaterThan(0);
    expect(scripts[0].arabic).toBeGreaterThan(0);
    const kinds = await t.dataSource.query(
      `SELECT DISTINCT kind FROM lead_signals s JOIN workspaces w ON w.id = s.workspace_id JOIN users u ON u.id = w.owner_user_id
        WHERE u.email = $1 ORDER BY kind`,
      [session.user.email],
    );
    expect(kinds.map((row: { kind: string }) => row.kind)).toEqual([
      'connected',
      'endorsement',
      'invitation_received',
      'invitation_sent',
      'job_change',
      'message_received',
      'message_sent',
      'recommendation',
    ]);
  });

  it('answers 404 for another workspace’s import', async () => {
    const owner = await member();
    const stranger = await member();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/lead-imports/sample',
      headers: bearer(owner),
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/lead-imports/${answer.json().id}`,
      headers: bearer(stranger),
    });
    expect(other.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/lead-imports', headers: bearer(stranger) })
      ).json().count,
    ).toBe(0);
    await finished(owner, answer.json().id);
  });
});
