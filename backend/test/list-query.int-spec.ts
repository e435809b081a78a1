import type { FastifyReply } from 'fastify';
import { UsersListService } from '../src/users/users-list.service.js';
import { sendList } from '../src/common/list-query.js';
import { UserEntity } from '../src/users/user.entity.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

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

  const list = async (q: string, cap: number) => {
    const { reply, headers } = replyRecorder();
    const rows = await sendList(
      reply,
      'users',
      t.app.get(UsersListService).filtered({ q }),
      { filter: { q }, range: [0, 9], sort: ['email', 'ASC'] },
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
