import type { AdminActionDetails } from '../src/audit/admin-action.entity.js';
import { UserPromosService } from '../src/users/user-promos.service.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** The promo expiry sweep over many users at once, and two sweeps running together. */
describe('the promo expiry sweep', () => {
  let t: TestApp;
  let promos: UserPromosService;

  beforeAll(async () => {
    t = await startTestApp();
    promos = t.app.get(UserPromosService);
  });
  afterAll(() => t.close());

  /** `count` users whose promo of `type` ends `offset` from now (negative: already ended). */
  const usersWithPromos = (prefix: string, count: number, type: string, offset: string) =>
    t.dataSource.query(
      `INSERT INTO users (email, promo_active, promo_type, promo_expiration_date)
       SELECT $1 || g || '@example.com', true, $2, now() + $3::interval
         FROM generate_series(1, $4::int) g`,
      [prefix, type, offset, count],
    );

  const endedPromos = () =>
    t.dataSource.query(
      `SELECT target_user_id, admin_id, details FROM admin_actions WHERE action_type = 'end_promo'`,
    ) as Promise<
      { target_user_id: string; admin_id: string | null; details: AdminActionDetails }[]
    >;

  beforeEach(() => resetDatabase(t.dataSource));

  it('ends every expired promo in batches, each once with its audit entry, and no other', async () => {
    await usersWithPromos('ended-', 1_234, 'beta_tester', '-1 hour');
    await usersWithPromos('running-', 30, 'early_adopter', '1 day');

    // Two sweeps at once (two instances, or a retry beside a late run) share the work.
    const [first, second] = await Promise.all([promos.expirePromos(), promos.expirePromos()]);
    expect(first + second).toBe(1_234);

    const rows = (await t.dataSource.query(
      `SELECT email, promo_active, promo_type, promo_expiration_date, updated_at > created_at AS touched
         FROM users ORDER BY email`,
    )) as Record<string, unknown>[];
    const ended = rows.filter((row) => String(row.email).startsWith('ended-'));
    expect(ended).toHaveLength(1_234);
    for (const row of ended)
      expect(row).toMatchObject({
        promo_active: false,
        promo_type: null,
        promo_expiration_date: null,
        touched: true,
      });
    for (const row of rows.filter((each) => String(each.email).startsWith('running-')))
      expect(row).toMatchObject({ promo_active: true, promo_type: 'early_adopter' });

    const audited = await endedPromos();
    expect(audited).toHaveLength(1_234);
    expect(new Set(audited.map((entry) => entry.target_user_id)).size).toBe(1_234);
    expect(audited[0]).toMatchObject({
      admin_id: null,
      details: {
        description: 'Promo Beta Tester ended at its expiry',
        old_values: { promo_active: true, promo_type: 'beta_tester' },
        new_values: { promo_active: false, promo_type: null, promo_expiration_date: null },
      },
    });
    expect(Date.parse(String(audited[0].details.old_values!.promo_expiration_date))).toBeLessThan(
      Date.now(),
    );

    expect(await promos.expirePromos()).toBe(0);
    expect(await endedPromos()).toHaveLength(1_234);
  });

  it('can find the expired promos through an index of the users who have one', async () => {
    const plan = await t.dataSource.transaction(async (manager) => {
      // With the table this small the planner would scan it anyway: the index must serve alone.
      await manager.query('SET LOCAL enable_seqscan = off');
      const [row] = (await manager.query(
        `EXPLAIN (FORMAT JSON) SELECT id FROM users
          WHERE promo_active AND promo_expiration_date <= now()
          ORDER BY promo_expiration_date LIMIT 500`,
      )) as { 'QUERY PLAN': unknown }[];
      return JSON.stringify(row['QUERY PLAN']);
    });
    expect(plan).toContain('users_promo_expiry_idx');
  });
});
