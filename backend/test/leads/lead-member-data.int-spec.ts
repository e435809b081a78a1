import {
  bearer,
  PASSWORD,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

describe('the lead workspace and the member’s rights', () => {
  let t: TestApp;
  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });

  /** A member with a lead, a logged signal, a note, a task and a finished import. */
  async function memberWithLeads(): Promise<{
    session: SessionBody;
    leadId: string;
    userId: string;
  }> {
    const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('rights'));
    const lead = await call(session, 'POST', '/api/leads', {
      first_name: 'Secretia',
      last_name: 'Privatova',
      profile_url: 'https://www.linkedin.com/in/secretia-privatova',
      stage: 'new',
      monitored: true,
    });
    const leadId = lead.json().id as string;
    await call(session, 'POST', `/api/leads/${leadId}/signals`, { kind: 'met' });
    await call(session, 'POST', `/api/leads/${leadId}/notes`, { body: 'Private note' });
    await call(session, 'POST', `/api/leads/${leadId}/tasks`, { title: 'Call back' });
    const sample = await call(session, 'POST', '/api/lead-imports/sample');
    await waitFor(async () => {
      const row = (await call(session, 'GET', `/api/lead-imports/${sample.json().id}`)).json();
      return row.status === 'done' ? row : undefined;
    }, 60_000);
    const [user] = await t.dataSource.query(`SELECT id FROM users WHERE email = $1`, [
      session.user.email,
    ]);
    return { session, leadId, userId: user.id };
  }

  beforeAll(async () => {
    t = await startTestApp({
      env: { ...NO_RATE_LIMITS, RATE_LIMIT_EXPORT: '100', JOBS_POLL_INTERVAL_SECONDS: '1' },
    });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('puts the workspace’s leads, signals, notes, tasks and imports in “Download my data”', async () => {
    const { session, leadId, userId } = await memberWithLeads();
    expect((await call(session, 'GET', '/api/leads/news')).statusCode).toBe(200);
    await t.dataSource.query(
      `INSERT INTO lead_digests (user_id, local_date, time_zone, outcome) VALUES ($1, '2026-11-27', 'Europe/Paris', 'nothing')`,
      [userId],
    );
    const data = (await call(session, 'GET', '/api/me/export')).json();
    expect(data.leads.news_visits).toEqual([
      { seen_at: expect.any(String), previous_seen_at: null },
    ]);
    expect(data.leads.digests).toEqual([
      expect.objectContaining({
        local_date: '2026-11-27',
        time_zone: 'Europe/Paris',
        outcome: 'nothing',
      }),
    ]);
    expect(data.leads.leads).toHaveLength(316);
    expect(data.leads.leads).toContainEqual(
      expect.objectContaining({ id: leadId, first_name: 'Secretia', stage: 'new' }),
    );
    expect(data.leads.signals).toContainEqual(
      expect.objectContaining({ lead_id: leadId, kind: 'met', source: 'manual' }),
    );
    expect(data.leads.notes).toEqual([
      expect.objectContaining({ lead_id: leadId, body: 'Private note' }),
    ]);
    expect(data.leads.tasks).toEqual([
      expect.objectContaining({ lead_id: leadId, title: 'Call back' }),
    ]);
    expect(data.leads.imports).toEqual([
      expect.objectContaining({ kind: 'sample', status: 'done' }),
    ]);
    expect(data.leads.stage_changes).toEqual([
      expect.objectContaining({ lead_id: leadId, from_stage: null, to_stage: 'new', reason: null }),
    ]);
  });

  it('shows administrators lead usage counts, never a lead, and adds lead figures to the dashboard', async () => {
    const { userId } = await memberWithLeads();
    const admin = await signUpAdmin(t.app, t.dataSource);
    const profile = await call(admin, 'GET', `/api/admin/users/${userId}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().lead_usage).toEqual({
      leads: 316,
      tracked: 1,
      monitored: 1,
      ai_credits_used: 0,
      imports: 1,
    });
    expect(profile.body).not.toMatch(/Secretia|Privatova|Private note/);
    const stats = (await call(admin, 'GET', '/api/admin/stats')).json();
    expect(stats.members_with_leads).toBeGreaterThanOrEqual(1);
    expect(stats.imports_7d).toBeGreaterThanOrEqual(1);
  });

  it('erases the workspace and everything in it with the account', async () => {
    const { session, userId } = await memberWithLeads();
    const [{ id: workspaceId }] = await t.dataSource.query(
      `SELECT id FROM workspaces WHERE owner_user_id = $1`,
      [userId],
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(session),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    for (const table of [
      'leads',
      'lead_signals',
      'lead_notes',
      'lead_tasks',
      'lead_imports',
      'lead_stage_changes',
    ])
      expect({
        table,
        rows: (
          await t.dataSource.query(
            `SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`,
            [workspaceId],
          )
        )[0].n,
      }).toEqual({ table, rows: 0 });
    expect(
      await t.dataSource.query(`SELECT id FROM workspaces WHERE id = $1`, [workspaceId]),
    ).toEqual([]);
    expect(
      await t.dataSource.query(`SELECT id FROM workspace_members WHERE user_id = $1`, [userId]),
    ).toEqual([]);
  });
});
