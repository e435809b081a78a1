import type { Analytics } from '@leadpulse/common';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A lead of the test: its signals (kind and time), its pipeline moves (stage and the time the move
 * is dated to) and the reason given when it closed.
 */
interface LeadPlan {
  name: string;
  signals: [kind: string, at: string][];
  moves?: [stage: string, at: string][];
  reason?: string;
  score?: number;
}

describe('GET /api/analytics', () => {
  let t: TestApp;
  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const member = () => signUpAndConfirm(t.app, t.dataSource, uniqueEmail('analytics'));

  /** Builds the leads through the API, then dates their pipeline moves and sets their scores. */
  const build = async (session: SessionBody, plans: LeadPlan[]) => {
    for (const plan of plans) {
      const made = await call(session, 'POST', '/api/leads', { first_name: plan.name });
      expect(made.statusCode).toBe(201);
      const id = made.json().id as string;
      for (const [kind, at] of plan.signals)
        expect(
          (await call(session, 'POST', `/api/leads/${id}/signals`, { kind, occurred_at: at }))
            .statusCode,
        ).toBe(201);
      for (const [index, [stage, at]] of (plan.moves ?? []).entries()) {
        const last = index === (plan.moves ?? []).length - 1;
        const moved = await call(session, 'PATCH', `/api/leads/${id}`, {
          stage,
          ...(last && plan.reason ? { stage_reason: plan.reason } : {}),
        });
        expect(moved.statusCode).toBe(200);
        await t.dataSource.query(
          `UPDATE lead_stage_changes SET changed_at = $3 WHERE lead_id = $1 AND to_stage = $2`,
          [id, stage, at],
        );
      }
      if (plan.score !== undefined)
        await t.dataSource.query(`UPDATE lead_scores SET score = $2 WHERE lead_id = $1`, [
          id,
          plan.score,
        ]);
    }
  };

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('answers the funnel, weekly signals, scores, days to meeting and reasons of a period, counted by hand', async () => {
    const session = await member();
    await build(session, [
      // First seen 2 March; all the way to won. Meeting 10 days after the first signal.
      {
        name: 'A1',
        signals: [['replied', '2026-03-02T10:00:00Z']],
        moves: [
          ['new', '2026-03-03T10:00:00Z'],
          ['contacted', '2026-03-05T10:00:00Z'],
          ['conversation', '2026-03-10T10:00:00Z'],
          ['meeting', '2026-03-12T10:00:00Z'],
          ['won', '2026-03-20T10:00:00Z'],
        ],
        reason: 'Budget approved',
        score: 95,
      },
      // A meeting logged by hand 4 days after the first signal; lost after contact.
      {
        name: 'A2',
        signals: [
          ['liked_my_post', '2026-03-04T10:00:00Z'],
          ['met', '2026-03-08T10:00:00Z'],
        ],
        moves: [
          ['new', '2026-03-05T10:00:00Z'],
          ['contacted', '2026-03-06T10:00:00Z'],
          ['lost', '2026-03-25T10:00:00Z'],
        ],
        reason: 'No budget',
        score: 100,
      },
      // Straight to a meeting 6 days in (it counts for contacted and conversation), then lost.
      {
        name: 'A3',
        signals: [
          ['commented_my_post', '2026-03-10T10:00:00Z'],
          ['commented_my_post', '2026-03-12T10:00:00Z'],
        ],
        moves: [
          ['meeting', '2026-03-16T10:00:00Z'],
          ['lost', '2026-03-28T10:00:00Z'],
        ],
        reason: 'No budget',
        score: 42,
      },
      // Not tracked within the period: its move came after the period's end.
      {
        name: 'A4',
        signals: [
          ['viewed_my_profile', '2026-03-15T23:30:00Z'],
          ['liked_my_post', '2026-03-31T23:59:00Z'],
        ],
        moves: [['contacted', '2026-04-03T10:00:00Z']],
        score: 0,
      },
      // First seen in February: outside the funnel, but won (no reason) and met in March, 30 days in.
      {
        name: 'A5',
        signals: [
          ['viewed_my_profile', '2026-02-20T10:00:00Z'],
          ['replied', '2026-03-05T10:00:00Z'],
        ],
        moves: [['won', '2026-03-22T10:00:00Z']],
        score: 55,
      },
      // Added today without signals; first seen at the first minute after the period; lost after it.
      { name: 'A6', signals: [], score: 70 },
      { name: 'A7', signals: [['replied', '2026-04-01T00:00:00Z']], score: 80 },
      { name: 'A8', signals: [], moves: [['lost', '2026-04-05T10:00:00Z']], reason: 'Timing' },
    ]);
    // Another member's leads in the same month change nothing here.
    const other = await member();
    await build(other, [
      {
        name: 'B1',
        signals: [['met', '2026-03-03T10:00:00Z']],
        moves: [['won', '2026-03-04T10:00:00Z']],
        reason: 'Other workspace',
      },
    ]);

    const answer = await call(session, 'GET', '/api/analytics?from=2026-03-01&to=2026-03-31');
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as Analytics;
    expect(body.from).toBe('2026-03-01');
    expect(body.to).toBe('2026-03-31');
    expect(body.funnel).toEqual([
      { step: 'leads', count: 4, conversion: null },
      { step: 'tracked', count: 3, conversion: 75 },
      { step: 'contacted', count: 3, conversion: 100 },
      { step: 'conversation', count: 2, conversion: 66.7 },
      { step: 'meeting', count: 2, conversion: 100 },
      { step: 'won', count: 1, conversion: 50 },
    ]);
    // 1 March 2026 is a Sunday: its week starts on Monday 23 February.
    expect(body.signals_per_week).toEqual([
      { week: '2026-03-02', kind: 'liked_my_post', count: 1 },
      { week: '2026-03-02', kind: 'met', count: 1 },
      { week: '2026-03-02', kind: 'replied', count: 2 },
      { week: '2026-03-09', kind: 'commented_my_post', count: 2 },
      { week: '2026-03-09', kind: 'viewed_my_profile', count: 1 },
      { week: '2026-03-30', kind: 'liked_my_post', count: 1 },
    ]);
    const buckets = body.score_distribution;
    expect(buckets.map((b) => [b.from, b.to])).toEqual([
      [0, 9],
      [10, 19],
      [20, 29],
      [30, 39],
      [40, 49],
      [50, 59],
      [60, 69],
      [70, 79],
      [80, 89],
      [90, 100],
    ]);
    expect(buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 2]);
    // Meetings in March: A2 after 4 days, A3 after 6, A1 after 10, A5 after 30.
    expect(body.median_days_to_meeting).toBe(8);
    expect(body.meetings).toBe(4);
    expect(body.reasons).toEqual({
      won: [
        { reason: 'Budget approved', count: 1 },
        { reason: null, count: 1 },
      ],
      lost: [{ reason: 'No budget', count: 2 }],
    });

    // April holds A7 (first seen), A4's move and A8's loss; A1's meeting is not in it.
    const april = (
      await call(session, 'GET', '/api/analytics?from=2026-04-01&to=2026-04-30')
    ).json() as Analytics;
    expect(april.funnel.map((step) => step.count)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(april.signals_per_week).toEqual([{ week: '2026-03-30', kind: 'replied', count: 1 }]);
    expect(april.median_days_to_meeting).toBeNull();
    expect(april.reasons).toEqual({ won: [], lost: [{ reason: 'Timing', count: 1 }] });

    // The other member sees only their own lead.
    const theirs = (
      await call(other, 'GET', '/api/analytics?from=2026-03-01&to=2026-03-31')
    ).json() as Analytics;
    expect(theirs.funnel.map((step) => step.count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(theirs.median_days_to_meeting).toBe(0);
    expect(theirs.reasons.won).toEqual([{ reason: 'Other workspace', count: 1 }]);
  });

  it('answers zeros and empty lists for a member with no leads, over the last 90 days by default', async () => {
    const answer = await call(await member(), 'GET', '/api/analytics');
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as Analytics;
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(89);
    expect(body.funnel.map((step) => [step.count, step.conversion])).toEqual(
      Array.from({ length: 6 }, () => [0, null]),
    );
    expect(body.signals_per_week).toEqual([]);
    expect(body.score_distribution.map((bucket) => bucket.count)).toEqual(Array(10).fill(0));
    expect(body.median_days_to_meeting).toBeNull();
    expect(body.meetings).toBe(0);
    expect(body.reasons).toEqual({ won: [], lost: [] });
  });

  it('refuses a bad period with 400 validation_failed naming the field', async () => {
    const session = await member();
    for (const [query, field] of [
      ['from=2026-02-30&to=2026-03-31', 'from'],
      ['from=yesterday', 'from'],
      ['to=2026-13-01', 'to'],
      ['from=2026-04-01&to=2026-03-01', 'from'],
      ['from=2020-01-01&to=2026-03-01', 'from'],
      ['from=2026-03-01&from=2026-03-02', 'from'],
    ] as const) {
      const answer = await call(session, 'GET', `/api/analytics?${query}`);
      expect({ query, status: answer.statusCode, code: answer.json().code }).toEqual({
        query,
        status: 400,
        code: 'validation_failed',
      });
      expect(Object.keys(answer.json().errors)).toEqual([field]);
    }
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
  });
});
