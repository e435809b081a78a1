import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS } from '@leadpulse/common';
import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { RoleEntity } from '../src/roles/role.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  makeAdmin,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

describe('roles that grant', () => {
  let t: TestApp;
  let owner: SessionBody;
  const users = () => t.dataSource.getRepository(UserEntity);
  const actions = () => t.dataSource.getRepository(AdminActionEntity);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    session: SessionBody,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const idOf = async (session: SessionBody) =>
    (await users().findOneByOrFail({ email: session.user.email })).id;
  const roleNamed = (name: string) =>
    t.dataSource.getRepository(RoleEntity).findOneByOrFail({ name });
  const createRole = async (name: string, permissions: string[]) =>
    (
      await call('POST', '/api/admin/roles', owner, {
        name,
        permissions: Object.fromEntries(permissions.map((permission) => [permission, true])),
      })
    ).json() as RoleEntity;
  const adminWith = async (roles: string[], name = 'Support Person') => {
    const session = await signUpAndConfirm(
      t.app,
      t.dataSource,
      uniqueEmail('staff'),
      undefined,
      name,
    );
    await makeAdmin(t.dataSource, session.user.email, roles);
    return session;
  };

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    owner = await signUpAdmin(t.app, t.dataSource, uniqueEmail('owner'));
    await createRole('Support', ['manage_users']);
  }, 30_000);
  afterAll(() => t.close());

  it('tells the back office what the signed-in administrator may do', async () => {
    expect((await call('GET', '/api/admin/identity', owner)).json()).toMatchObject({
      email: owner.user.email,
      roles: [{ name: 'Owner' }],
      permissions: [...ROLE_PERMISSIONS],
    });
    const support = await adminWith(['Support'], 'Sam Support');
    expect((await call('GET', '/api/admin/identity', support)).json()).toMatchObject({
      name: 'Sam Support',
      roles: [{ name: 'Support' }],
      permissions: ['manage_users'],
    });
  });

  it('lets manage_users edit a user, audited, and refuses it a refund, recording the attempt', async () => {
    const support = await adminWith(['Support']);
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('member'));
    const memberId = await idOf(member);

    const edited = await call('PUT', `/api/admin/users/${memberId}`, support, { company: 'Acme' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ company: 'Acme' });
    expect(
      await actions().findBy({
        admin_id: await idOf(support),
        action_type: 'update_user',
        target_user_id: memberId,
        outcome: 'success',
      }),
    ).toHaveLength(1);

    const refund = await call('POST', `/api/admin/users/${memberId}/refunds`, support, {
      transaction_id: randomUUID(),
      reason: 'requested_by_customer',
    });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'You do not have permission to do this.',
    });
    const [refused] = await actions().findBy({
      admin_id: await idOf(support),
      action_type: 'process_refund',
    });
    expect(refused).toMatchObject({ outcome: 'refused', target_user_id: memberId });

    const log = await call(
      'GET',
      `/api/admin/admin-actions?filter=${encodeURIComponent(JSON.stringify({ outcome: 'refused' }))}`,
      owner,
    );
    expect(log.json()).toEqual([
      expect.objectContaining({
        action_type: 'process_refund',
        action_label: 'Refund processed',
        outcome: 'refused',
      }),
    ]);
  });

  it('lets an administrator with no role read every list and refuses every write', async () => {
    const reader = await adminWith([]);
    for (const resource of ['users', 'roles', 'admin-actions', 'newsletter', 'promotions'])
      expect((await call('GET', `/api/admin/${resource}`, reader)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/identity', reader)).json()).toMatchObject({
      roles: [],
      permissions: [],
    });
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('member'));
    const edit = await call('PUT', `/api/admin/users/${await idOf(member)}`, reader, {
      company: 'Nope',
    });
    expect(edit.statusCode).toBe(403);
    expect(await users().findOneByOrFail({ id: await idOf(member) })).toMatchObject({
      company: null,
    });
    expect((await call('POST', '/api/admin/roles', reader, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('gives and takes roles from the profile, and never leaves the back office without an Owner', async () => {
    const ownerRole = await roleNamed('Owner');
    const support = await roleNamed('Support');
    const second = await adminWith([]);
    const secondId = await idOf(second);

    const given = await call('PUT', `/api/admin/users/${secondId}/roles`, owner, {
      role_ids: [support.id, ownerRole.id],
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().roles.map((role: { name: string }) => role.name)).toEqual([
      'Owner',
      'Support',
    ]);
    expect((await call('GET', `/api/admin/users/${secondId}`, owner)).json()).toMatchObject({
      roles: [{ name: 'Owner' }, { name: 'Support' }],
    });

    // Two Owners take the role from each other at once: one of them must keep it.
    const ownerId = await idOf(owner);
    const [first, other] = await Promise.all([
      call('PUT', `/api/admin/users/${secondId}/roles`, owner, { role_ids: [] }),
      call('PUT', `/api/admin/users/${ownerId}/roles`, second, { role_ids: [support.id] }),
    ]);
    expect([first.statusCode, other.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : other;
    expect(loser.json()).toMatchObject({
      code: 'last_owner',
      message: 'At least one administrator must keep the Owner role.',
    });
    const [{ owners }] = await t.dataSource.query(
      `SELECT count(*)::int AS owners FROM admin_roles ar JOIN roles r ON r.id = ar.role_id
        JOIN users u ON u.id = ar.user_id AND u.is_admin WHERE r.is_owner`,
    );
    expect(owners).toBe(1);

    // Restore: the original owner keeps the role for the tests below.
    const survivor = first.statusCode === 200 ? owner : second;
    const survivorId = await idOf(survivor);
    if (survivorId !== ownerId)
      await call('PUT', `/api/admin/users/${ownerId}/roles`, survivor, {
        role_ids: [ownerRole.id],
      });
    expect(
      (await call('PUT', `/api/admin/users/${secondId}/roles`, owner, { role_ids: ['x'] }))
        .statusCode,
    ).toBe(400);
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('member'));
    expect(
      (
        await call('PUT', `/api/admin/users/${await idOf(member)}/roles`, owner, {
          role_ids: [support.id],
        })
      ).json(),
    ).toMatchObject({ code: 'not_admin' });
  });

  it('counts who holds each role, refuses to delete a held role or the Owner role', async () => {
    const support = await roleNamed('Support');
    const ownerRole = await roleNamed('Owner');
    const list = (await call('GET', '/api/admin/roles', owner)).json() as {
      name: string;
      admin_count: number;
      is_owner: boolean;
    }[];
    const held = list.find((role) => role.name === 'Support')!;
    expect(held.admin_count).toBeGreaterThan(0);
    expect(list.find((role) => role.name === 'Owner')).toMatchObject({ is_owner: true });

    const refused = await call('DELETE', `/api/admin/roles/${support.id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('role_in_use');
    expect(refused.json().message).toContain(`${held.admin_count} administrator`);

    for (const attempt of [
      call('DELETE', `/api/admin/roles/${ownerRole.id}`, owner),
      call('PUT', `/api/admin/roles/${ownerRole.id}`, owner, { permissions: {} }),
    ])
      expect((await attempt).json()).toMatchObject({ statusCode: 409, code: 'owner_role' });

    const spare = await createRole('Spare', []);
    expect((await call('DELETE', `/api/admin/roles/${spare.id}`, owner)).statusCode).toBe(200);
  });
});
