import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

describe('stage changes on the timeline, and news on monitored leads', () => {
  let t: TestApp;
  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('news'));
  const addLead = async (session: SessionBody, body: object): Promise<string> => {
    const made = await call(session, 'POST', '/api/leads', body);
    expect(made.statusCode).toBe(201);
    return made.json().id as string;
  };
  /** `minutes` pass: the member's visits and what LeadPulse learned move that far back. */
  const timePasses = async (session: SessionBody, minutes: number) => {
    const back = [session.user.email, minutes];
    await t.dataSource.query(
      `UPDATE lead_news_visits SET seen_at = seen_at - make_interval(mins => $2),
              previous_seen_at = previous_seen_at - make_interval(mins => $2)
        WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower($1))`,
      back,
    );
    await t.dataSource.query(
      `UPDATE lead_signals SET created_at = created_at - make_interval(mins => $2)
        WHERE workspace_id = (SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_user_id
                               WHERE lower(u.email) = lower($1))`,
      back,
    );
  };

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('keeps each move between stages on the lead’s timeline, with the reason for won or lost', async () => {
    const session = await member();
    const id = await addLead(session, { first_name: 'Ada', last_name: 'Byron' });
    expect((await call(session, 'PATCH', `/api/leads/${id}`, { stage: 'new' })).statusCode).toBe(
      200,
    );
    const won = await call(session, 'PATCH', `/api/leads/${id}`, {
      stage: 'won',
      stage_reason: '  Clear ROI in the pilot  ',
    });
    expect(won.statusCode).toBe(200);
    expect(won.json()).toMatchObject({ stage: 'won', stage_reason: 'Clear ROI in the pilot' });

    const timeline = (await call(session, 'GET', `/api/leads/${id}/timeline`)).json();
    const moves = timeline.data.filter((entry: { type: string }) => entry.type === 'stage');
    expect(moves.map((entry: { stage_change: object }) => entry.stage_change)).toEqual([
      expect.objectContaining({ from: 'new', to: 'won', reason: 'Clear ROI in the pilot' }),
      expect.objectContaining({ from: null, to: 'new', reason: null }),
    ]);

    // A reason given afterwards shows on that move; another member never sees the timeline.
    await call(session, 'PATCH', `/api/leads/${id}`, { stage_reason: 'Budget approved in Q3' });
    const again = (await call(session, 'GET', `/api/leads/${id}/timeline`)).json();
    expect(
      again.data.find((entry: { type: string }) => entry.type === 'stage').stage_change,
    ).toMatchObject({ to: 'won', reason: 'Budget approved in Q3' });
    const other = await member();
    expect((await call(other, 'GET', `/api/leads/${id}/timeline`)).statusCode).toBe(404);
  });

  it('records each move once, from the lead’s creation in a stage to its leaving the pipeline', async () => {
    const session = await member();
    const id = await addLead(session, {
      first_name: 'Mary',
      last_name: 'Somerville',
      stage: 'contacted',
    });
    const patch = async (body: object) =>
      expect((await call(session, 'PATCH', `/api/leads/${id}`, body)).statusCode).toBe(200);
    // A card moved within its column changes no stage.
    await patch({ position_in_stage: 0 });
    await patch({ stage: 'lost', stage_reason: 'No budget this year' });
    await patch({ stage: null });
    expect(
      await t.dataSource.query(
        `SELECT from_stage, to_stage, reason FROM lead_stage_changes
          WHERE lead_id = $1 ORDER BY changed_at, id`,
        [id],
      ),
    ).toEqual([
      { from_stage: null, to_stage: 'contacted', reason: null },
      { from_stage: 'contacted', to_stage: 'lost', reason: 'No budget this year' },
      { from_stage: 'lost', to_stage: null, reason: null },
    ]);
  });

  it('shows job changes and messages on monitored leads learned since the last visit', async () => {
    const session = await member();
    const watched = await addLead(session, { first_name: 'Grace', last_name: 'Hopper' });
    const unwatched = await addLead(session, { first_name: 'Alan', last_name: 'Turing' });
    expect(
      (await call(session, 'PATCH', `/api/leads/${watched}`, { monitored: true })).statusCode,
    ).toBe(200);
    // Job changes and messages arrive with imports (here written as an import writes them);
    // other engagement is logged by hand.
    const log = async (lead: string, kind: string) => {
      if (kind === 'job_change' || kind === 'message_received')
        await t.dataSource.query(
          `INSERT INTO lead_signals (workspace_id, lead_id, kind, occurred_at, source, dedupe_key)
           SELECT workspace_id, id, $2, now() - interval '1 day', 'import:test', gen_random_uuid()::text
             FROM leads WHERE id = $1`,
          [lead, kind],
        );
      else
        expect(
          (await call(session, 'POST', `/api/leads/${lead}/signals`, { kind })).statusCode,
        ).toBe(201);
    };

    const kinds = async () =>
      (await call(session, 'GET', '/api/leads/news'))
        .json()
        .data.map((item: { kind: string }) => item.kind);

    // A first visit shows what was learned in the last seven days.
    await log(watched, 'message_received');
    let news = await call(session, 'GET', '/api/leads/news');
    expect(news.statusCode).toBe(200);
    expect(news.json().since).toBeNull();
    expect(news.json().data).toEqual([
      expect.objectContaining({
        kind: 'message_received',
        lead: expect.objectContaining({ id: watched }),
      }),
    ]);

    // An hour later: only what was learned since, on monitored leads, of the two kinds.
    await timePasses(session, 60);
    await log(watched, 'job_change');
    await log(watched, 'liked_my_post');
    await log(unwatched, 'message_received');
    await log(unwatched, 'job_change');
    news = await call(session, 'GET', '/api/leads/news');
    expect(new Date(news.json().since).getTime()).toBeLessThan(Date.now() - 59 * 60_000);
    expect(news.json().data).toEqual([
      expect.objectContaining({
        kind: 'job_change',
        lead: {
          id: watched,
          first_name: 'Grace',
          last_name: 'Hopper',
          position: null,
          company: null,
        },
      }),
    ]);
    // A reload within the visit shows the same news, and what arrives during it.
    expect(await kinds()).toEqual(['job_change']);
    await log(watched, 'message_received');
    expect(await kinds()).toEqual(['message_received', 'job_change']);

    // The next visit (more than 30 minutes away) starts after this one.
    await timePasses(session, 31);
    expect(await kinds()).toEqual([]);

    // Another member has news of their own only.
    const other = await member();
    expect((await call(other, 'GET', '/api/leads/news')).json()).toEqual({ since: null, data: [] });
  });
});
