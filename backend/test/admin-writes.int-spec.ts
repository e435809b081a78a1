import { createHash, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AUDIT_ACTIONS, ROLE_PERMISSIONS, type Permission } from '@leadpulse/common';
import { EmailEntity } from '../src/mail/email.entity.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { TransactionEntity } from '../src/payments/transaction.entity.js';
import { ReconciliationService } from '../src/reconciliation/reconciliation.service.js';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  bearer,
  makeAdmin,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import {
  buyFounding,
  buyFoundingUnheard,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { NO_RATE_LIMITS, resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A back-office write route of the OpenAPI document, with what its `x-admin-write` declares. */
interface WriteRoute {
  key: string;
  method: WriteMethod;
  path: string;
  action: string;
  permission: string;
}

type OpenApi = {
  paths: Record<
    string,
    Record<string, { 'x-admin-write'?: { action?: string; permission?: string } }>
  >;
};

/** What a scenario hands the route: the `{id}` of its path and the body. */
interface Call {
  id?: string;
  payload?: object;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

const FORBIDDEN_BODY = {
  statusCode: 403,
  code: 'forbidden',
  message: 'You do not have permission to do this.',
};

/** Tables whose content a refused write must leave exactly as it was. */
const BUSINESS_TABLES = [
  'users',
  'auth_accounts',
  'auth_tokens',
  'roles',
  'admin_roles',
  'promotions',
  'newsletter_subscriptions',
  'subscriptions',
  'transactions',
  'payment_methods',
  'founding_reservations',
  'emails',
  'stripe_events',
  'mfa_factors',
  'mfa_recovery_codes',
];
const STRIPE_OBJECTS = [
  'customer',
  'subscription',
  'subscription_schedule',
  'invoice',
  'charge',
  'refund',
  'coupon',
  'promotion_code',
  'checkout.session',
];

/**
 * Every back-office write (each non-GET route under /api/admin in the OpenAPI document) declares
 * its audit action and permission, is refused and recorded without that permission, and leaves
 * exactly one audit row when it succeeds.
 */
describe('every admin write is permission-checked and audited', () => {
  let env: AppWithSandbox;
  let owner: SessionBody;
  let ownerId: string;
  let routes: WriteRoute[];
  /** For each permission, an administrator whose one role grants every permission but that one. */
  const lacking = new Map<Permission, SessionBody>();

  const ds = () => env.t.dataSource;
  const users = () => ds().getRepository(UserEntity);
  const request = (method: WriteMethod, url: string, session: SessionBody, payload?: object) =>
    env.t.app.inject({
      method,
      url,
      headers: bearer(session),
      ...(payload ? { payload } : {}),
    });
  const routeNamed = (key: string) => {
    const route = routes.find((candidate) => candidate.key === key);
    if (!route) throw new Error(`${key} is not a write route of the OpenAPI document`);
    return route;
  };

  /** Stripe events delivered and processed, the outbox delivered: the background work has settled. */
  const settled = () =>
    waitFor(
      async () => {
        if (env.sandbox.pendingDeliveries > 0) return undefined;
        const [{ busy }] = (await ds().query(
          `SELECT (SELECT count(*) FROM stripe_events WHERE NOT processed)
                + (SELECT count(*) FROM emails WHERE status = 'queued') AS busy`,
        )) as { busy: string }[];
        return Number(busy) === 0 ? true : undefined;
      },
      20_000,
      'every Stripe event processed and every e-mail delivered',
    );
  const auditCounts = async (action: string) => {
    const [row] = (await ds().query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE outcome = 'success')::int AS success,
              count(*) FILTER (WHERE outcome = 'refused' AND action_type = $1)::int AS refused
         FROM admin_actions`,
      [action],
    )) as { total: number; success: number; refused: number }[];
    return row;
  };
  const auditIds = async () =>
    ((await ds().query(`SELECT id FROM admin_actions`)) as { id: string }[]).map((row) => row.id);
  const auditRowsBesides = (ids: string[]) =>
    ds().query(
      `SELECT action_type, outcome, admin_id FROM admin_actions
        WHERE NOT (id = ANY($1::uuid[])) ORDER BY created_at, id`,
      [ids],
    ) as Promise<{ action_type: string; outcome: string; admin_id: string | null }[]>;
  /** A digest of every business table and of the Stripe sandbox's objects. */
  const fingerprint = async () => {
    const [tables] = (await ds().query(
      `SELECT ${BUSINESS_TABLES.map(
        (table) =>
          `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${table}" x) AS "${table}"`,
      ).join(', ')}`,
    )) as Record<string, string>[];
    const stripe = Object.fromEntries(
      STRIPE_OBJECTS.map((kind) => [
        `stripe ${kind}`,
        createHash('md5')
          .update(JSON.stringify(env.sandbox.objects(kind)))
          .digest('hex'),
      ]),
    );
    return { ...tables, ...stripe };
  };

  // ---- What the scenarios build on ------------------------------------------------------------

  const plainUser = (overrides: Partial<UserEntity> = {}) =>
    users().save(
      users().create({
        email: uniqueEmail('target'),
        first_name: 'Ada',
        last_name: 'Target',
        status: 'active',
        ...overrides,
      }),
    );
  const paidUser = (email: string) =>
    waitFor(async () => {
      const user = await users().findOneBy({ email });
      return user?.status === 'paid' && user.stripe_subscription_id ? user : undefined;
    });
  /** A founding member who paid through the sandbox's checkout, webhooks processed. */
  const foundingBuyer = async () => {
    const email = uniqueEmail('paid');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await settled();
    return user;
  };
  let sharedBuyer: Promise<UserEntity> | undefined;
  /** One founding buyer for the scenarios that only read or add to their billing. */
  const paidCustomer = () => (sharedBuyer ??= foundingBuyer());
  /** A customer on a monthly plan, made at Stripe directly, its subscription stored by webhook. */
  const monthlySubscriber = async () => {
    const email = uniqueEmail('monthly');
    const customer = await env.stripe.customers.create({
      email,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    await plainUser({ email, stripe_customer_id: customer.id });
    const subscription = await env.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    const row = await waitFor(
      async () =>
        (await ds()
          .getRepository(SubscriptionEntity)
          .findOneBy({ stripe_subscription_id: subscription.id })) ?? undefined,
      15_000,
      `subscription ${subscription.id} stored`,
    );
    await settled();
    return { subscription, row };
  };
  const ownerCall = async (method: WriteMethod, url: string, payload?: object) => {
    const answer = await request(method, url, owner, payload);
    if (answer.statusCode >= 300) throw new Error(`${method} ${url} failed: ${answer.body}`);
    return answer.json();
  };
  /** A member who turned two-step verification on. */
  const twoStepMember = async () => {
    const session = await signUpAndConfirm(env.t.app, ds(), uniqueEmail('two-step'));
    const enrolment = (await request('POST', '/api/auth/mfa/totp/enroll', session)).json() as {
      factor_id: string;
      secret: string;
    };
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret) }).generate();
    await request('POST', '/api/auth/mfa/totp/verify', session, {
      factor_id: enrolment.factor_id,
      code,
    });
    return users().findOneByOrFail({ email: session.user.email });
  };
  const newRole = (permissions: Permission[] = []) =>
    ownerCall('POST', '/api/admin/roles', {
      name: `Scenario ${randomUUID().slice(0, 8)}`,
      permissions: Object.fromEntries(permissions.map((permission) => [permission, true])),
    }) as Promise<{ id: string }>;
  const newPromotion = () =>
    ownerCall('POST', '/api/admin/promotions', {
      name: 'Scenario sale',
      code: `SC${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      type: 'percentage',
      value: 20,
    }) as Promise<{ id: string }>;
  const subscriber = (status: 'active' | 'unsubscribed') =>
    ds()
      .getRepository(NewsletterSubscriptionEntity)
      .save(
        ds()
          .getRepository(NewsletterSubscriptionEntity)
          .create({
            email: uniqueEmail('reader'),
            source: 'manual',
            status,
            confirmed_at: new Date(),
          }),
      );

  /**
   * How to make each write route succeed, keyed by `METHOD /path` as the OpenAPI document names
   * it. A route the document lists without a scenario here, or a scenario for a route it lacks,
   * fails the suite: a new write route needs a new scenario.
   */
  const SCENARIOS: Record<string, () => Promise<Call>> = {
    'POST /api/admin/users': async () => ({
      payload: { first_name: 'New', last_name: 'Person', email: uniqueEmail('created') },
    }),
    'PUT /api/admin/users/{id}': async () => ({
      id: (await plainUser()).id,
      payload: { company: 'Analytical Engines' },
    }),
    'POST /api/admin/users/{id}/promo': async () => ({
      id: (await plainUser()).id,
      payload: { type: 'early_adopter', duration_days: 30 },
    }),
    'DELETE /api/admin/users/{id}/promo': async () => {
      const user = await plainUser();
      await ownerCall('POST', `/api/admin/users/${user.id}/promo`, { type: 'beta_tester' });
      return { id: user.id };
    },
    'POST /api/admin/users/{id}/complimentary': async () => ({
      id: (await plainUser()).id,
      payload: { type: 'networker', duration_days: 14 },
    }),
    'POST /api/admin/users/{id}/welcome-email': async () => ({ id: (await plainUser()).id }),
    'POST /api/admin/users/{id}/password-reset': async () => ({ id: (await plainUser()).id }),
    'DELETE /api/admin/users/{id}/mfa': async () => ({ id: (await twoStepMember()).id }),
    'POST /api/admin/users/{id}/suspend': async () => ({
      id: (await plainUser()).id,
      payload: { reason: 'Chargeback under review' },
    }),
    'POST /api/admin/users/{id}/reactivate': async () => ({
      id: (
        await plainUser({
          status: 'suspended',
          status_before_suspension: 'active',
          suspended_at: new Date(),
          suspension_reason: 'Chargeback under review',
        })
      ).id,
    }),
    'PUT /api/admin/users/{id}/roles': async () => {
      const role = await newRole(['manage_newsletter']);
      return { id: (await plainUser({ is_admin: true })).id, payload: { role_ids: [role.id] } };
    },
    'POST /api/admin/users/{id}/payments/sync': async () => ({ id: (await paidCustomer()).id }),
    'PUT /api/admin/users/{id}/billing': async () => ({
      id: (await paidCustomer()).id,
      payload: {
        billing_name: 'Ada Accounts',
        billing_email: 'accounts@example.com',
        billing_address: { line1: '1 Engine Way', city: 'London', postal_code: 'N1 9GU' },
      },
    }),
    'POST /api/admin/users/{id}/stripe-sync': async () => ({ id: (await paidCustomer()).id }),
    'POST /api/admin/users/{id}/refunds': async () => {
      const user = await paidCustomer();
      const payment = await waitFor(
        async () =>
          (await ds()
            .getRepository(TransactionEntity)
            .findOneBy({ user_id: user.id, status: 'succeeded' })) ?? undefined,
        15_000,
        'the founding payment recorded',
      );
      return {
        id: user.id,
        payload: {
          transaction_id: payment.id,
          amount_cents: 1000,
          reason: 'requested_by_customer',
          request_id: randomUUID(),
        },
      };
    },
    'POST /api/admin/users/{id}/subscription': async () => ({
      id: (await paidCustomer()).id,
      payload: { plan: 'rainmaker', request_id: randomUUID() },
    }),
    'POST /api/admin/subscriptions/{id}/cancel': async () => ({
      id: (await monthlySubscriber()).row.id,
      payload: {},
    }),
    'POST /api/admin/subscriptions/{id}/reactivate': async () => {
      const { subscription, row } = await monthlySubscriber();
      await env.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      await waitFor(
        async () =>
          (await ds().getRepository(SubscriptionEntity).findOneByOrFail({ id: row.id }))
            .cancel_at_period_end
            ? true
            : undefined,
        15_000,
        'the scheduled cancellation stored',
      );
      return { id: row.id };
    },
    'POST /api/admin/newsletter': async () => ({
      payload: { email: uniqueEmail('news'), first_name: 'News' },
    }),
    'POST /api/admin/newsletter/import': async () => ({
      payload: {
        csv: `Email,First Name,Last Name\n${uniqueEmail('imported')},Ann,One\n${uniqueEmail('imported')},Bob,Two\n`,
      },
    }),
    'POST /api/admin/newsletter/{id}/unsubscribe': async () => ({
      id: (await subscriber('active')).id,
    }),
    'POST /api/admin/newsletter/{id}/resubscribe': async () => ({
      id: (await subscriber('unsubscribed')).id,
    }),
    'POST /api/admin/emails/{id}/resend': async () => ({
      id: (
        await ds()
          .getRepository(EmailEntity)
          .findOneByOrFail({ to_email: owner.user.email, template: 'welcome' })
      ).id,
    }),
    'POST /api/admin/stripe-events/{id}/replay': async () => {
      await paidCustomer();
      const [event] = await ds()
        .getRepository(StripeEventEntity)
        .find({
          where: { event_type: 'checkout.session.completed', processed: true },
          order: { created_at: 'DESC' },
          take: 1,
        });
      return { id: event.id };
    },
    'POST /api/admin/promotions': async () => ({
      payload: {
        name: 'Spring sale',
        code: `SPRING${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
        type: 'percentage',
        value: 25,
        max_uses: 10,
      },
    }),
    'PUT /api/admin/promotions/{id}': async () => ({
      id: (await newPromotion()).id,
      payload: { name: 'Summer sale' },
    }),
    'POST /api/admin/roles': async () => ({
      payload: { name: `Support ${randomUUID().slice(0, 8)}`, permissions: { manage_users: true } },
    }),
    'PUT /api/admin/roles/{id}': async () => ({
      id: (await newRole(['manage_users'])).id,
      payload: { description: 'Helps customers', permissions: { manage_users: true } },
    }),
    'DELETE /api/admin/roles/{id}': async () => ({ id: (await newRole()).id }),
    'POST /api/admin/recovery/recover': async () => {
      // The payment's webhooks never arrive: a paid customer without an account.
      const email = uniqueEmail('dropped');
      await buyFoundingUnheard(env, email);
      await waitFor(
        async () =>
          (
            await ds().query(
              `SELECT 1 FROM founding_reservations WHERE email = $1 AND stripe_checkout_session_id IS NOT NULL`,
              [email],
            )
          ).length > 0
            ? true
            : undefined,
        15_000,
        'the unprocessed purchase',
      );
      return { payload: { email } };
    },
    'POST /api/admin/recovery/password-link': async () => ({
      payload: { email: (await plainUser()).email },
    }),
    'POST /api/admin/recovery/reconcile': async () => {
      // Whatever earlier scenarios left to repair is repaired now (as the system), so the run the
      // administrator starts has nothing to repair and records only itself.
      await env.t.app.get(ReconciliationService).run();
      await settled();
      return { payload: {} };
    },
  };

  beforeAll(async () => {
    env = await startAppWithSandbox(NO_RATE_LIMITS);
    await resetDatabase(ds());
    owner = await signUpAdmin(env.t.app, ds(), uniqueEmail('owner'));
    ownerId = (await users().findOneByOrFail({ email: owner.user.email })).id;

    const document = (
      await env.t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    ).json() as OpenApi;
    routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, item]) =>
        WRITE_METHODS.filter((method) => item[method]).map((method) => {
          const declared = item[method]['x-admin-write'];
          return {
            key: `${method.toUpperCase()} ${path}`,
            method: method.toUpperCase() as WriteMethod,
            path,
            action: String(declared?.action),
            permission: String(declared?.permission),
          };
        }),
      );

    for (const permission of ROLE_PERMISSIONS) {
      const name = `All but ${permission}`;
      await ownerCall('POST', '/api/admin/roles', {
        name,
        permissions: Object.fromEntries(
          ROLE_PERMISSIONS.filter((other) => other !== permission).map((other) => [other, true]),
        ),
      });
      const admin = await signUpAndConfirm(
        env.t.app,
        ds(),
        uniqueEmail(`no-${permission.replace(/_/g, '-')}`),
      );
      await makeAdmin(ds(), admin.user.email, [name]);
      lacking.set(permission, admin);
    }
    await settled();
  }, 60_000);
  afterAll(() => env?.close());

  it('declares, on every admin write of the API document, its audit action and the permission that action needs', async () => {
    const document = (
      await env.t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    ).json() as OpenApi;
    const wrong: string[] = [];
    let writes = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!(WRITE_METHODS as readonly string[]).includes(method)) continue;
        writes += 1;
        const key = `${method.toUpperCase()} ${path}`;
        const declared = operation['x-admin-write'];
        if (!declared?.action || !declared.permission) {
          wrong.push(`${key}: no x-admin-write with an action and a permission`);
          continue;
        }
        const known = (AUDIT_ACTIONS as Record<string, { permission: string | null }>)[
          declared.action
        ];
        if (!known) wrong.push(`${key}: ${declared.action} is not an audit action`);
        else if (known.permission === null)
          wrong.push(`${key}: ${declared.action} is a system action, needing no permission`);
        else if (known.permission !== declared.permission)
          wrong.push(
            `${key}: declares ${declared.permission}, ${declared.action} needs ${known.permission}`,
          );
        if (!(ROLE_PERMISSIONS as readonly string[]).includes(declared.permission))
          wrong.push(`${key}: ${declared.permission} is not a role permission`);
      }
    }
    expect(wrong).toEqual([]);
    expect(writes).toBe(routes.length);
    expect(writes).toBeGreaterThan(0);
  });

  it('has a success scenario for exactly the write routes the API document lists', () => {
    const listed = routes.map((route) => route.key);
    expect({
      withoutScenario: listed.filter((key) => !(key in SCENARIOS)),
      notInDocument: Object.keys(SCENARIOS).filter((key) => !listed.includes(key)),
    }).toEqual({ withoutScenario: [], notInDocument: [] });
  });

  it('refuses every admin write to an administrator without its permission, and records the attempt', async () => {
    // Each administrator holds every permission but one.
    for (const permission of ROLE_PERMISSIONS) {
      const identity = await env.t.app.inject({
        method: 'GET',
        url: '/api/admin/identity',
        headers: bearer(lacking.get(permission)!),
      });
      expect({ permission, granted: identity.json().permissions }).toEqual({
        permission,
        granted: ROLE_PERMISSIONS.filter((other) => other !== permission),
      });
    }

    const target = await plainUser();
    const before = await fingerprint();
    const successes = (await auditCounts('')).success;
    const seen: unknown[] = [];
    const expected: unknown[] = [];
    for (const route of routes) {
      const admin = lacking.get(route.permission as Permission);
      if (!admin) {
        seen.push(`${route.key}: no administrator lacks ${route.permission}`);
        continue;
      }
      const onUser = route.path.startsWith('/api/admin/users/{id}');
      const url = route.path.replace('{id}', onUser ? target.id : randomUUID());
      const counts = await auditCounts(route.action);
      const ids = await auditIds();
      const answer = await request(
        route.method,
        url,
        admin,
        route.method === 'DELETE' ? undefined : {},
      );
      const after = await auditCounts(route.action);
      seen.push({
        route: route.key,
        status: answer.statusCode,
        body: answer.json(),
        newRows: after.total - counts.total,
        refusedRows: after.refused - counts.refused,
        rows: await ds().query(
          `SELECT action_type, outcome, admin_id, target_user_id FROM admin_actions
            WHERE NOT (id = ANY($1::uuid[]))`,
          [ids],
        ),
      });
      expected.push({
        route: route.key,
        status: 403,
        body: FORBIDDEN_BODY,
        newRows: 1,
        refusedRows: 1,
        rows: [
          {
            action_type: route.action,
            outcome: 'refused',
            admin_id: (await users().findOneByOrFail({ email: admin.user.email })).id,
            target_user_id: onUser ? target.id : null,
          },
        ],
      });
    }
    expect(seen).toEqual(expected);
    expect((await auditCounts('')).success).toBe(successes);
    expect(await fingerprint()).toEqual(before);
  }, 60_000);

  for (const key of Object.keys(SCENARIOS))
    it(`${key}: refused without its permission, changing nothing; done by an Owner with exactly one audit row`, async () => {
      const route = routeNamed(key);
      const call = await SCENARIOS[key]();
      const url = route.path.replace('{id}', call.id ?? '');
      // Background work the setup started (webhooks, e-mails) settles before anything is counted.
      await settled();

      // The same request, from an administrator with every permission but this route's.
      const unchanged = await fingerprint();
      const counted = await auditCounts(route.action);
      const refused = await request(
        route.method,
        url,
        lacking.get(route.permission as Permission)!,
        call.payload,
      );
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 403,
        body: FORBIDDEN_BODY,
      });
      const afterRefusal = await auditCounts(route.action);
      expect({
        newRows: afterRefusal.total - counted.total,
        refusedRows: afterRefusal.refused - counted.refused,
        newSuccesses: afterRefusal.success - counted.success,
      }).toEqual({ newRows: 1, refusedRows: 1, newSuccesses: 0 });
      expect(await fingerprint()).toEqual(unchanged);

      // The Owner's request succeeds, with its one audit row written with the change.
      const ids = await auditIds();
      const answer = await request(route.method, url, owner, call.payload);
      expect({
        status: answer.statusCode >= 200 && answer.statusCode < 300 ? '2xx' : answer.statusCode,
        body: answer.statusCode < 300 ? '' : answer.body,
      }).toEqual({ status: '2xx', body: '' });
      const expected = [{ action_type: route.action, outcome: 'success', admin_id: ownerId }];
      expect(await auditRowsBesides(ids)).toEqual(expected);
      // Nothing the write set off in the background records another row.
      await settled();
      expect(await auditRowsBesides(ids)).toEqual(expected);
    }, 30_000);
});
