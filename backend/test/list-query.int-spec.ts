import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { UsersListService } from '../src/users/users-list.service.js';
import { sendList } from '../src/common/list-query.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { bearer, signUpAdmin, uniqueEmail, type SessionBody } from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** Just enough of a reply to read the headers a list answer sets. */
function replyRecorder() {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe('list answers with a capped count', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await resetDatabase(t.dataSource);
    await t.dataSource.getRepository(UserEntity).insert(
      Array.from({ length: 30 }, (_, i) => ({
        email: `capped${String(i).padStart(2, '0')}@example.com`,
        first_name: 'Cap',
        status: 'active' as const,
      })),
    );
    await t.dataSource.query('ANALYZE users');
  });
  afterAll(() => t.close());

  const list = async (q: string, cap: number, range: [number, number] = [0, 9]) => {
    const { reply, headers } = replyRecorder();
    const rows = await sendList(
      reply,
      'users',
      t.app.get(UsersListService).filtered({ q }),
      { filter: { q }, range, sort: ['email', 'ASC'] },
      { exactCountUpTo: cap },
    );
    return { rows, headers };
  };

  it('counts exactly up to the cap, and says nothing more', async () => {
    const { rows, headers } = await list('capped', 100);
    expect(rows.map((row) => row.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `capped${String(i).padStart(2, '0')}@example.com`),
    );
    expect(headers['content-range']).toBe('users 0-9/30');
    expect(headers['x-total-estimated']).toBeUndefined();
  });

  it('answers the planner’s estimate above the cap, never below it, and flags it', async () => {
    const { rows, headers } = await list('capped', 10);
    expect(rows).toHaveLength(10);
    const total = Number(headers['content-range'].split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(11);
    expect(headers['x-total-estimated']).toBe('true');
    expect(headers['access-control-expose-headers']).toContain('X-Total-Estimated');
  });

  it('answers the same total from any page, full, partly full, empty or past the end', async () => {
    const totals = async (q: string, cap: number, range: [number, number]) => {
      const { headers } = await list(q, cap, range);
      return `${headers['content-range']}${headers['x-total-estimated'] ? ' (estimated)' : ''}`;
    };
    expect(await totals('capped', 100, [20, 29])).toBe('users 20-29/30');
    expect(await totals('capped', 100, [25, 34])).toBe('users 25-29/30');
    expect(await totals('capped', 100, [40, 49])).toBe('users 40-40/30');
    expect(await totals('capped07', 100, [0, 9])).toBe('users 0-0/1');
    expect(await totals('nobody', 100, [0, 9])).toBe('users 0-0/0');
    // Past the cap the total stays the planner's estimate, whichever page tells it.
    expect(await totals('capped', 10, [25, 34])).toMatch(/^users 25-29\/\d+ \(estimated\)$/);
  });

  it('finds e-mail addresses case-insensitively through the trigram index', async () => {
    const { rows } = await list('CAPPED07', 100);
    expect(rows.map((row) => row.email)).toEqual(['capped07@example.com']);
    // The search must be able to use the trigram index (the planner prefers a scan on 30 rows).
    const plan = await t.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(
        `EXPLAIN SELECT id FROM users u WHERE u.email::text ILIKE '%apped07%'`,
      )) as { 'QUERY PLAN': string }[];
    });
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('users_email_trgm_idx');
  });
});

/**
 * The admin API under every call of react-admin's stock ra-data-simple-rest provider: getMany
 * without a range, getManyReference on each list's targets, Edit's whole-record update, sort by
 * id, and getOne on every resource.
 */
