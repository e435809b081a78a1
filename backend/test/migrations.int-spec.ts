import pg from 'pg';
import { PLANS, PLAN_IDS } from '@leadpulse/common';
import { createDataSource } from '../src/database/data-source.js';
import { pendingSchemaChanges, runMigrations } from '../src/database/run-migrations.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { testDatabaseUrl } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('migrations', () => {
  const dataSource = createDataSource(testDatabaseUrl(), 4);

  beforeAll(async () => {
    await dataSource.initialize();
    await runMigrations(dataSource);
  });
  afterAll(() => dataSource.destroy());

  it('leave nothing for the entities to change (entities and migrations agree)', async () => {
    const changes = await pendingSchemaChanges(dataSource);
    expect(changes.up).toEqual([]);
  });

  it('are all applied, once each, and a second run applies nothing', async () => {
    const applied = await dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied).toHaveLength(MIGRATIONS.length);
    expect(await runMigrations(dataSource)).toEqual([]);
  });

  it('seed the plan catalogue exactly as common/ describes it', async () => {
    const rows: {
      code: string;
      name: string;
      price_cents: number;
      interval_count: number;
      limits: object;
    }[] = await dataSource.query(
      'SELECT code, name, price_cents, interval_count, limits FROM plans',
    );
    expect(rows.map((row) => row.code).sort()).toEqual([...PLAN_IDS].sort());
    for (const row of rows) {
      const plan = PLANS[row.code as keyof typeof PLANS];
      expect(row).toMatchObject({
        name: plan.name,
        price_cents: plan.priceCents,
        interval_count: plan.intervalCount,
        limits: plan.limits,
      });
    }
  });

  it('keep e-mail addresses unique whatever their case', async () => {
    await dataSource.query(`INSERT INTO users (email) VALUES ('Case.Test@Example.com')`);
    await expect(
      dataSource.query(`INSERT INTO users (email) VALUES ('case.test@example.COM')`),
    ).rejects.toThrow(/duplicate key/);
    await dataSource.query(`DELETE FROM users WHERE email = 'case.test@example.com'`);
  });

  it('refuse a user status outside the spec', async () => {
    await expect(
      dataSource.query(`INSERT INTO users (email, status) VALUES ('s@example.com', 'banned')`),
    ).rejects.toThrow(/users_status_check/);
  });

  it('give new users the spec defaults', async () => {
    const [user] = await dataSource.query(
      `INSERT INTO users (email) VALUES ('defaults@example.com') RETURNING status, founding_member, is_admin, password_set, notification_preferences`,
    );
    expect(user).toEqual({
      status: 'pending',
      founding_member: false,
      is_admin: false,
      password_set: false,
      notification_preferences: {
        emailUpdates: true,
        featureAnnouncements: true,
        billingAlerts: true,
        weeklyDigest: false,
      },
    });
    await dataSource.query(`DELETE FROM users WHERE email = 'defaults@example.com'`);
  });

  it('keep the pending lists of the user search’s trigram indexes small', async () => {
    const indexes = (await dataSource.query(
      `SELECT c.relname AS name, c.reloptions AS options
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_opclass o ON o.oid = i.indclass[0]
        WHERE i.indrelid = 'users'::regclass AND o.opcname = 'gin_trgm_ops' ORDER BY 1`,
    )) as { name: string; options: string[] }[];
    expect(indexes).toEqual(
      ['users_email_trgm_idx', 'users_first_name_trgm_idx', 'users_last_name_trgm_idx'].map(
        (name) => ({ name, options: ['gin_pending_list_limit=64'] }),
      ),
    );
  });

  // Only a real server has separate sessions; the embedded database is single-process by its folder lock.
  const onServer = process.env.TEST_DATABASE_KIND === 'server';
  (onServer ? it : it.skip)('wait for the advisory lock that another instance holds', async () => {
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(7318400219)');
      let finished = false;
      const run = runMigrations(dataSource).then(() => (finished = true));
      // The migrations' session is queued behind the lock.
      await waitFor(async () => {
        const { rowCount } = await other.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        return rowCount ? true : undefined;
      });
      expect(finished).toBe(false);
      await other.query('SELECT pg_advisory_unlock(7318400219)');
      await run;
      expect(finished).toBe(true);
    } finally {
      await other.end();
    }
  });
});
