import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

describe('the lead workspace API', () => {
  let t: TestApp;
  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('leads'));
  const addLeads = async (session: SessionBody, count: number, prefix = 'lead') => {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const answer = await call(session, 'POST', '/api/leads', {
        first_name: `${prefix}${index}`,
        profile_url: `https://www.linkedin.com/in/${prefix}-${index}`,
      });
      expect(answer.statusCode).toBe(201);
      ids.push(answer.json().id);
    }
    return ids;
  };

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('adds a lead by hand, refuses the same profile twice (409 lead_exists), reads, edits and deletes it', async () => {
    const session = await member();
    const created = await call(session, 'POST', '/api/leads', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      profile_url: 'https://www.linkedin.com/in/Ada-Lovelace/',
      company: 'Analytical Engines',
      position: 'Founder',
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json();
    expect(lead).toMatchObject({
      profile_slug: 'ada-lovelace',
      source: 'manual',
      stage: null,
      monitored: false,
      // A founder fits the default ICP (decision-makers): Fit 100, Score 0.6 × 100.
      fit: 100,
      intent: 0,
      score: 60,
      breakdown: [{ label: "Seniority matches 'Founder/owner'", points: 60 }],
    });
    expect(lead).not.toHaveProperty('workspace_id');
    expect(lead).not.toHaveProperty('match_key');

    const again = await call(session, 'POST', '/api/leads', {
      first_name: 'Ada',
      profile_url: 'https://linkedin.com/in/ada-lovelace',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('lead_exists');

    const patched = await call(session, 'PATCH', `/api/leads/${lead.id}`, {
      stage: 'contacted',
      monitored: true,
      company: 'Babbage & Co',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      position_in_stage: 0,
      stage: 'contacted',
      monitored: true,
      company: 'Babbage & Co',
    });
    expect((await call(session, 'GET', `/api/leads/${lead.id}`)).json().company).toBe(
      'Babbage & Co',
    );
    const second = await call(session, 'POST', '/api/leads', { first_name: 'Charles' });
    const moved = await call(session, 'PATCH', `/api/leads/${second.json().id}`, {
      stage: 'contacted',
    });
    expect(moved.json()).toMatchObject({ stage: 'contacted', position_in_stage: 1 });
    expect((await call(session, 'DELETE', `/api/leads/${lead.id}`)).statusCode).toBe(204);
    expect((await call(session, 'GET', `/api/leads/${lead.id}`)).statusCode).toBe(404);
  });

  it('makes the personal workspace on the first write, once, and never for a refused request', async () => {
    const session = await member();
    const workspaces = async () =>
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE u.email = $1`,
          [session.user.email],
        )
      )[0].n;
    expect((await call(session, 'GET', '/api/leads')).json()).toMatchObject({ count: 0, data: [] });
    expect((await call(session, 'POST', '/api/leads', {})).statusCode).toBe(400);
    expect((await call(session, 'GET', '/api/me/usage')).statusCode).toBe(200);
    expect(await workspaces()).toBe(0);
    const firsts = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call(session, 'POST', '/api/leads', { first_name: `First${index}` }),
      ),
    );
    expect(firsts.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await workspaces()).toBe(1);
    expect((await call(session, 'GET', '/api/leads')).json().count).toBe(5);
  });

  it('lists pages of 25 with search, filters and sorts', async () => {
    const session = await member();
    await addLeads(session, 27, 'page');
    await call(session, 'POST', '/api/leads', {
      first_name: '王',
      last_name: 'Wěi',
      company: 'Zhōngguó Systems',
      stage: 'meeting',
    });
    const first = (await call(session, 'GET', '/api/leads')).json();
    expect(first).toMatchObject({ count: 28, page: 1, pageSize: 25, totalPages: 2 });
    expect(first.data).toHaveLength(25);
    const second = (await call(session, 'GET', '/api/leads?page=2')).json();
    expect(second.data).toHaveLength(3);

    const search = (
      await call(session, 'GET', `/api/leads?q=${encodeURIComponent('zhōngguó')}`)
    ).json();
    expect(search.data.map((lead: { first_name: string }) => lead.first_name)).toEqual(['王']);
    const byName = (
      await call(session, 'GET', `/api/leads?q=${encodeURIComponent('王 W')}`)
    ).json();
    expect(byName.count).toBe(1);
    expect((await call(session, 'GET', '/api/leads?stage=tracked')).json().count).toBe(1);
    expect((await call(session, 'GET', '/api/leads?stage=meeting')).json().count).toBe(1);
    expect(
      (await call(session, 'GET', '/api/leads?source=manual&monitored=false')).json().count,
    ).toBe(28);
    expect((await call(session, 'GET', '/api/leads?min_score=1')).json().count).toBe(0);

    const named = (await call(session, 'GET', '/api/leads?sort=name&pageSize=3')).json();
    expect(named.data.map((lead: { first_name: string }) => lead.first_name)).toEqual([
      'page0',
      'page1',
      'page10',
    ]);
    const newest = (await call(session, 'GET', '/api/leads?sort=-created_at&pageSize=1')).json();
    expect(newest.data[0].first_name).toBe('王');

    const bad = await call(session, 'GET', '/api/leads?sort=password&pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('logs engagement by hand and shows signals, notes and tasks on the timeline, newest first', async () => {
    const session = await member();
    const [leadId] = await addLeads(session, 1, 'timeline');
    const liked = await call(session, 'POST', `/api/leads/${leadId}/signals`, {
      kind: 'liked_my_post',
      occurred_at: '2026-01-10T09:00:00Z',
      post_url: 'https://www.linkedin.com/posts/me-123',
    });
    expect(liked.statusCode).toBe(201);
    expect(liked.json()).toMatchObject({ kind: 'liked_my_post', source: 'manual' });
    const refused = await call(session, 'POST', `/api/leads/${leadId}/signals`, {
      kind: 'job_change',
    });
    expect(refused.statusCode).toBe(400);
    const note = await call(session, 'POST', `/api/leads/${leadId}/notes`, {
      body: 'Met at the fair',
    });
    expect(note.statusCode).toBe(201);
    const task = await call(session, 'POST', `/api/leads/${leadId}/tasks`, {
      title: 'Follow up',
      due_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(task.statusCode).toBe(201);

    const timeline = (await call(session, 'GET', `/api/leads/${leadId}/timeline`)).json();
    expect(timeline.data.map((entry: { type: string }) => entry.type)).toEqual([
      'task',
      'note',
      'signal',
    ]);
    expect((await call(session, 'GET', `/api/leads/${leadId}`)).json().last_signal_at).toBe(
      '2026-01-10T09:00:00.000Z',
    );

    expect((await call(session, 'GET', '/api/tasks?due=overdue')).json().data).toEqual([
      expect.objectContaining({
        title: 'Follow up',
        lead: expect.objectContaining({ id: leadId }),
      }),
    ]);
    expect((await call(session, 'GET', '/api/tasks?due=upcoming')).json().count).toBe(0);
    const done = await call(session, 'PATCH', `/api/tasks/${task.json().id}`, { done: true });
    expect(done.json().done_at).not.toBeNull();
    expect((await call(session, 'GET', '/api/tasks?due=overdue')).json().count).toBe(0);

    expect(
      (await call(session, 'DELETE', `/api/leads/${leadId}/notes/${note.json().id}`)).statusCode,
    ).toBe(204);
    expect((await call(session, 'GET', `/api/leads/${leadId}/notes`)).json().data).toEqual([]);
  });

  it('exports the current filter as CSV whose cells are never formulas', async () => {
    const session = await member();
    await call(session, 'POST', '/api/leads', { first_name: '=HYPERLINK("x")', company: '+Evil' });
    await call(session, 'POST', '/api/leads', { first_name: 'Other', company: 'Plain' });
    const answer = await call(session, 'GET', '/api/leads/export?q=evil');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/csv/);
    const lines = answer.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(`'+Evil`);
  });

  it('answers 404 to a member of another workspace on every lead route', async () => {
    const owner = await member();
    const stranger = await member();
    const [leadId] = await addLeads(owner, 1, 'private');
    const note = (await call(owner, 'POST', `/api/leads/${leadId}/notes`, { body: 'mine' })).json();
    const task = (
      await call(owner, 'POST', `/api/leads/${leadId}/tasks`, { title: 'mine' })
    ).json();
    const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['get', 'GET', `/api/leads/${leadId}`],
      ['patch', 'PATCH', `/api/leads/${leadId}`, { stage: 'won' }],
      ['timeline', 'GET', `/api/leads/${leadId}/timeline`],
      ['signal', 'POST', `/api/leads/${leadId}/signals`, { kind: 'met' }],
      ['notes', 'GET', `/api/leads/${leadId}/notes`],
      ['note', 'POST', `/api/leads/${leadId}/notes`, { body: 'theirs' }],
      ['note delete', 'DELETE', `/api/leads/${leadId}/notes/${note.id}`],
      ['task', 'POST', `/api/leads/${leadId}/tasks`, { title: 'theirs' }],
      ['task patch', 'PATCH', `/api/tasks/${task.id}`, { done: true }],
      ['delete', 'DELETE', `/api/leads/${leadId}`],
    ];
    for (const [name, method, url, payload] of attempts) {
      const answer = await call(stranger, method, url, payload);
      expect({ name, status: answer.statusCode }).toEqual({ name, status: 404 });
    }
    expect((await call(stranger, 'GET', '/api/leads')).json().count).toBe(0);
    expect((await call(stranger, 'GET', '/api/tasks')).json().count).toBe(0);
    expect((await call(owner, 'GET', `/api/leads/${leadId}/timeline`)).json().data).toHaveLength(2);
  });

  it('holds the tracked and monitored limits under 20 concurrent requests', async () => {
    const session = await member();
    const ids = await addLeads(session, 40, 'limit');
    // The free plan tracks 25: with 20 tracked, 5 of 20 concurrent requests fit.
    for (const id of ids.slice(0, 20))
      expect((await call(session, 'PATCH', `/api/leads/${id}`, { stage: 'new' })).statusCode).toBe(
        200,
      );
    const tracking = await Promise.all(
      ids.slice(20, 40).map((id) => call(session, 'PATCH', `/api/leads/${id}`, { stage: 'new' })),
    );
    expect(tracking.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = tracking.filter((answer) => answer.statusCode === 403);
    expect(refused).toHaveLength(15);
    expect(refused[0].json()).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'profiles_tracked',
      used: 25,
      allowed: 25,
    });
    // It monitors 1.
    const monitoring = await Promise.all(
      ids.slice(0, 20).map((id) => call(session, 'PATCH', `/api/leads/${id}`, { monitored: true })),
    );
    expect(monitoring.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const usage = await call(session, 'GET', '/api/me/usage');
    expect(usage.json()).toEqual({
      profiles_tracked: { used: 25, allowed: 25 },
      profiles_monitored: { used: 1, allowed: 1 },
      ai_credits: {
        used: 0,
        allowed: 10,
        resets_at: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00.000Z$/),
      },
    });
  });

  it('lets a member whose plan is suspended read and export, and refuses every write (403 plan_suspended)', async () => {
    const session = await member();
    const [leadId] = await addLeads(session, 1, 'suspended');
    const [user] = await t.dataSource.query(
      `UPDATE users SET subscription_plan = 'networker', subscription_status = 'past_due',
              stripe_subscription_id = 'sub_suspended', stripe_customer_id = 'cus_suspended'
        WHERE email = $1 RETURNING id`,
      [session.user.email],
    );
    await t.dataSource.query(
      `INSERT INTO dunning_invoices (stripe_invoice_id, stripe_subscription_id, stripe_customer_id, user_id,
              status, amount_cents, first_failed_at, grace_ends_at, blocked_at)
       VALUES ('in_suspended', 'sub_suspended', 'cus_suspended', $1, 'open', 14500,
               now() - interval '10 days', now() - interval '3 days', now())`,
      [user[0].id],
    );
    const writes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['POST', '/api/leads', { first_name: 'New' }],
      ['PATCH', `/api/leads/${leadId}`, { stage: 'new' }],
      ['POST', `/api/leads/${leadId}/signals`, { kind: 'met' }],
      ['POST', `/api/leads/${leadId}/notes`, { body: 'x' }],
      ['POST', `/api/leads/${leadId}/tasks`, { title: 'x' }],
      ['DELETE', `/api/leads/${leadId}`],
    ];
    for (const [method, url, payload] of writes) {
      const answer = await call(session, method, url, payload);
      expect({ url, method, status: answer.statusCode, code: answer.json().code }).toEqual({
        url,
        method,
        status: 403,
        code: 'plan_suspended',
      });
    }
    expect((await call(session, 'GET', '/api/leads')).json().count).toBe(1);
    expect((await call(session, 'GET', `/api/leads/${leadId}/timeline`)).statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/leads/export')).statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/me/usage')).json().profiles_tracked.allowed).toBe(300);
  });
});