describe('the admin API under ra-data-simple-rest', () => {
  let t: TestApp;
  let admin: SessionBody;
  let adminId: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(admin),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = (resource: string, params: Record<string, unknown> = {}) =>
    call(
      'GET',
      `/api/admin/${resource}?${new URLSearchParams(
        Object.fromEntries(
          Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)]),
        ),
      )}`,
    );
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const refusal = (response: { statusCode: number; json(): { code: string } }) => ({
    status: response.statusCode,
    code: response.json().code,
  });
  const REFUSED = { status: 400, code: 'validation_failed' };

  const RESOURCES = [
    'users',
    'subscriptions',
    'promotions',
    'roles',
    'admin-actions',
    'emails',
    'error-reports',
    'stripe-events',
    'newsletter',
  ];

  let member: UserEntity;
  let other: UserEntity;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('contract-admin'));
    adminId = (
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: admin.user.email })
    ).id;
    const users = t.dataSource.getRepository(UserEntity);
    await users.insert(
      Array.from({ length: 30 }, (_, i) => ({
        email: `many${String(i).padStart(2, '0')}@example.com`,
        first_name: 'Many',
        status: 'active' as const,
      })),
    );
    member = await users.findOneByOrFail({ email: 'many00@example.com' });
    other = await users.findOneByOrFail({ email: 'many01@example.com' });
    await t.dataSource.getRepository(SubscriptionEntity).insert([
      ...[1, 2].map((i) => ({
        stripe_subscription_id: `sub_member_${i}`,
        stripe_customer_id: 'cus_member',
        user_id: member.id,
        plan_name: 'networker',
        plan_type: 'monthly',
        status: 'active',
        amount_cents: 2900,
      })),
      {
        stripe_subscription_id: 'sub_other',
        stripe_customer_id: 'cus_other',
        user_id: other.id,
        plan_name: 'networker',
        plan_type: 'yearly',
        status: 'active',
        amount_cents: 29000,
      },
    ]);
    await t.dataSource.getRepository(NewsletterSubscriptionEntity).insert(
      Array.from({ length: 25 }, (_, i) => ({
        email: `reader${String(i).padStart(2, '0')}@example.com`,
        source: 'manual' as const,
      })),
    );
  }, 60_000);
  afterAll(() => t.close());

  it('answers a getMany (filter.id, no range) with every id it names, up to 500', async () => {
    const all = await list('users', { filter: { q: 'many' }, range: [0, 29] });
    const thirty = ids(all.json());
    expect(thirty).toHaveLength(30);
    const many = await list('users', { filter: { id: thirty } });
    expect(many.statusCode).toBe(200);
    expect(ids(many.json()).sort()).toEqual([...thirty].sort());
    expect(many.headers['content-range']).toBe('users 0-29/30');

    const readers = ids((await list('newsletter', { range: [0, 24] })).json());
    expect(readers).toHaveLength(25);
    expect(ids((await list('newsletter', { filter: { id: readers } })).json())).toHaveLength(25);

    // A given range is still honoured, and an empty getMany answers nothing.
    expect((await list('users', { filter: { id: thirty }, range: [0, 9] })).json()).toHaveLength(
      10,
    );
    expect((await list('users', { filter: { id: [] } })).json()).toEqual([]);

    const tooMany = Array.from({ length: 501 }, () => randomUUID());
    expect(refusal(await list('users', { filter: { id: tooMany } }))).toEqual(REFUSED);
    expect((await list('users', { filter: { id: tooMany.slice(0, 500) } })).statusCode).toBe(200);
  });

  it('refuses an unknown filter key on every list instead of ignoring it', async () => {
    for (const resource of RESOURCES) {
      const refused = await list(resource, { filter: { nonsense: 'x' } });
      expect({ resource, ...refusal(refused) }).toEqual({ resource, ...REFUSED });
      expect(refused.json().message).toContain('filter.nonsense');
    }
    expect(refusal(await list('users', { filter: { is_admin: 'yes' } }))).toEqual(REFUSED);
    expect(refusal(await list('subscriptions', { filter: { user_id: 'me' } }))).toEqual(REFUSED);
    expect(refusal(await list('roles', { filter: { name: 7 } }))).toEqual(REFUSED);
    expect(refusal(await list('admin-actions', { filter: { q: ['a'] } }))).toEqual(REFUSED);
  });

  it('refuses a query parameter other than filter, range and sort, and one given twice', async () => {
    for (const resource of RESOURCES) {
      const refused = await call('GET', `/api/admin/${resource}?page=2`);
      expect({ resource, ...refusal(refused) }).toEqual({ resource, ...REFUSED });
      expect(refused.json().errors).toHaveProperty('page');
    }
    const twice = await call('GET', '/api/admin/users?sort=["id","ASC"]&sort=["id","DESC"]');
    expect(refusal(twice)).toEqual(REFUSED);
    expect(twice.json().errors).toHaveProperty('sort');
    for (const resource of ['users', 'newsletter']) {
      const exported = await call('GET', `/api/admin/${resource}/export.csv?range=[0,9]`);
      expect({ resource, ...refusal(exported) }).toEqual({ resource, ...REFUSED });
    }
  });

  it('honours every filter key each list declares', async () => {
    const uuid = randomUUID();
    const declared: Record<string, Record<string, unknown>> = {
      users: {
        q: 'many',
        segment: 'active',
        email: 'many00@example.com',
        status: 'active',
        subscription_plan: 'prospector',
        subscription_status: 'active',
        is_admin: false,
        founding_member: false,
      },
      subscriptions: {
        q: 'cus',
        status: 'active',
        stripe_customer_id: 'cus_member',
        plan_name: 'networker',
        plan_type: 'monthly',
        user_id: uuid,
      },
      promotions: { q: 'x', code: 'X', active: true },
      roles: { q: 'own', name: 'Owner' },
      'admin-actions': {
        q: 'x',
        admin_id: uuid,
        target_user_id: uuid,
        action_type: 'update_user',
        outcome: 'refused',
      },
      emails: {
        q: 'x',
        to_email: 'x@example.com',
        status: 'sent',
        template: 'welcome',
        user_id: uuid,
      },
      'error-reports': { q: 'x', environment: 'production' },
      'stripe-events': { q: 'evt', event_type: 'invoice.paid', processed: true },
      newsletter: {
        q: 'reader',
        email: 'reader00@example.com',
        status: 'active',
        source: 'manual',
      },
    };
    expect(Object.keys(declared).sort()).toEqual([...RESOURCES].sort());
    for (const [resource, filters] of Object.entries(declared))
      for (const [key, value] of Object.entries(filters)) {
        const answer = await list(resource, { filter: { [key]: value } });
        expect({ resource, key, status: answer.statusCode }).toEqual({
          resource,
          key,
          status: 200,
        });
      }

    // The ones stock components lean on, each narrowing the list.
    const byMember = await list('subscriptions', { filter: { user_id: member.id } });
    expect(
      byMember
        .json()
        .map((row: { stripe_subscription_id: string }) => row.stripe_subscription_id)
        .sort(),
    ).toEqual(['sub_member_1', 'sub_member_2']);
    expect(byMember.headers['content-range']).toBe('subscriptions 0-1/2');
    expect((await list('subscriptions', { filter: { plan_type: 'yearly' } })).json()).toEqual([
      expect.objectContaining({ stripe_subscription_id: 'sub_other' }),
    ]);
    expect((await list('roles', { filter: { name: 'owner' } })).json()).toEqual([
      expect.objectContaining({ name: 'Owner', is_owner: true }),
    ]);
    expect((await list('roles', { filter: { name: 'Own' } })).json()).toEqual([]);
    expect((await list('users', { filter: { email: 'MANY07@example.com' } })).json()).toEqual([
      expect.objectContaining({ email: 'many07@example.com' }),
    ]);
    expect(
      (await list('newsletter', { filter: { email: 'reader03@example.com' } })).json(),
    ).toEqual([expect.objectContaining({ email: 'reader03@example.com' })]);
  });

  it('searches the audit log with q: description, action and both addresses', async () => {
    const renamed = await call('PUT', `/api/admin/users/${member.id}`, {
      company: 'Searchable Co',
    });
    expect(renamed.statusCode).toBe(200);
    const search = async (q: string) =>
      (await list('admin-actions', { filter: { q } })).json() as { target_email: string }[];
    expect(await search('Updated company')).toEqual([
      expect.objectContaining({ target_email: member.email, admin_id: adminId }),
    ]);
    expect(await search('MANY00@')).toHaveLength(1);
    expect(await search(admin.user.email.slice(0, 12))).not.toEqual([]);
    expect(await search('no such words anywhere')).toEqual([]);
  });

  it('sorts every list by id', async () => {
    for (const resource of RESOURCES)
      for (const order of ['ASC', 'DESC']) {
        const answer = await list(resource, { sort: ['id', order], range: [0, 99] });
        expect({ resource, status: answer.statusCode }).toEqual({ resource, status: 200 });
        const got = ids(answer.json());
        const sorted = [...got].sort();
        expect(got).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
    expect((await list('users', { sort: ['id', 'ASC'], range: [0, 99] })).json().length).toBe(31);
  });

  it('answers GET /api/admin/newsletter/:id with the list row, and 404 for an unknown id', async () => {
    const [row] = (await list('newsletter', { filter: { email: 'reader05@example.com' } })).json();
    const one = await call('GET', `/api/admin/newsletter/${row.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(row);
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await call('GET', `/api/admin/newsletter/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'not_found', message: 'Subscriber not found.' });
    }
  });

  describe('an Edit form sending the whole record back', () => {
    const edit = async (
      resource: string,
      id: string,
      change: (record: Record<string, unknown>) => Record<string, unknown>,
    ) => {
      const record = (await call('GET', `/api/admin/${resource}/${id}`)).json();
      return { record, answer: await call('PUT', `/api/admin/${resource}/${id}`, change(record)) };
    };

    it('updates a user: unchanged read-only fields pass, and the answer is the record as GET gives it', async () => {
      const { record, answer } = await edit('users', other.id, (user) => ({
        ...user,
        company: 'Whole Record Ltd',
      }));
      expect(answer.statusCode).toBe(200);
      const after = (await call('GET', `/api/admin/users/${other.id}`)).json();
      expect(after.company).toBe('Whole Record Ltd');
      expect(answer.json()).toEqual(after);
      expect(after).toMatchObject({ id: record.id, created_at: record.created_at, roles: [] });
      // The stored empty last name (which an edit could not set) does not block the edit.
      expect(record.last_name).toBe('');
    });

    it('refuses a read-only field with another value, and still an unknown field', async () => {
      const record = (await call('GET', `/api/admin/users/${other.id}`)).json();
      for (const [field, value] of [
        ['id', randomUUID()],
        ['created_at', '2001-01-01T00:00:00.000Z'],
        ['updated_at', '2001-01-01T00:00:00.000Z'],
        ['stripe_customer_id', 'cus_forged'],
        ['display_status', 'Nonsense'],
      ] as const) {
        const refused = await call('PUT', `/api/admin/users/${other.id}`, {
          ...record,
          [field]: value,
        });
        expect({ field, ...refusal(refused) }).toEqual({ field, ...REFUSED });
        expect(refused.json().message).toBe(`${field} cannot be changed.`);
      }
      const unknown = await call('PUT', `/api/admin/users/${other.id}`, {
        ...record,
        nickname: 'Al',
      });
      expect(refusal(unknown)).toEqual(REFUSED);
      expect(unknown.json().message).toBe('property nickname should not exist');
      for (const payload of ['[]', '"text"', 'null', '42']) {
        const odd = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${other.id}`,
          headers: { ...bearer(admin), 'content-type': 'application/json' },
          payload,
        });
        expect({ payload, ...refusal(odd) }).toEqual({ payload, ...REFUSED });
      }
      // A writable field is validated as before.
      expect(
        refusal(await call('PUT', `/api/admin/users/${other.id}`, { ...record, email: 'nope' })),
      ).toEqual(REFUSED);
      expect((await call('GET', `/api/admin/users/${other.id}`)).json()).toEqual(record);
    });

    it('updates a role and a promotion the same way', async () => {
      const role = (await call('POST', '/api/admin/roles', { name: 'Whole Support' })).json();
      const renamed = await edit('roles', role.id, (record) => ({
        ...record,
        description: 'Answers mail',
      }));
      expect(renamed.answer.statusCode).toBe(200);
      expect(renamed.answer.json()).toEqual({
        ...renamed.record,
        description: 'Answers mail',
        updated_at: expect.any(String),
      });
      expect(
        refusal((await edit('roles', role.id, (record) => ({ ...record, admin_count: 9 }))).answer),
      ).toEqual(REFUSED);
      // The Owner role, which cannot change, accepts its own record back.
      const [owner] = (await list('roles', { filter: { name: 'Owner' } })).json();
      expect((await edit('roles', owner.id, (record) => record)).answer.statusCode).toBe(200);

      const promotion = await call('POST', '/api/admin/promotions', {
        name: 'Whole',
        code: 'WHOLE10',
        type: 'percentage',
        value: 10,
      });
      expect(promotion.statusCode).toBe(201);
      const paused = await edit('promotions', promotion.json().id, (record) => ({
        ...record,
        active: false,
      }));
      expect(paused.answer.statusCode).toBe(200);
      expect(paused.answer.json()).toMatchObject({
        id: paused.record.id,
        code: 'WHOLE10',
        active: false,
      });
      expect(
        refusal(
          (
            await edit('promotions', promotion.json().id, (record) => ({
              ...record,
              current_uses: 5,
            }))
          ).answer,
        ),
      ).toEqual(REFUSED);
      const [toggle] = (
        await list('admin-actions', { filter: { action_type: 'toggle_promotion' } })
      ).json();
      expect(toggle).toMatchObject({ description: 'Deactivated promotion WHOLE10' });
    });
  });
});
