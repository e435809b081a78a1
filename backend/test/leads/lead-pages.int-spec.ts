import type { LeadsPage } from '@leadpulse/common';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

/** The leads list's pages by number and by cursor, and the count kept per workspace. */
describe('pages of the leads list', () => {
  let t: TestApp;
  let session: SessionBody;
  let workspaceId: string;
  const LEADS = 83;
  const PAGE = 10;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const list = async (query: string): Promise<LeadsPage> => {
    const answer = await call('GET', `/api/leads?pageSize=${PAGE}&${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const ids = (page: LeadsPage) => page.data.map((lead) => lead.id);
  const storedCount = async () =>
    (
      await t.dataSource.query('SELECT leads FROM workspace_lead_counts WHERE workspace_id = $1', [
        workspaceId,
      ])
    )[0]?.leads as number | undefined;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('pages'));
    // The first write makes the workspace; the rest are inserted in one statement, with scores in
    // five values only (so ties are broken by id) and names that repeat.
    const first = await call('POST', '/api/leads', { first_name: 'First', last_name: 'Lead' });
    expect(first.statusCode).toBe(201);
    [{ workspace_id: workspaceId }] = await t.dataSource.query(
      'SELECT workspace_id FROM leads WHERE id = $1',
      [first.json().id],
    );
    await t.dataSource.query(
      `INSERT INTO leads (workspace_id, match_key, profile_url, profile_slug, first_name, last_name,
                          source, created_at)
       SELECT $1, 'in:page-' || i, 'https://www.linkedin.com/in/page-' || i, 'page-' || i,
              (ARRAY['Ada','bruno','Chloé','ada'])[1 + i % 4], 'Name ' || (i % 7), 'manual',
              now() - (i % 9) * interval '1 hour'
         FROM generate_series(2, $2) AS i`,
      [workspaceId, LEADS],
    );
    await t.dataSource.query(
      `UPDATE lead_scores SET score = 20 * (abs(hashtext(lead_id::text)) % 5) WHERE workspace_id = $1`,
      [workspaceId],
    );
  }, 60_000);
  afterAll(() => t.close());

  it.each(['-score', 'score', 'name', '-name', 'created_at', '-created_at'])(
    'walks every page of the list sorted by %s by its cursors, forwards and back, as by number',
    async (sort) => {
      const pages = Math.ceil(LEADS / PAGE);
      const byNumber: string[][] = [];
      for (let page = 1; page <= pages; page++)
        byNumber.push(ids(await list(`sort=${sort}&page=${page}`)));
      expect(new Set(byNumber.flat()).size).toBe(LEADS);

      let current = await list(`sort=${sort}`);
      expect(current.prev_cursor).toEqual(expect.any(String));
      for (let page = 2; page <= pages; page++) {
        current = await list(
          `sort=${sort}&page=${page}&after=${encodeURIComponent(current.next_cursor ?? '')}`,
        );
        expect(current).toMatchObject({ page, count: LEADS, totalPages: pages });
        expect(ids(current)).toEqual(byNumber[page - 1]);
      }
      const beyond = await list(
        `sort=${sort}&page=${pages + 1}&after=${encodeURIComponent(current.next_cursor ?? '')}`,
      );
      expect(beyond.data).toEqual([]);
      for (let page = pages - 1; page >= 1; page--) {
        current = await list(
          `sort=${sort}&page=${page}&before=${encodeURIComponent(current.prev_cursor ?? '')}`,
        );
        expect(ids(current)).toEqual(byNumber[page - 1]);
      }
    },
  );

  it('answers no cursor where the order cannot follow one (a search, the sort by last signal)', async () => {
    const searched = await list('sort=-score&q=ada');
    expect(searched.data.length).toBeGreaterThan(0);
    expect(searched).toMatchObject({ next_cursor: null, prev_cursor: null });
    const bySignal = await list('sort=-last_signal_at');
    expect(bySignal).toMatchObject({ count: LEADS, next_cursor: null, prev_cursor: null });
  });

  it('refuses a cursor that is not one of this list in this order (400 validation_failed)', async () => {
    const { next_cursor } = await list('sort=-score');
    const refused = async (query: string, field: string) => {
      const answer = await call('GET', `/api/leads?${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'validation_failed' });
      expect(answer.json().errors).toHaveProperty(field);
    };
    const cursor = encodeURIComponent(next_cursor ?? '');
    await refused(`sort=name&page=2&after=${cursor}`, 'after');
    await refused(`sort=-score&page=2&after=${cursor}&before=${cursor}`, 'before');
    await refused(`sort=-score&q=ada&page=2&after=${cursor}`, 'after');
    await refused('sort=-score&page=2&after=not-a-cursor', 'after');
    const forged = Buffer.from(
      JSON.stringify(['-score', "1'; DROP TABLE leads; --", 'x']),
    ).toString('base64url');
    await refused(`sort=-score&page=2&before=${forged}`, 'before');
    expect(await storedCount()).toBe(LEADS);
  });

  it('keeps the count of the whole list through additions, deletions and filters', async () => {
    expect(await storedCount()).toBe(LEADS);
    const added = await call('POST', '/api/leads', { first_name: 'One', last_name: 'More' });
    expect(added.statusCode).toBe(201);
    expect((await list('sort=-score')).count).toBe(LEADS + 1);
    const deleted = await call('DELETE', `/api/leads/${added.json().id}`);
    expect(deleted.statusCode).toBe(204);
    await t.dataSource.query(
      `DELETE FROM leads WHERE id IN (SELECT id FROM leads WHERE workspace_id = $1 LIMIT 3)`,
      [workspaceId],
    );
    expect((await list('sort=-score')).count).toBe(LEADS - 3);
    const [{ counted }] = await t.dataSource.query(
      `SELECT count(*)::int AS counted FROM leads WHERE workspace_id = $1 AND first_name ILIKE '%ada%'`,
      [workspaceId],
    );
    expect((await list('q=ada')).count).toBe(counted);
    await t.dataSource.query('DELETE FROM workspaces WHERE id = $1', [workspaceId]);
    expect(await storedCount()).toBeUndefined();
  });
});
