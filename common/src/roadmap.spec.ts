import { describe, expect, it } from 'vitest';
import { COMING_SOON, LIVE, ROADMAP_DATES, roadmap } from './roadmap.js';
import { isSitePath } from './site-routes.js';

describe('roadmap', () => {
  it('shows every capability as live, each linking to its page', () => {
    const items = roadmap();
    expect(items.map((item) => [item.title, item.to])).toEqual([
      ['LinkedIn Export Import', '/dashboard/imports'],
      ['Leads and Timelines', '/dashboard/leads'],
      ['Dream Lead Tracker', '/dashboard/pipeline'],
      ['Lead Monitoring', '/dashboard/today'],
      ['AI Lead Scoring', '/dashboard/icp'],
      ['Personalized Comment Generation', '/dashboard/comments'],
      ['Analytics Dashboard', '/dashboard/analytics'],
      ['Automation Engine', '/dashboard/automation'],
      ['Daily Digest', '/dashboard/settings?tab=notifications'],
    ]);
    for (const item of items) {
      const page = isSitePath(item.to.split('?')[0]);
      expect({ title: item.title, live: item.live, eta: item.eta }).toEqual({
        title: item.title,
        live: page,
        eta: page ? LIVE : COMING_SOON,
      });
    }
    expect(items.filter((item) => !item.live).map((item) => item.title)).toEqual(
      isSitePath('/dashboard/automation') ? [] : ['Automation Engine'],
    );
    expect(ROADMAP_DATES).toEqual({});
  });

  it('promises nothing that needs data other than the member’s own', () => {
    for (const item of roadmap())
      expect(`${item.title} ${item.description}`).not.toMatch(/profile monitoring|who engages/i);
  });

  it('never shows a configured date over a live capability', () => {
    const items = roadmap({ 'Analytics Dashboard': 'Q3 2027', 'Dream Lead Tracker': 'Q1 2027' });
    expect(items.find((item) => item.title === 'Analytics Dashboard')?.eta).toBe(LIVE);
    expect(items.find((item) => item.title === 'Dream Lead Tracker')?.eta).toBe(LIVE);
  });
});
