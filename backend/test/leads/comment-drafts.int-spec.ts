import {
  bearer,
  PASSWORD,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

const LAUNCH =
  'After 18 months of building in stealth, we launched Ledgerly today: invoicing for freelancers that chases late payments for you.';
const LAYOFF =
  'Yesterday I was laid off from Contoso along with 200 colleagues. Open to roles in analytics engineering.';

describe('comment drafts', () => {
  let t: TestApp;
  const call = (session: SessionBody, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('drafts'));
  const draft = (session: SessionBody, post_text = LAUNCH, extra: object = {}) =>
    call(session, 'POST', '/api/comment-drafts', { post_text, ...extra });
  /** Spends credits as earlier sets would have, dated `at`. */
  const spend = async (setId: string, count: number, at = new Date()) =>
    t.dataSource.query(
      `INSERT INTO comment_draft_sets (workspace_id, user_id, post_text, provider, created_at)
       SELECT workspace_id, user_id, 'earlier', 'offline', $3 FROM comment_draft_sets, generate_series(1, $2)
        WHERE id = $1`,
      [setId, count, at],
    );

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('writes five drafts from five angles for one credit, and lists them as history', async () => {
    const session = await member();
    const answer = await draft(session, LAUNCH, {
      post_url: 'https://www.linkedin.com/feed/update/1',
    });
    expect(answer.statusCode).toBe(201);
    const set = answer.json();
    expect(set).toMatchObject({ provider: 'offline', fallback: false, post_text: LAUNCH });
    expect(set.drafts).toHaveLength(5);
    expect(set.drafts.map((d: { angle: string }) => d.angle).sort()).toEqual([
      'congratulate',
      'example',
      'insight',
      'question',
      'resource',
    ]);
    const usage = (await call(session, 'GET', '/api/me/usage')).json();
    expect(usage.ai_credits).toMatchObject({ used: 1, allowed: 10 });

    const loss = (await draft(session, LAYOFF)).json();
    expect(loss.drafts.map((d: { angle: string }) => d.angle)).toContain('support');
    expect(loss.drafts.map((d: { angle: string }) => d.angle)).not.toContain('congratulate');

    const history = await call(session, 'GET', '/api/comment-drafts?pageSize=1&page=2');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ count: 2, page: 2, pageSize: 1, totalPages: 2 });
    expect(history.json().data[0].id).toBe(set.id);
    expect(history.json().data[0].drafts).toHaveLength(5);

    const other = await member();
    expect((await call(other, 'GET', '/api/comment-drafts')).json().count).toBe(0);
  });

  it('never repeats one of the member’s last fifty drafts', async () => {
    const session = await member();
    const seen: string[] = [];
    for (let round = 0; round < 8; round++) {
      const texts = (await draft(session)).json().drafts.map((d: { text: string }) => d.text);
      for (const text of texts) expect(seen.slice(-50)).not.toContain(text);
      seen.push(...texts);
    }
  });

  it('marks drafts used or skipped, and ranks used angles first next time', async () => {
    const session = await member();
    const first = (await draft(session)).json();
    const resource = first.drafts.find((d: { angle: string }) => d.angle === 'resource');
    const used = await call(session, 'POST', `/api/comment-drafts/${resource.id}/used`);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ id: resource.id, status: 'used' });
    const skipped = await call(
      session,
      'POST',
      `/api/comment-drafts/${first.drafts[0].id}/skipped`,
    );
    expect(skipped.json().status).toBe('skipped');

    const next = (
      await draft(session, 'Pricing is the most underused growth lever in SaaS.')
    ).json();
    expect(next.drafts[0].angle).toBe('resource');
    const listed = (await call(session, 'GET', '/api/comment-drafts')).json().data[1];
    expect(listed.drafts.find((d: { id: string }) => d.id === resource.id).status).toBe('used');

    const stranger = await member();
    const foreign = await call(stranger, 'POST', `/api/comment-drafts/${resource.id}/used`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('comment_draft_not_found');
    expect((await call(session, 'POST', '/api/comment-drafts/nope/used')).statusCode).toBe(404);
  });

  it('refuses bad input with 400, and a lead of another workspace with 404', async () => {
    const session = await member();
    expect((await draft(session, '   ')).statusCode).toBe(400);
    expect((await draft(session, 'x'.repeat(3001))).statusCode).toBe(400);
    expect((await draft(session, LAUNCH, { post_url: 'javascript:alert(1)' })).statusCode).toBe(
      400,
    );
    const lead = await draft(session, LAUNCH, { lead_id: '6a1f2c1e-0c39-4c2b-9d7e-6a1f2c1e0c39' });
    expect(lead.statusCode).toBe(404);
    expect(lead.json().code).toBe('lead_not_found');
    expect((await call(session, 'GET', '/api/me/usage')).json().ai_credits.used).toBe(0);
  });

  it('counts credits per calendar month and answers 403 plan_limit_reached at zero', async () => {
    const session = await member();
    const first = (await draft(session)).json();
    // Last month's sets do not count against this month's ten.
    const now = new Date();
    await spend(first.id, 30, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0, 12)));
    await spend(first.id, 9);
    const refused = await draft(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'ai_credits',
      used: 10,
      allowed: 10,
    });
    const usage = (await call(session, 'GET', '/api/me/usage')).json().ai_credits;
    expect(usage).toMatchObject({ used: 10, allowed: 10 });
    expect(new Date(usage.resets_at).toISOString()).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    );
  });

  it('lets exactly one of 20 concurrent requests spend the last credit', async () => {
    const session = await member();
    const first = (await draft(session)).json();
    await spend(first.id, 8);
    const answers = await Promise.all(Array.from({ length: 20 }, () => draft(session)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 403)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 403))
      expect(answer.json()).toMatchObject({ code: 'plan_limit_reached', used: 10, allowed: 10 });
    expect((await call(session, 'GET', '/api/me/usage')).json().ai_credits.used).toBe(10);
  });

  it('puts the drafts in “Download my data”, and erases them with the account', async () => {
    const session = await member();
    const set = (await draft(session, LAUNCH)).json();
    await call(session, 'POST', `/api/comment-drafts/${set.drafts[0].id}/used`);
    const data = (await call(session, 'GET', '/api/me/export')).json();
    expect(data.leads.comment_drafts).toEqual([
      expect.objectContaining({ post_text: LAUNCH, provider: 'offline', fallback: false }),
    ]);
    expect(data.leads.comment_drafts[0].drafts).toHaveLength(5);
    expect(data.leads.comment_drafts[0].drafts[0]).toMatchObject({ status: 'used' });

    const [{ workspace_id: workspaceId }] = await t.dataSource.query(
      `SELECT workspace_id FROM comment_draft_sets WHERE id = $1`,
      [set.id],
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(session),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    for (const table of ['comment_draft_sets', 'comment_drafts'])
      expect(
        (
          await t.dataSource.query(
            `SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`,
            [workspaceId],
          )
        )[0].n,
      ).toBe(0);
  });
});
