import { randomUUID } from 'node:crypto';
import { UserEntity } from '../../src/users/user.entity.js';
import {
  bearer,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  method: string;
  path: string;
  secured: boolean;
}

type OpenApi = {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};

/**
 * The authorization matrix: every route of the API document × {anonymous, member, another
 * member, administrator}. A route the document marks as needing a session answers 401 without
 * one; an admin route answers 403 to members; an administrator is never refused; and members
 * only ever see their own data.
 */
describe('the authorization matrix', () => {
  let t: TestApp;
  let operations: Operation[];
  let admin: SessionBody;
  let member: SessionBody;
  let other: SessionBody;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('matrix-admin'));
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('matrix-member'));
    other = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('matrix-other'));

    const document = (
      await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    ).json() as OpenApi;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        secured: (operation.security ?? []).length > 0,
      })),
    );
  }, 60_000);
  afterAll(() => t.close());

  const call = (operation: Operation, session?: SessionBody) =>
    t.app.inject({
      method: operation.method as 'GET',
      url: operation.path.replace(/\{[^}]+\}/g, randomUUID()),
      headers: session ? bearer(session) : {},
      ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
    });
  const describeCall = (operation: Operation) => `${operation.method} ${operation.path}`;

  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((operation) => operation.path.startsWith('/api/admin'))).not.toEqual(
      [],
    );
  });

  it('answers 401 without a session on every route that needs one, and never 5xx', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const response = await call(operation);
      if (response.statusCode >= 500)
        wrong.push(`${describeCall(operation)} → ${response.statusCode}`);
      if (operation.secured && response.statusCode !== 401)
        wrong.push(`${describeCall(operation)} → ${response.statusCode}, expected 401`);
      if (!operation.secured && response.statusCode === 401 && !operation.path.includes('/auth/'))
        wrong.push(`${describeCall(operation)} → 401 but documented as public`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses members every admin route with 403, and lets an administrator through', async () => {
    const wrong: string[] = [];
    for (const operation of operations.filter((candidate) =>
      candidate.path.startsWith('/api/admin'),
    )) {
      const asMember = await call(operation, member);
      if (asMember.statusCode !== 403)
        wrong.push(`${describeCall(operation)} as member → ${asMember.statusCode}`);
      const asAdmin = await call(operation, admin);
      if ([401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500)
        wrong.push(`${describeCall(operation)} as admin → ${asAdmin.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("shows and changes only a member's own data", async () => {
    const meOf = async (session: SessionBody) =>
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) })).json();
    expect((await meOf(member)).email).toBe(member.user.email);
    expect((await meOf(other)).email).toBe(other.user.email);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(member),
      payload: { first_name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await meOf(member)).first_name).toBe('Renamed');
    expect((await meOf(other)).first_name).not.toBe('Renamed');

    // A member's token cannot reach another member through the admin API either.
    const otherId = (
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: other.user.email })
    ).id;
    for (const url of [`/api/admin/users/${otherId}`, `/api/admin/users/${otherId}/payments`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(member) });
      expect(response.statusCode).toBe(403);
    }
  });
  it("answers 404 to another member on every lead route named with the first member's ids", async () => {
    const send = (session: SessionBody, method: string, url: string, payload?: object) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(session),
        ...(payload ? { payload } : {}),
      });
    const lead = (
      await send(member, 'POST', '/api/leads', { first_name: 'Matrix', stage: 'new' })
    ).json();
    const note = (
      await send(member, 'POST', `/api/leads/${lead.id}/notes`, { body: 'mine' })
    ).json();
    const task = (
      await send(member, 'POST', `/api/leads/${lead.id}/tasks`, { title: 'mine' })
    ).json();
    const leadImport = (await send(member, 'POST', '/api/lead-imports/sample')).json();
    const rule = (
      await send(member, 'POST', '/api/automation-rules', {
        name: 'Matrix rule',
        trigger: { kind: 'new_signal', signal_kinds: ['met'] },
        actions: [{ type: 'monitor' }],
      })
    ).json();
    // A body each route accepts, so that only the ownership of the ids can refuse it.
    const bodies: Record<string, object> = {
      'POST /api/leads/{id}/signals': { kind: 'met' },
      'POST /api/leads/{id}/notes': { body: 'theirs' },
      'POST /api/leads/{id}/tasks': { title: 'theirs' },
      'PATCH /api/leads/{id}': { stage: 'won' },
      'PATCH /api/tasks/{id}': { done: true },
      'PATCH /api/automation-rules/{id}': { enabled: false },
    };
    const idsOf = (path: string): Record<string, string> =>
      path.startsWith('/api/tasks/')
        ? { id: task.id }
        : path.startsWith('/api/automation-rules/')
          ? { id: rule.id }
          : path.startsWith('/api/lead-imports/')
            ? { id: leadImport.id }
            : { id: lead.id, noteId: note.id };
    const leadRoutes = operations.filter(
      (operation) =>
        /^\/api\/(leads|tasks|lead-imports|automation-rules)\/\{/.test(operation.path) &&
        operation.secured,
    );
    expect(leadRoutes.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const operation of leadRoutes) {
      const ids = idsOf(operation.path);
      const url = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => ids[name]);
      const payload =
        bodies[describeCall(operation)] ??
        (operation.method === 'GET' || operation.method === 'DELETE' ? undefined : {});
      const response = await send(other, operation.method, url, payload);
      if (response.statusCode !== 404)
        wrong.push(`${describeCall(operation)} as another member → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // The owner still reaches every one of them.
    const timeline = (await send(member, 'GET', `/api/leads/${lead.id}/timeline`)).json().data as {
      type: string;
    }[];
    expect(timeline.map((entry) => entry.type).filter((type) => type !== 'stage')).toEqual([
      'task',
      'note',
    ]);
  }, 60_000);
});
