import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type RaRecord } from 'react-admin';
import { beforeAll, describe, expect, inject, it } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    token: string;
    memberId: string;
  }
}

type Row = RaRecord<string> & Record<string, unknown>;

/** Every resource of the admin API, each with filters of its own a list screen would send. */
const LISTS: Record<string, Record<string, unknown>> = {
  users: { q: 'contract', segment: 'active' },
  subscriptions: { q: 'cus_contract', status: 'active' },
  promotions: { q: 'CONTRACT', active: true },
  roles: { q: 'contract' },
  'admin-actions': { action_type: 'create_user', outcome: 'success' },
  emails: { q: 'contract', template: 'confirm-email' },
  'error-reports': { q: 'Contract', environment: 'production' },
  'stripe-events': { event_type: 'invoice.paid', processed: true },
  newsletter: { q: 'contract', status: 'active', source: 'manual' },
};

const byId = (rows: Row[]) => rows.map((row) => row.id);
const sortedIds = (rows: Row[]) => [...byId(rows)].sort();

/**
 * react-admin's stock ra-data-simple-rest provider against the real API: every call a stock
 * component can make (List, Show, ReferenceField, ReferenceManyField, Edit, Create, Delete) on
 * every resource. Any call the API breaks throws and fails the test.
 */
describe('the admin API under the stock ra-data-simple-rest provider', () => {
  const token = inject('token');
  const memberId = inject('memberId');
  const dataProvider: DataProvider = simpleRestProvider(
    `${inject('apiUrl')}/admin`,
    (url, options) =>
      fetchUtils.fetchJson(url, {
        ...options,
        user: { authenticated: true, token: `Bearer ${token}` },
      }),
  );
  const users: Row[] = [];
  const subscribers: Row[] = [];
  /** The one record a filter finds. */
  const findOne = async (resource: string, filter: Record<string, unknown>) => {
    const { data } = await dataProvider.getList<Row>(resource, {
      filter,
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 2 },
    });
    expect(data).toHaveLength(1);
    return data[0];
  };

  beforeAll(async () => {
    for (let i = 0; i < 30; i += 1) {
      const n = String(i).padStart(2, '0');
      const { data: user } = await dataProvider.create<Row>('users', {
        data: {
          first_name: 'Contract',
          last_name: `User ${n}`,
          email: `contract.user${n}@example.com`,
        },
      });
      users.push(user);
      const { data: subscriber } = await dataProvider.create<Row>('newsletter', {
        data: { email: `contract.reader${n}@example.com` },
      });
      subscribers.push(subscriber);
    }
    await dataProvider.create('promotions', {
      data: { name: 'Contract', code: 'CONTRACT10', type: 'percentage', value: 10 },
    });
    await dataProvider.create('roles', {
      data: { name: 'Contract Support', description: 'Answers contract mail' },
    });
  }, 60_000);

  it('creates: the answer is the new record, with its id', () => {
    expect(users[0]).toMatchObject({
      id: expect.any(String),
      email: 'contract.user00@example.com',
    });
    expect(subscribers[0]).toMatchObject({ id: expect.any(String), source: 'manual' });
  });

  it.each(Object.entries(LISTS))(
    'getList on %s: filters, sort by id both ways, paging',
    async (resource, filter) => {
      const { data, total } = await dataProvider.getList<Row>(resource, {
        filter,
        sort: { field: 'id', order: 'ASC' },
        pagination: { page: 1, perPage: 100 },
      });
      expect(data.length).toBeGreaterThan(0);
      expect(total).toBe(data.length);
      expect(byId(data)).toEqual(sortedIds(data));
      const descending = await dataProvider.getList<Row>(resource, {
        filter: {},
        sort: { field: 'id', order: 'DESC' },
        pagination: { page: 1, perPage: 5 },
      });
      expect(byId(descending.data)).toEqual(sortedIds(descending.data).reverse());
      const everything = await dataProvider.getList<Row>(resource, {
        filter: {},
        sort: { field: 'created_at', order: 'DESC' },
        pagination: { page: 1, perPage: 500 },
      });
      expect(everything.total).toBeGreaterThanOrEqual(total!);
    },
  );

  it('getList narrows by each filter', async () => {
    const segment = await dataProvider.getList<Row>('users', {
      filter: { q: 'contract.user1' },
      sort: { field: 'email', order: 'ASC' },
      pagination: { page: 1, perPage: 20 },
    });
    expect(segment.data.map((user) => user.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `contract.user1${i}@example.com`),
    );
    const active = await dataProvider.getList<Row>('subscriptions', {
      filter: LISTS.subscriptions,
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 20 },
    });
    expect(active.data.map((row) => row.stripe_subscription_id).sort()).toEqual([
      'sub_contract_1',
      'sub_contract_3',
    ]);
  });

  it.each(Object.keys(LISTS))('getOne on %s answers the list row’s record', async (resource) => {
    const { data } = await dataProvider.getList<Row>(resource, {
      filter: {},
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 1 },
    });
    const { data: one } = await dataProvider.getOne<Row>(resource, { id: data[0].id });
    expect(one.id).toBe(data[0].id);
  });

  it('getMany answers every id it is given, beyond a page', async () => {
    for (const [resource, rows] of [
      ['users', users],
      ['newsletter', subscribers],
    ] as const) {
      const ids = byId(rows);
      expect(ids).toHaveLength(30);
      const { data } = await dataProvider.getMany<Row>(resource, { ids });
      expect(sortedIds(data)).toEqual([...ids].sort());
    }
    for (const resource of Object.keys(LISTS)) {
      const { data } = await dataProvider.getList<Row>(resource, {
        filter: {},
        sort: { field: 'id', order: 'ASC' },
        pagination: { page: 1, perPage: 3 },
      });
      const many = await dataProvider.getMany<Row>(resource, { ids: byId(data) });
      expect({ resource, ids: sortedIds(many.data) }).toEqual({ resource, ids: sortedIds(data) });
    }
  });

  it('getManyReference filters by its target', async () => {
    const reference = (
      resource: string,
      target: string,
      id: string,
      filter: Record<string, unknown> = {},
    ) =>
      dataProvider.getManyReference<Row>(resource, {
        target,
        id,
        filter,
        sort: { field: 'created_at', order: 'DESC' },
        pagination: { page: 1, perPage: 25 },
      });

    const subscriptions = await reference('subscriptions', 'user_id', memberId);
    expect(subscriptions.total).toBe(2);
    expect(subscriptions.data.map((row) => row.stripe_subscription_id).sort()).toEqual([
      'sub_contract_1',
      'sub_contract_2',
    ]);

    const roles = await reference('roles', 'name', 'Contract Support');
    expect(roles.data).toEqual([expect.objectContaining({ name: 'Contract Support' })]);

    const target = users[7];
    const actions = await reference('admin-actions', 'target_user_id', target.id, {
      q: 'Created user',
    });
    expect(actions.data).toEqual([
      expect.objectContaining({ action_type: 'create_user', target_user_id: target.id }),
    ]);
    expect(
      (await reference('admin-actions', 'target_user_id', target.id, { q: 'nothing like it' }))
        .total,
    ).toBe(0);

    const email = await findOne('emails', LISTS.emails);
    const byRecipient = await reference('emails', 'to_email', String(email.to_email));
    expect(byId(byRecipient.data)).toContain(email.id);
    expect(byRecipient.data.every((row) => row.to_email === email.to_email)).toBe(true);

    const events = await reference('stripe-events', 'event_type', 'customer.updated');
    expect(events.data).toEqual([expect.objectContaining({ stripe_event_id: 'evt_contract_2' })]);
    const promotions = await reference('promotions', 'code', 'CONTRACT10');
    expect(promotions.total).toBe(1);
    const subscriber = await reference('newsletter', 'email', 'contract.reader05@example.com');
    expect(byId(subscriber.data)).toEqual([subscribers[5].id]);
  });

  it('update with the whole record, as an Edit form sends it, answers the full record', async () => {
    const promotion = await findOne('promotions', { code: 'CONTRACT10' });
    const role = await findOne('roles', { name: 'Contract Support' });
    const edits: [resource: string, id: string, change: Record<string, unknown>][] = [
      ['users', users[0].id, { company: 'Contract Engines' }],
      ['promotions', promotion.id, { name: 'Contract Renamed', active: false }],
      ['roles', role.id, { description: 'Edited through the stock provider' }],
    ];
    for (const [resource, id, change] of edits) {
      const { data: record } = await dataProvider.getOne<Row>(resource, { id });
      const { data: updated } = await dataProvider.update<Row>(resource, {
        id,
        data: { ...record, ...change },
        previousData: record,
      });
      const { data: after } = await dataProvider.getOne<Row>(resource, { id });
      expect(after).toMatchObject(change);
      expect(updated).toEqual(after);
    }
  });

  it('updateMany sends the change to each record', async () => {
    const ids = byId(users.slice(1, 3));
    const { data } = await dataProvider.updateMany('users', { ids, data: { job_title: 'Tester' } });
    expect(data?.slice().sort()).toEqual([...ids].sort());
    const { data: after } = await dataProvider.getMany<Row>('users', { ids });
    expect(after.map((user) => user.job_title)).toEqual(['Tester', 'Tester']);
  });

  it('delete and deleteMany remove roles, which the API lets go', async () => {
    const created = await Promise.all(
      ['Contract Temp A', 'Contract Temp B', 'Contract Temp C'].map(
        async (name) => (await dataProvider.create<Row>('roles', { data: { name } })).data,
      ),
    );
    const { data: deleted } = await dataProvider.delete<Row>('roles', {
      id: created[0].id,
      previousData: created[0],
    });
    expect(deleted).toMatchObject({ id: created[0].id, name: 'Contract Temp A' });
    const { data: ids } = await dataProvider.deleteMany('roles', { ids: byId(created.slice(1)) });
    expect(ids?.slice().sort()).toEqual(sortedIds(created.slice(1)));
    await expect(dataProvider.getOne('roles', { id: created[1].id })).rejects.toMatchObject({
      status: 404,
    });
    expect((await dataProvider.getMany('roles', { ids: byId(created) })).data).toEqual([]);
  });
});
