import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { RESCORE_QUEUE, RescoringService } from '../../src/leads/scoring/rescoring.service.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

describe('scoring, the ICP and its rescoring job', () => {
  let t: TestApp;
  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('scoring'));
  const workspaceOf = async (session: SessionBody): Promise<string> => {
    // The workspace is made by the member's first write: a lead added and deleted.
    const made = await call(session, 'POST', '/api/leads', { first_name: 'First' });
    expect(made.statusCode).toBe(201);
    expect((await call(session, 'DELETE', `/api/leads/${made.json().id}`)).statusCode).toBe(204);
    const [row] = (await t.dataSource.query(
      `SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE lower(u.email) = lower($1)`,
      [session.user.email],
    )) as { id: string }[];
    return row.id;
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '1' } });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('starts from the default ICP and scores a lead with its breakdown when engagement is logged', async () => {
    const session = await member();
    const icp = (await call(session, 'GET', '/api/icp')).json();
    expect(icp).toMatchObject({
      is_default: true,
      criteria: [
        { field: 'seniority', values: ['founder', 'c-level', 'vp', 'head', 'director'], weight: 5 },
      ],
      half_life_days: 14,
      fit_share: 0.6,
      signal_weights: { met: 40, commented_my_post: 30, invitation_sent: 5 },
      rescoring: { status: 'idle' },
    });
    const lead = (
      await call(session, 'POST', '/api/leads', { first_name: 'Vi', position: 'VP of Sales' })
    ).json();
    // Fit 100 (the one criterion matches): 0.6 × 100 = 60.
    expect(lead).toMatchObject({ fit: 100, intent: 0, score: 60 });
    const logged = await call(session, 'POST', `/api/leads/${lead.id}/signals`, {
      kind: 'commented_my_post',
    });
    expect(logged.statusCode).toBe(201);
    // Intent 30 (commented today): 60 + 0.4 × 30 = 72.
    expect((await call(session, 'GET', `/api/leads/${lead.id}`)).json()).toMatchObject({
      fit: 100,
      intent: 30,
      score: 72,
      breakdown: [
        { label: "Seniority matches 'VP'", points: 60 },
        { label: 'Commented on your post today', points: 12 },
      ],
    });
  });

  it('scores the leads an import brings, each breakdown adding up to its score', async () => {
    const session = await member();
    const workspaceId = await workspaceOf(session);
    const queued = await call(session, 'POST', '/api/lead-imports/sample');
    expect(queued.statusCode).toBe(202);
    const status = await waitFor(
      async () => {
        const { status } = (
          await call(session, 'GET', `/api/lead-imports/${queued.json().id}`)
        ).json();
        return status === 'done' || status === 'failed' ? status : undefined;
      },
      60_000,
      'the import to finish',
    );
    expect(status).toBe('done');
    const rows = (await t.dataSource.query(
      `SELECT score, breakdown FROM lead_scores WHERE workspace_id = $1`,
      [workspaceId],
    )) as { score: number; breakdown: { points: number }[] }[];
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.filter((row) => row.score > 0).length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.breakdown.reduce((sum, line) => sum + line.points, 0)).toBe(row.score);
  });

  it('lets Intent decay in the daily pass: a signal a half-life old counts half', async () => {
    const session = await member();
    const workspaceId = await workspaceOf(session);
    const lead = (
      await call(session, 'POST', '/api/leads', { first_name: 'Decay', position: 'Engineer' })
    ).json();
    await call(session, 'POST', `/api/leads/${lead.id}/signals`, { kind: 'met' });
    // Met today: Intent 40, Score 0.4 × 40 = 16.
    expect((await call(session, 'GET', `/api/leads/${lead.id}`)).json()).toMatchObject({
      intent: 40,
      score: 16,
    });
    const rescoring = t.app.get(RescoringService);
    await t.dataSource.query(`DELETE FROM pgboss.job WHERE name = $1`, [RESCORE_QUEUE]);
    await rescoring.queueDecay();
    const jobs = (await t.dataSource.query(
      `SELECT data FROM pgboss.job WHERE name = $1 AND data->>'workspace_id' = $2`,
      [RESCORE_QUEUE, workspaceId],
    )) as { data: object }[];
    expect(jobs.map((job) => job.data)).toEqual([{ workspace_id: workspaceId, reason: 'decay' }]);
    // The pass as it runs fourteen days on: Intent 40 × ½ = 20, Score 8.
    await rescoring.rescoreWorkspace(
      { workspace_id: workspaceId, reason: 'decay' },
      new Date(Date.now() + 14 * 86_400_000),
    );
    expect((await call(session, 'GET', `/api/leads/${lead.id}`)).json()).toMatchObject({
      intent: 20,
      score: 8,
      breakdown: [{ label: 'Met you 14 days ago', points: 8 }],
    });
  });

  it('refuses a bad ICP with the field named (400), never a 500', async () => {
    const session = await member();
    for (const body of [
      { criteria: [{ field: 'age', values: ['30'], weight: 3 }] },
      { criteria: [], excluded: [], signal_weights: {}, half_life_days: 14, fit_share: 3 },
      [],
    ]) {
      const answer = await call(session, 'PUT', '/api/icp', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
    }
  });

  it('rescores 10,000 leads in a job after an ICP change, its end visible on GET /api/icp', async () => {
    const session = await member();
    const workspaceId = await workspaceOf(session);
    // Every third lead is a VP in Paris; every fifth met the member two days ago.
    await t.dataSource.query(
      `INSERT INTO leads (workspace_id, match_key, first_name, position, location, source)
       SELECT $1, 'bulk:' || i, 'Bulk ' || i,
              CASE WHEN i % 3 = 0 THEN 'VP Sales' ELSE 'Engineer' END,
              CASE WHEN i % 3 = 0 THEN 'Paris, France' ELSE 'Lyon' END, 'csv'
         FROM generate_series(1, 10000) AS i`,
      [workspaceId],
    );
    await t.dataSource.query(
      `INSERT INTO lead_signals (workspace_id, lead_id, kind, occurred_at, source, dedupe_key)
       SELECT $1, l.id, 'met', now() - interval '2 days', 'manual', 'bulk:' || l.match_key
         FROM leads l WHERE l.workspace_id = $1 AND substr(l.match_key, 6)::int % 5 = 0`,
      [workspaceId],
    );
    const icp = {
      criteria: [
        { field: 'title', values: ['VP'], weight: 3 },
        { field: 'location', values: ['paris'], weight: 1 },
      ],
      excluded: ['student'],
      signal_weights: { met: 50 },
      half_life_days: 2,
      fit_share: 0.5,
    };
    const put = await call(session, 'PUT', '/api/icp', icp);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ is_default: false, rescoring: { status: 'queued' } });
    expect(put.json().signal_weights).toMatchObject({ met: 50, connected: 10 });

    const answer = await waitFor(
      async () => {
        const read = (await call(session, 'GET', '/api/icp')).json();
        expect(read.rescoring.status).not.toBe('failed');
        return read.rescoring.status === 'done' ? read : undefined;
      },
      60_000,
      'the rescoring to finish',
    );
    expect(answer.rescoring).toMatchObject({ status: 'done', progress: 100 });
    expect(answer.rescoring.finished_at).not.toBeNull();

    // A VP in Paris who met the member a half-life ago: Fit 100, Intent 50 × ½ = 25 → 63 (62.5).
    // A VP in Paris without a meeting: 50. An engineer who met: 0.5 × 25 = 12.5 → 13. Others 0.
    const scores = (await t.dataSource.query(
      `SELECT s.score, count(*)::int AS n FROM leads l JOIN lead_scores s ON s.lead_id = l.id
        WHERE l.workspace_id = $1 GROUP BY s.score ORDER BY s.score`,
      [workspaceId],
    )) as { score: number; n: number }[];
    // 1..10000: multiples of 3 = 3333, of 5 = 2000, of 15 = 666.
    expect(scores).toEqual([
      { score: 0, n: 10000 - 3333 - 2000 + 666 },
      { score: 13, n: 2000 - 666 },
      { score: 50, n: 3333 - 666 },
      { score: 63, n: 666 },
    ]);
    const list = (await call(session, 'GET', '/api/leads?sort=-score&pageSize=1')).json();
    expect(list.data[0]).toMatchObject({ score: 63, fit: 100, intent: 25 });
    expect(
      list.data[0].breakdown.reduce((s: number, l: { points: number }) => s + l.points, 0),
    ).toBe(63);

    // The preview ranks as the ICP would, without saving it.
    const preview = await call(session, 'POST', '/api/icp/preview', {
      ...icp,
      fit_share: 1,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ strong: 3333, total: 10000 });
    expect(preview.json().top).toHaveLength(10);
    expect(preview.json().top[0]).toMatchObject({ fit: 100, score: 100 });
    expect((await call(session, 'GET', '/api/icp')).json().fit_share).toBe(0.5);
  }, 120_000);
});
