import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNAL_KINDS, type SignalKind } from '../api/leads.js';
import { defaultIcp, icpProblems, ICP_FIELDS, type Icp } from './icp.js';
import { apportion, computeFit, rawIntent, scoreLead, type LeadFacts } from './scoring.js';
import { groupSignals } from './signals.js';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
const lead = (facts: Partial<LeadFacts>): LeadFacts => ({
  position: null,
  company: null,
  headline: null,
  location: null,
  ...facts,
});

describe('scoreLead by hand', () => {
  it('scores a VP who commented a half-life ago with the default ICP', () => {
    // Fit: the one criterion (seniority) matches: 100. Intent: 30 × 0.5^(14/14) = 15.
    // Score: 0.6 × 100 + 0.4 × 15 = 66; lines 60 and 6.
    const groups = groupSignals([{ kind: 'commented_my_post', occurred_at: ago(14) }], 14, now);
    expect(scoreLead(defaultIcp(), lead({ position: 'VP of Sales' }), groups, now)).toEqual({
      fit: 100,
      intent: 15,
      score: 66,
      breakdown: [
        { label: "Seniority matches 'VP'", points: 60 },
        { label: 'Commented on your post 14 days ago', points: 6 },
      ],
    });
  });

  it('apportions rounded lines so they add up to the score', () => {
    const icp: Icp = {
      ...defaultIcp(),
      criteria: [
        { field: 'title', values: ['Head of Sales', 'VP'], weight: 3 },
        { field: 'location', values: ['Lyon'], weight: 2 },
        { field: 'company', values: ['Acme'], weight: 2 },
      ],
    };
    // Fit: 3 of 7 → 42.857 → 43. Intent: met today 40 + liked 7 days ago 15 × 0.5^0.5 = 10.607
    // → 50.607 → 51. Score: 0.6 × 43 + 0.4 × 51 = 46.2 → 46.
    // Exact lines: 0.6 × 300/7 = 25.714, 0.4 × 40 = 16, 0.4 × 10.607 = 4.243 (sum 45.957);
    // scaled to 46: 25.738, 16.015, 4.247 → floors 25, 16, 4, the unit left to 25.738.
    const groups = groupSignals(
      [
        { kind: 'met', occurred_at: ago(0) },
        { kind: 'liked_my_post', occurred_at: ago(7) },
      ],
      14,
      now,
    );
    const result = scoreLead(
      icp,
      lead({ position: 'Head of Sales EMEA', location: 'Paris', company: 'Globex' }),
      groups,
      now,
    );
    expect(result).toEqual({
      fit: 43,
      intent: 51,
      score: 46,
      breakdown: [
        { label: "Title matches 'Head of Sales'", points: 26 },
        { label: 'Met you today', points: 16 },
        { label: 'Liked your post 7 days ago', points: 4 },
      ],
    });
  });

  it('caps Intent at 100', () => {
    // 3 × 40 = 120 → 100; no criterion matches: Score 0.4 × 100 = 40.
    const groups = groupSignals(
      [0, 0, 0].map((d) => ({ kind: 'met' as const, occurred_at: ago(d) })),
      14,
      now,
    );
    expect(scoreLead(defaultIcp(), lead({ position: 'Engineer' }), groups, now)).toEqual({
      fit: 0,
      intent: 100,
      score: 40,
      breakdown: [{ label: 'Met you 3 times, last today', points: 40 }],
    });
  });

  it('gives Fit 0 with the reason when an excluded value matches, accents aside', () => {
    const icp = { ...defaultIcp(), excluded: ['etudiant'] };
    const groups = groupSignals([{ kind: 'connected', occurred_at: ago(0) }], 14, now);
    // Fit 0; Intent 10; Score 0.4 × 10 = 4.
    expect(
      scoreLead(icp, lead({ position: 'Président', headline: 'Étudiant' }), groups, now),
    ).toEqual({
      fit: 0,
      intent: 10,
      score: 4,
      breakdown: [
        { label: "Excluded: 'etudiant' (Fit 0)", points: 0 },
        { label: 'Connected with you today', points: 4 },
      ],
    });
  });

  it('reads keywords in the headline, position and company, as whole words', () => {
    const icp: Icp = {
      ...defaultIcp(),
      criteria: [{ field: 'industry_keywords', values: ['SaaS'], weight: 1 }],
    };
    expect(computeFit(icp, lead({ headline: 'Scaling B2B saas teams' })).fit).toBe(100);
    expect(computeFit(icp, lead({ company: 'SaaSy Corp' })).fit).toBe(0);
    expect(computeFit({ ...icp, criteria: [] }, lead({ headline: 'SaaS' })).fit).toBe(0);
  });
});

