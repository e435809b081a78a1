import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataSource } from '../../src/database/data-source.js';
import { runMigrations } from '../../src/database/run-migrations.js';
import { SEEDED_LEAD_MEMBERS } from '../../src/dev/seed-leads.js';
import { bearer, signUpAdmin } from '../support/accounts.js';
import { runSeed } from '../support/seed-tool.js';
import { resetDatabase, startTestApp, testDatabaseUrl } from '../support/test-app.js';

describe('npm run seed: demo members with a lead workspace', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadpulse-seed-leads-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gives a few demo members leads, scores, signals and their own posts through the sample import, counted in the back office', async () => {
    const dataSource = createDataSource(testDatabaseUrl(), 2);
    await dataSource.initialize();
    await runMigrations(dataSource);
    await resetDatabase(dataSource);
    await dataSource.destroy();

    const seeded = await runSeed(['--users', '30', '--without-stripe'], { DATA_DIR: dataDir });
    expect(seeded.status).toBe(0);
    expect(seeded.output).toMatch(
      new RegExp(`Lead workspaces: ${SEEDED_LEAD_MEMBERS} members with [\\d,]+ leads`),
    );
    // Run again, it replaces what it wrote: each member still has one sample import.
    expect(
      (await runSeed(['--users', '30', '--without-stripe'], { DATA_DIR: dataDir })).status,
    ).toBe(0);

    const t = await startTestApp();
    try {
      const members = (await t.dataSource.query(
        `SELECT w.owner_user_id AS user_id, u.email,
                (SELECT count(*) FROM leads l WHERE l.workspace_id = w.id)::int AS leads,
                (SELECT count(*) FROM lead_scores l WHERE l.workspace_id = w.id AND l.score > 0)::int AS scored,
                (SELECT count(*) FROM lead_scores l WHERE l.workspace_id = w.id AND l.score > 0
                    AND jsonb_array_length(l.breakdown) = 0)::int AS unexplained,
                (SELECT count(DISTINCT kind) FROM lead_signals s WHERE s.workspace_id = w.id)::int AS signal_kinds,
                (SELECT count(*) FROM lead_signals s WHERE s.workspace_id = w.id AND s.kind = 'job_change')::int AS job_changes,
                (SELECT count(*) FROM my_posts p WHERE p.workspace_id = w.id)::int AS posts,
                (SELECT count(*) FROM lead_imports i WHERE i.workspace_id = w.id AND i.status = 'done')::int AS imports
           FROM workspaces w JOIN users u ON u.id = w.owner_user_id
          WHERE u.email LIKE '%@seed.example.com' ORDER BY u.email`,
      )) as {
        user_id: string;
        email: string;
        leads: number;
        scored: number;
        unexplained: number;
        signal_kinds: number;
        job_changes: number;
        posts: number;
        imports: number;
      }[];
      expect(members).toHaveLength(SEEDED_LEAD_MEMBERS);
      for (const member of members) {
        expect(member.leads).toBe(315);
        expect(member.scored).toBeGreaterThan(100);
        expect(member.unexplained).toBe(0);
        expect(member.signal_kinds).toBe(8);
        expect(member.job_changes).toBe(25);
        expect(member.posts).toBe(22);
        expect(member.imports).toBe(1);
      }
      // Each member has people of their own, not the same sample four times.
      const names = await t.dataSource.query(
        `SELECT count(DISTINCT first_name || ' ' || last_name)::int AS distinct_names, count(*)::int AS total
           FROM leads`,
      );
      expect(names[0].distinct_names).toBeGreaterThan(names[0].total / 8);

      const admin = await signUpAdmin(t.app, t.dataSource);
      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users/${members[0].user_id}`,
        headers: bearer(admin),
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().lead_usage).toEqual({
        leads: 315,
        tracked: 12,
        monitored: 1,
        imports: 1,
        ai_credits_used: 0,
      });
      const stats = await t.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: bearer(admin),
      });
      expect(stats.json()).toMatchObject({ members_with_leads: SEEDED_LEAD_MEMBERS });
    } finally {
      await t.close();
    }
  }, 180_000);
});
