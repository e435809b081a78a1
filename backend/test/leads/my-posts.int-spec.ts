import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import {
  archive,
  COMMENTS_HEADER,
  CONNECTIONS_HEADER,
  csv,
  profileUrl,
  REACTIONS_HEADER,
  scratchFolder,
  SHARES_HEADER,
} from '../support/linkedin-export.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { multipartBody } from '../support/uploads.js';
import { waitFor } from '../support/wait.js';

const POST = 'https://www.linkedin.com/feed/update/urn:li:activity:7170000000000000001/';
const OTHER = 'https://www.linkedin.com/feed/update/urn:li:activity:7170000000000000002/';

describe("the member's own posts from their export (my_posts)", () => {
  let t: TestApp;
  const folder = scratchFolder();
  const uploadDir = scratchFolder();
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('posts'));
  const call = (session: SessionBody, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const importArchive = async (session: SessionBody, path: string) => {
    const body = await multipartBody({ path });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/lead-imports',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(session) },
    });
    expect(answer.statusCode).toBe(202);
    return waitFor(
      async () => {
        const row = (await call(session, 'GET', `/api/lead-imports/${answer.json().id}`)).json();
        return row.status === 'done' || row.status === 'failed' ? row : undefined;
      },
      60_000,
      'import',
    );
  };
  const postsOf = (session: SessionBody) =>
    t.dataSource.query(
      `SELECT p.kind, p.url, p.text FROM my_posts p JOIN users u ON u.id = p.workspace_id
        WHERE u.email = $1 ORDER BY p.occurred_at`,
      [session.user.email],
    ) as Promise<{ kind: string; url: string; text: string }[]>;
  const exportArchive = (post = POST) =>
    archive(
      folder,
      `${Math.random().toString(36).slice(2)}-Basic_LinkedInDataExport_02-12-2026.zip`,
      [
        {
          name: 'Connections.csv',
          content: csv(CONNECTIONS_HEADER, [
            ['Ada', 'Lovelace', profileUrl('ada-l'), '', 'Analytical', 'CTO', '08 Feb 2026'],
          ]),
        },
        {
          name: 'Shares.csv',
          content: csv(
            SHARES_HEADER,
            [['2026-02-08 14:37:00', post, 'Our "best" quarter:\nthree lessons', '', '', 'PUBLIC']],
            { bom: true, crlf: true },
          ),
        },
        {
          name: 'Comments_997361.csv',
          content: csv(COMMENTS_HEADER, [['2026-02-09 10:00:00', OTHER, 'He said "yes"']], {
            backslashEscapes: true,
          }),
        },
        {
          name: 'Reactions.csv',
          content: csv(REACTIONS_HEADER, [['2026-02-10 08:00:00', 'LIKE', OTHER]]),
        },
      ],
    );

  beforeAll(async () => {
    t = await startTestApp({
      env: { ...NO_RATE_LIMITS, UPLOAD_DIR: uploadDir, JOBS_POLL_INTERVAL_SECONDS: '1' },
    });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('keeps posts, comments and reactions once each, however often the export is imported', async () => {
    const session = await member();
    const path = await exportArchive();
    const first = await importArchive(session, path);
    expect(first.status).toBe('done');
    expect(first.counts['Shares.csv']).toMatchObject({ rows: 1, posts_added: 1, skipped: 0 });
    expect(first.counts['Comments_997361.csv']).toMatchObject({ rows: 1, posts_added: 1 });
    expect(first.counts['Reactions.csv']).toMatchObject({ rows: 1, posts_added: 1 });
    expect(await postsOf(session)).toEqual([
      { kind: 'post', url: POST, text: 'Our "best" quarter:\nthree lessons' },
      { kind: 'comment', url: OTHER, text: 'He said "yes"' },
      { kind: 'reaction', url: OTHER, text: 'LIKE' },
    ]);
    const second = await importArchive(session, await exportArchive());
    expect(second.counts['Shares.csv']).toMatchObject({ rows: 1, posts_added: 0 });
    expect(await postsOf(session)).toHaveLength(3);
    const [{ leads }] = await t.dataSource.query(
      `SELECT count(*)::int AS leads FROM leads l JOIN users u ON u.id = l.workspace_id WHERE u.email = $1`,
      [session.user.email],
    );
    expect(leads).toBe(1);
  });

  it('names the post a hand-logged comment was on, from the member’s own posts only, and exports them', async () => {
    const session = await member();
    const stranger = await member();
    await importArchive(session, await exportArchive());
    const theirs = 'https://www.linkedin.com/feed/update/urn:li:activity:7170000000000000009/';
    await importArchive(stranger, await exportArchive(theirs));
    const lead = (await call(session, 'GET', '/api/leads?q=Lovelace')).json().data[0];
    const logged = await call(session, 'POST', `/api/leads/${lead.id}/signals`, {
      kind: 'commented_my_post',
      post_url: POST,
    });
    expect(logged.statusCode).toBe(201);
    expect(logged.json().detail).toEqual({
      post_url: POST,
      post: 'Our "best" quarter:\nthree lessons',
    });
    const elsewhere = await call(session, 'POST', `/api/leads/${lead.id}/signals`, {
      kind: 'liked_my_post',
      post_url: theirs,
    });
    expect(elsewhere.json().detail).toEqual({ post_url: theirs });
    const data = (await call(session, 'GET', '/api/me/export')).json();
    expect(data.leads.my_posts).toEqual([
      expect.objectContaining({ kind: 'post', url: POST }),
      expect.objectContaining({ kind: 'comment', url: OTHER, text: 'He said "yes"' }),
      expect.objectContaining({ kind: 'reaction', url: OTHER, text: 'LIKE' }),
    ]);
  });
});
