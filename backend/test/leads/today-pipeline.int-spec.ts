import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

describe('Today and the pipeline', () => {
  let t: TestApp;
  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('today'));
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
  /** Leads named L1…Ln with the given scores, each with a signal `days` ago. */
  const insertLeads = async (
    workspaceId: string,
    rows: { name: string; score: number; days: number; kind?: string }[],
  ): Promise<Map<string, string>> => {
    const inserted = (await t.dataSource.query(
      `INSERT INTO leads (workspace_id, match_key, first_name, source, last_signal_at)
       SELECT $1, 'k:' || u.name, u.name, 'csv', now() - make_interval(days => u.days)
         FROM unnest($2::text[], $3::int[]) AS u(name, days)
       RETURNING id, first_name`,
      [workspaceId, rows.map((r) => r.name), rows.map((r) => r.days)],
    )) as { id: string; first_name: string }[];
    const ids = new Map(inserted.map((row) => [row.first_name, row.id]));
    // Each new lead has its row in lead_scores (the migration's trigger), here given its score.
    await t.dataSource.query(
      `UPDATE lead_scores s SET score = u.score,
              breakdown = jsonb_build_array(jsonb_build_object('label', 'Fits', 'points', u.score))
         FROM unnest($1::uuid[], $2::int[]) AS u(id, score) WHERE s.lead_id = u.id`,
      [rows.map((r) => ids.get(r.name)), rows.map((r) => r.score)],
    );
    await t.dataSource.query(
      `INSERT INTO lead_signals (workspace_id, lead_id, kind, occurred_at, source, dedupe_key)
       SELECT $1, u.id, u.kind, now() - make_interval(days => u.days), 'manual', 'k:' || u.id
         FROM unnest($2::uuid[], $3::text[], $4::int[]) AS u(id, kind, days)`,
      [
        workspaceId,
        rows.map((r) => ids.get(r.name)),
        rows.map((r) => r.kind ?? 'connected'),
        rows.map((r) => r.days),
      ],
    );
    return ids;
  };
  const names = (answer: { json(): { data: { lead: { first_name: string } }[] } }) =>
    answer.json().data.map((item) => item.lead.first_name);

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('answers ten leads, a monitored lead’s new signal first, then tracked, then by score; never snoozed, won, lost or stale', async () => {
    const session = await member();
    const workspaceId = await workspaceOf(session);
    const ids = await insertLeads(workspaceId, [
      ...Array.from({ length: 14 }, (_, i) => ({ name: `L${i + 1}`, score: (i + 1) * 5, days: 1 })),
      { name: 'L15', score: 1, days: 2 },
    ]);
    await t.dataSource.query(
      `UPDATE leads SET snoozed_until = now() + interval '1 day' WHERE id = $1`,
      [ids.get('L14')],
    );
    await t.dataSource.query(`UPDATE leads SET stage = 'won' WHERE id = $1`, [ids.get('L13')]);
    await t.dataSource.query(`UPDATE leads SET stage = 'lost' WHERE id = $1`, [ids.get('L12')]);
    await t.dataSource.query(
      `UPDATE leads SET last_signal_at = now() - interval '40 days' WHERE id = $1`,
      [ids.get('L11')],
    );
    await t.dataSource.query(`UPDATE leads SET monitored = true WHERE id = $1`, [ids.get('L5')]);
    await t.dataSource.query(
      `UPDATE lead_signals SET kind = 'message_received' WHERE lead_id = $1`,
      [ids.get('L5')],
    );
    await t.dataSource.query(`UPDATE leads SET stage = 'new' WHERE id = $1`, [ids.get('L2')]);

    const today = await call(session, 'GET', '/api/leads/today');
    expect(today.statusCode).toBe(200);
    expect(names(today)).toEqual(['L5', 'L2', 'L10', 'L9', 'L8', 'L7', 'L6', 'L4', 'L3', 'L1']);
    expect(today.json().data[0]).toMatchObject({
      new_signal: true,
      reasons: ['New signal on a monitored lead', 'Fits (+25)'],
      next_step: 'Reply to their message',
      next_step_kind: 'reply',
    });
    expect(today.json().data[2]).toMatchObject({
      new_signal: false,
      reasons: ['Fits (+50)'],
      next_step: 'Follow up after 1 day of silence',
    });

    // Done and snoozed leads leave at once, and the next one comes in.
    const done = await call(session, 'POST', `/api/leads/${ids.get('L10')}/today/done`);
    expect(done.statusCode).toBe(204);
    const snoozed = await call(session, 'PATCH', `/api/leads/${ids.get('L9')}`, {
      snoozed_until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(snoozed.statusCode).toBe(200);
    const after = names(await call(session, 'GET', '/api/leads/today'));
    expect(after).toEqual(['L5', 'L2', 'L8', 'L7', 'L6', 'L4', 'L3', 'L1', 'L15']);

    // A new signal brings a lead marked done back.
    expect(
      (await call(session, 'POST', `/api/leads/${ids.get('L10')}/signals`, { kind: 'met' }))
        .statusCode,
    ).toBe(201);
    expect(names(await call(session, 'GET', '/api/leads/today'))).toContain('L10');

    const other = await member();
    expect((await call(other, 'POST', `/api/leads/${ids.get('L8')}/today/done`)).statusCode).toBe(
      404,
    );
    expect((await call(other, 'GET', '/api/leads/today')).json()).toEqual({ data: [] });
  });

  it('keeps each column’s order when two cards move into one column at once', async () => {
    const session = await member();
    const workspaceId = await workspaceOf(session);
    const ids = await insertLeads(
      workspaceId,
      ['A', 'B', 'C', 'D', 'E', 'X', 'Y'].map((name) => ({ name, score: 10, days: 1 })),
    );
    for (const name of ['A', 'B', 'C', 'D', 'E'])
      expect(
        (await call(session, 'PATCH', `/api/leads/${ids.get(name)}`, { stage: 'contacted' }))
          .statusCode,
      ).toBe(200);
    for (const name of ['X', 'Y'])
      await call(session, 'PATCH', `/api/leads/${ids.get(name)}`, { stage: 'new' });
    const column = async (stage: string) =>
      (
        (await t.dataSource.query(
          `SELECT first_name, position_in_stage FROM leads WHERE workspace_id = $1 AND stage = $2
            ORDER BY position_in_stage`,
          [workspaceId, stage],
        )) as { first_name: string; position_in_stage: number }[]
      ).map((row) => [row.first_name, row.position_in_stage]);
    expect(await column('contacted')).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 3],
      ['E', 4],
    ]);

    const moves = await Promise.all(
      ['X', 'Y'].map((name) =>
        call(session, 'PATCH', `/api/leads/${ids.get(name)}`, {
          stage: 'contacted',
          position_in_stage: 1,
        }),
      ),
    );
    expect(moves.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const after = await column('contacted');
    expect(after.map(([, position]) => position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const order = after.map(([name]) => name);
    expect(order.slice(0, 1)).toEqual(['A']);
    expect(order.slice(1, 3).sort()).toEqual(['X', 'Y']);
    expect(order.slice(3)).toEqual(['B', 'C', 'D', 'E']);

    // Within a column, and past its end.
    await call(session, 'PATCH', `/api/leads/${ids.get('A')}`, { position_in_stage: 4 });
    await call(session, 'PATCH', `/api/leads/${ids.get('E')}`, { position_in_stage: 999 });
    expect((await column('contacted')).map(([name]) => name)).toEqual([
      ...order.slice(1, 3),
      'B',
      'C',
      'A',
      'D',
      'E',
    ]);

    // Won with a reason; back in the pipeline, the reason goes.
    const won = await call(session, 'PATCH', `/api/leads/${ids.get('B')}`, {
      stage: 'won',
      stage_reason: 'Signed the annual plan',
    });
    expect(won.json()).toMatchObject({
      stage: 'won',
      position_in_stage: 0,
      stage_reason: 'Signed the annual plan',
    });
    const board = (await call(session, 'GET', '/api/leads/board?per_column=2')).json();
    expect(board.columns.map((c: { stage: string; count: number }) => [c.stage, c.count])).toEqual([
      ['new', 0],
      ['contacted', 6],
      ['conversation', 0],
      ['meeting', 0],
      ['won', 1],
      ['lost', 0],
    ]);
    expect(board.columns[1].leads).toHaveLength(2);
    expect(board.columns[4].leads[0]).toMatchObject({ first_name: 'B' });
    const reopened = await call(session, 'PATCH', `/api/leads/${ids.get('B')}`, { stage: 'new' });
    expect(reopened.json()).toMatchObject({ stage: 'new', stage_reason: null });
    expect((await call(session, 'GET', '/api/leads/board?per_column=0')).json().code).toBe(
      'validation_failed',
    );
  });

  it('refuses tracking past the plan’s limit under concurrent moves', async () => {
    const session = await member();
    const workspaceId = await workspaceOf(session);
    // The free plan tracks 25: 24 already are.
    const ids = await insertLeads(
      workspaceId,
      Array.from({ length: 30 }, (_, i) => ({ name: `T${i}`, score: 0, days: 1 })),
    );
    await t.dataSource.query(
      `UPDATE leads SET stage = 'new', position_in_stage = substr(first_name, 2)::int
        WHERE workspace_id = $1 AND substr(first_name, 2)::int < 24`,
      [workspaceId],
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(session, 'PATCH', `/api/leads/${ids.get(`T${24 + i}`)}`, {
          stage: 'meeting',
          position_in_stage: 0,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(5);
    expect(refused[0].json()).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'profiles_tracked',
      used: 25,
      allowed: 25,
    });
    const [{ tracked }] = (await t.dataSource.query(
      `SELECT count(*)::int AS tracked FROM leads WHERE workspace_id = $1 AND stage IS NOT NULL`,
      [workspaceId],
    )) as { tracked: number }[];
    expect(tracked).toBe(25);
  });
});
