import { describe, expect, it } from 'vitest';
import { COMING_SOON, LIVE, ROADMAP_DATES, roadmap } from './roadmap.js';

describe('roadmap', () => {
  it('shows the built capabilities as live, each with its page, and the rest as "Coming Soon"', () => {
    const items = roadmap();
    expect(items.filter((item) => item.eta === LIVE).map((item) => item.to)).toEqual([
      '/dashboard/imports',
      '/dashboard/leads',
      '/dashboard/pipeline',
      '/dashboard/leads?sort=-score',
      '/dashboard/comments',
    ]);
    expect(ROADMAP_DATES).toEqual({});
    expect(items.filter((item) => item.eta === COMING_SOON).map((item) => item.title)).toEqual([
      'Lead Monitoring',
      'Analytics Dashboard',
      'Automation Engine',
    ]);
  });

  it('promises nothing that needs data other than the member’s own', () => {
    for (const item of roadmap())
      expect(`${item.title} ${item.description}`).not.toMatch(/profile monitoring|who engages/i);
  });

  it('shows a configured date, never over a live capability', () => {
    const items = roadmap({
      'Analytics Dashboard': 'Q3 2027',
      'Automation Engine': ' ',
      'Dream Lead Tracker': 'Q1 2027',
    });
    expect(items.find((item) => item.title === 'Analytics Dashboard')?.eta).toBe('Q3 2027');
    expect(items.find((item) => item.title === 'Automation Engine')?.eta).toBe(COMING_SOON);
    expect(items.find((item) => item.title === 'Dream Lead Tracker')?.eta).toBe(LIVE);
  });
});
