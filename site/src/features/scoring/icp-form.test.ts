import { describe, expect, it } from 'vitest';
import { defaultIcp, icpProblems } from '@leadpulse/common';
import { cleanValues, isChanged, newCriterion, problemOf } from './icp-form';

describe('ICP form', () => {
  it('keeps each value once, trimmed, whatever its case', () => {
    expect(cleanValues([' VP ', 'vp', '', 'Head of Sales', '  '])).toEqual(['VP', 'Head of Sales']);
  });

  it('adds a criterion on a field not used yet', () => {
    expect(newCriterion([{ field: 'title', values: [], weight: 1 }]).field).toBe('seniority');
    expect(newCriterion([]).weight).toBe(3);
  });

  it("finds a field's problem among the ICP's problems", () => {
    const icp = defaultIcp();
    icp.criteria[0].weight = 9;
    const problems = icpProblems(icp);
    expect(problemOf(problems, 'criteria.0')).toMatch(/1 to 5/);
    expect(problemOf(problems, 'half_life_days')).toBeUndefined();
  });

  it('tells an edited ICP from the saved one', () => {
    const saved = defaultIcp();
    expect(isChanged(saved, defaultIcp())).toBe(false);
    expect(isChanged(saved, { ...defaultIcp(), half_life_days: 7 })).toBe(true);
  });
});