describe('apportion', () => {
  it('gives the units left to the largest remainders', () => {
    // 10 × (1, 1, 1)/3 = 3.33 each: floors 3, 3, 3, the unit left to the first.
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    // 7 × (0.5, 0.3, 0.2) = 3.5, 2.1, 1.4 → 3, 2, 1 and the unit to 3.5.
    expect(apportion(7, [0.5, 0.3, 0.2])).toEqual([4, 2, 1]);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
  });
});

describe('icpProblems', () => {
  it('accepts the default and names each bad field', () => {
    expect(icpProblems(defaultIcp())).toEqual([]);
    const bad = {
      ...defaultIcp(),
      criteria: [{ field: 'age', values: [], weight: 9 }],
      fit_share: 2,
      half_life_days: 0,
      signal_weights: { met: -1, poked: 3 },
    };
    expect(icpProblems(bad).map((p) => p.field)).toEqual([
      'criteria.0.field',
      'criteria.0.values',
      'criteria.0.weight',
      'signal_weights.met',
      'signal_weights.poked',
      'half_life_days',
      'fit_share',
    ]);
    for (const value of ['a\u0001b', '\ud800x', 'x\udc00'])
      expect(icpProblems({ ...defaultIcp(), excluded: [value] })[0]?.field).toBe('excluded');
    expect(icpProblems({ ...defaultIcp(), excluded: ['😀 emoji'] })).toEqual([]);
  });
});

const WORDS = ['vp', 'head', 'sales', 'founder', 'student', 'paris', 'acme', 'saas', 'director'];
const text = fc
  .array(fc.constantFrom(...WORDS, 'Ünïcode', 'CEO', 'Manager'), { maxLength: 4 })
  .map((w) => w.join(' '));
const leadArb = fc.record({
  position: fc.option(text, { nil: null }),
  company: fc.option(text, { nil: null }),
  headline: fc.option(text, { nil: null }),
  location: fc.option(text, { nil: null }),
});
const criterionArb = fc.record({
  field: fc.constantFrom(...ICP_FIELDS),
  values: fc.array(fc.constantFrom(...WORDS, 'c-level', 'vp', 'founder'), {
    minLength: 1,
    maxLength: 3,
  }),
  weight: fc.integer({ min: 1, max: 5 }),
});
const icpArb: fc.Arbitrary<Icp> = fc.record({
  criteria: fc.array(criterionArb, { maxLength: 6 }),
  excluded: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
  signal_weights: fc.record(
    Object.fromEntries(SIGNAL_KINDS.map((k) => [k, fc.integer({ min: 0, max: 100 })])) as Record<
      SignalKind,
      fc.Arbitrary<number>
    >,
  ),
  half_life_days: fc.integer({ min: 1, max: 365 }),
  fit_share: fc.double({ min: 0, max: 1, noNaN: true }),
});
const signalsArb = fc.array(
  fc.record({
    kind: fc.constantFrom(...SIGNAL_KINDS),
    age: fc.double({ min: 0, max: 400, noNaN: true }),
  }),
  { maxLength: 12 },
);
const groupsOf = (signals: { kind: SignalKind; age: number }[], icp: Icp) =>
  groupSignals(
    signals.map((s) => ({ kind: s.kind, occurred_at: ago(s.age) })),
    icp.half_life_days,
    now,
  );

