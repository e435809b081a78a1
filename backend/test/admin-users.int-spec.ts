import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  makeAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe("the admin users API: an administrator's roles and the last Owner", () => {
  let t: TestApp;
  let owner: SessionBody;
  let other: SessionBody;
  let member: SessionBody;
  const userId = async (session: SessionBody) =>
    (await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: session.user.email }))
      .id;
  const call = (method: 'GET' | 'PUT', url: string, session: SessionBody, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const demote = async (by: SessionBody, target: SessionBody) =>
    call('PUT', `/api/admin/users/${await userId(target)}`, by, { is_admin: false });

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_SIGNUP: '1000', RATE_LIMIT_CONFIRM: '1000' } });
    await resetDatabase(t.dataSource);
    owner = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('owner'));
    other = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('other'));
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('member'));
    await makeAdmin(t.dataSource, owner.user.email);
  }, 30_000);
  afterAll(() => t.close());

  it("answers a user's roles: an administrator's by name, none for a member or a former admin", async () => {
    await t.dataSource.query(
      `INSERT INTO roles (name, description, permissions) VALUES ('Support desk', '', '{"manage_users": true}')`,
    );
    await makeAdmin(t.dataSource, other.user.email, ['Owner', 'Support desk']);
    const [ownerRole, support] = (await t.dataSource.query(
      `SELECT id, name FROM roles WHERE name IN ('Support desk', 'Owner') ORDER BY name`,
    )) as { id: string; name: string }[];

    const shown = await call('GET', `/api/admin/users/${await userId(other)}`, owner);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ email: other.user.email, is_admin: true });
    expect(shown.json().roles).toEqual([
      { id: ownerRole.id, name: 'Owner' },
      { id: support.id, name: 'Support desk' },
    ]);
    expect(
      (await call('GET', `/api/admin/users/${await userId(member)}`, owner)).json().roles,
    ).toEqual([]);

    // Taking is_admin away leaves the role rows, but a non-administrator holds no role.
    expect((await demote(owner, other)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/admin/users/${await userId(other)}`, owner)).json().roles,
    ).toEqual([]);
  });

  it('refuses to demote the last administrator holding the Owner role, and changes nothing', async () => {
    await makeAdmin(t.dataSource, other.user.email, ['Support desk']);
    const changes = () =>
      t.dataSource
        .getRepository(AdminActionEntity)
        .countBy({ action_type: 'update_user', outcome: 'success' });
    const before = await changes();
    // Only an Owner acts on an Owner's account: without the role, the attempt is refused.
    const refused = await demote(other, owner);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'You do not have permission to do this.',
    });
    // The last Owner demoting themselves is refused: someone must keep the role.
    expect((await demote(owner, owner)).json()).toEqual({
      statusCode: 409,
      code: 'last_owner',
      message: 'At least one administrator must keep the Owner role.',
    });
    expect(
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: owner.user.email }),
    ).toMatchObject({ is_admin: true });
    expect(await changes()).toBe(before);

    // An administrator without the Owner role can be demoted while an Owner remains.
    expect((await demote(owner, other)).statusCode).toBe(200);
  });

  it('lets only one of two Owners demoting each other at once succeed', async () => {
    await makeAdmin(t.dataSource, other.user.email);
    const answers = await Promise.all([demote(owner, other), demote(other, owner)]);
    // The loser is refused by the lock (409), or by the guard if the winner committed first (403).
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 409],
      [200, 403],
    ]).toContainEqual(codes);
    const [{ owners }] = (await t.dataSource.query(
      `SELECT count(*)::int AS owners FROM admin_roles ar
         JOIN roles r ON r.id = ar.role_id JOIN users u ON u.id = ar.user_id
        WHERE r.is_owner AND u.is_admin`,
    )) as { owners: number }[];
    expect(owners).toBe(1);
  });

  it('waits for the Owner role while another change holds it, then counts the Owners again', async () => {
    await makeAdmin(t.dataSource, owner.user.email);
    await makeAdmin(t.dataSource, other.user.email);
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query(`SELECT id FROM roles WHERE is_owner FOR UPDATE`);
    let settled = false;
    const pending = demote(owner, other).finally(() => (settled = true));
    if (process.env.TEST_DATABASE_KIND === 'server') {
      // The demotion waits for the row lock.
      await waitFor(async () => {
        const waiting = (await runner.query(
          `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a USING (pid)
            WHERE NOT l.granted AND a.datname = current_database()`,
        )) as unknown[];
        return waiting.length > 0 ? true : undefined;
      });
    } else {
      // The embedded database shows no lock to wait for (it queues whole transactions, and no
      // query can look while this one is open): the demotion gets time to reach it.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(settled).toBe(false);
    // Meanwhile the other Owner goes: the waiting demotion must see it and refuse.
    await runner.query(`UPDATE users SET is_admin = false WHERE email = $1`, [owner.user.email]);
    await runner.commitTransaction();
    await runner.release();
    expect((await pending).json()).toMatchObject({ statusCode: 409, code: 'last_owner' });
  });
});
