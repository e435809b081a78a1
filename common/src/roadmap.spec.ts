import { describe, expect, it } from 'vitest';
import { COMING_SOON, ROADMAP_DATES, roadmap } from './roadmap.js';

describe('roadmap', () => {
  it('keeps the six items of the spec and shows "Coming Soon" for those without a date', () => {
    expect(roadmap().map((item) => item.title)).toEqual([
      'LinkedIn Profile Monitoring',
      'AI Lead Scoring',
      'Personalized Comment Generation',
      'Dream Lead Tracker',
      'Analytics Dashboard',
      'Automation Engine',
    ]);
    expect(ROADMAP_DATES).toEqual({});
    expect(roadmap().every((item) => item.eta === COMING_SOON)).toBe(true);
  });

  it('shows a configured date', () => {
    const items = roadmap({ 'Dream Lead Tracker': 'Q3 2027', 'Automation Engine': ' ' });
    expect(items.find((item) => item.title === 'Dream Lead Tracker')?.eta).toBe('Q3 2027');
    expect(items.find((item) => item.title === 'Automation Engine')?.eta).toBe(COMING_SOON);
  });
});