describe('scoring properties', () => {
  it('the breakdown adds up to the score, within 0–100', () => {
    fc.assert(
      fc.property(icpArb, leadArb, signalsArb, (icp, facts, signals) => {
        const result = scoreLead(icp, facts, groupsOf(signals, icp), now);
        const sum = result.breakdown.reduce((s, line) => s + line.points, 0);
        expect(sum).toBe(result.score);
        for (const value of [result.fit, result.intent, result.score]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('matching one more criterion never lowers Fit', () => {
    fc.assert(
      fc.property(icpArb, leadArb, fc.nat(), (icp, facts, pick) => {
        fc.pre(icp.criteria.length > 0 && !!facts.location);
        const i = pick % icp.criteria.length;
        const before = computeFit(icp, facts);
        const criteria = icp.criteria.map((c, j) =>
          j === i ? { ...c, field: 'location' as const, values: [facts.location as string] } : c,
        );
        const wasMatched = before.matched.some((m) => m.index === i);
        fc.pre(!wasMatched);
        expect(computeFit({ ...icp, criteria }, facts).fit).toBeGreaterThanOrEqual(before.fit);
      }),
    );
  });

  it('an excluded value found gives Fit 0', () => {
    fc.assert(
      fc.property(icpArb, leadArb, (icp, facts) => {
        const word = facts.position?.split(' ').find(Boolean);
        fc.pre(!!word);
        const fit = computeFit({ ...icp, excluded: [...icp.excluded, word as string] }, facts);
        expect(fit.fit).toBe(0);
        expect(fit.excluded).not.toBeNull();
      }),
    );
  });

  it('a signal counts less the older it is', () => {
    fc.assert(
      fc.property(
        icpArb,
        fc.constantFrom(...SIGNAL_KINDS),
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 0.01, max: 300, noNaN: true }),
        (icp, kind, age, more) => {
          fc.pre(icp.signal_weights[kind] > 0);
          const younger = rawIntent(icp, groupsOf([{ kind, age }], icp));
          const older = rawIntent(icp, groupsOf([{ kind, age: age + more }], icp));
          expect(older).toBeLessThan(younger);
        },
      ),
    );
  });

  it('raising a weight moves the ranking its way', () => {
    fc.assert(
      fc.property(
        icpArb,
        leadArb,
        leadArb,
        signalsArb,
        signalsArb,
        fc.nat(),
        fc.integer({ min: 1, max: 4 }),
        (icp, a, b, signalsA, signalsB, pick, raise) => {
          fc.pre(icp.criteria.length > 0);
          const i = pick % icp.criteria.length;
          const matches = (facts: LeadFacts) =>
            computeFit(icp, facts).matched.some((m) => m.index === i);
          fc.pre(matches(a) && !matches(b));
          const raised: Icp = {
            ...icp,
            criteria: icp.criteria.map((c, j) =>
              j === i ? { ...c, weight: Math.min(5, c.weight + raise) } : c,
            ),
          };
          const score = (x: Icp, facts: LeadFacts, s: typeof signalsA) =>
            scoreLead(x, facts, groupsOf(s, x), now).score;
          const [a0, b0] = [score(icp, a, signalsA), score(icp, b, signalsB)];
          const [a1, b1] = [score(raised, a, signalsA), score(raised, b, signalsB)];
          expect(a1).toBeGreaterThanOrEqual(a0);
          expect(b1).toBeLessThanOrEqual(b0);
          if (a0 >= b0) expect(a1).toBeGreaterThanOrEqual(b1);
        },
      ),
    );
  });

  it('raising a signal weight ranks the leads with that signal higher', () => {
    fc.assert(
      fc.property(
        icpArb,
        fc.constantFrom(...SIGNAL_KINDS),
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.integer({ min: 1, max: 50 }),
        (icp, kind, age, raise) => {
          const facts = lead({ position: 'VP' });
          const withSignal = groupsOf([{ kind, age }], icp);
          const raised = {
            ...icp,
            signal_weights: {
              ...icp.signal_weights,
              [kind]: Math.min(100, icp.signal_weights[kind] + raise),
            },
          };
          expect(scoreLead(raised, facts, withSignal, now).score).toBeGreaterThanOrEqual(
            scoreLead(icp, facts, withSignal, now).score,
          );
          // A lead without that signal does not move.
          expect(scoreLead(raised, facts, [], now).score).toBe(
            scoreLead(icp, facts, [], now).score,
          );
        },
      ),
    );
  });
});
