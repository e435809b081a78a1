import type { TodayItem } from '@leadpulse/common';
import { renderEmail } from '../../mail/mail-templates.js';
import { digestData, digestSummary, type DueTaskRow } from './digest-content.js';

const context = {
  appName: 'LeadPulse',
  appUrl: 'https://app.example.com',
  supportEmail: 'help@example.com',
};

const item = (id: string, first: string, extra: Partial<TodayItem<Date>['lead']> = {}) =>
  ({
    lead: { id, first_name: first, last_name: 'Lee', position: null, company: null, ...extra },
    reasons: ['Replied (+30)', 'Title fits (+20)'],
    next_step: 'Reply to their message',
    next_step_kind: 'reply',
    new_signal: false,
  }) as unknown as TodayItem<Date>;

const task = (title: string, dueAt: string, total: number): DueTaskRow => ({
  id: title,
  title,
  due_at: new Date(dueAt),
  lead_id: 'lead-9',
  first_name: 'Grace',
  last_name: 'Hopper',
  total,
});

// 08:00 in Tokyo on November 28, 2026.
const now = new Date('2026-11-27T23:00:00Z');
const dayStart = new Date('2026-11-27T15:00:00Z');

describe('the daily digest’s content', () => {
  it('says nothing when there is nothing: no leads in Today and no task due', () => {
    expect(
      digestData({ firstName: 'Ada', now, timeZone: 'Asia/Tokyo', dayStart, today: [], tasks: [] }),
    ).toBeNull();
  });

  it('counts what it holds, in words', () => {
    expect(digestSummary(1, 0)).toBe('1 lead worth a touch');
    expect(digestSummary(10, 2)).toBe('10 leads worth a touch and 2 tasks due');
    expect(digestSummary(0, 1)).toBe('1 task due');
    expect(digestSummary(3, 2, 1)).toBe('3 leads worth a touch, 2 tasks due and 1 rule match');
    expect(digestSummary(0, 0, 4)).toBe('4 rule matches');
  });

  it('speaks of rule matches alone, with the rule, the lead and when, in the member’s time zone', () => {
    const data = digestData({
      firstName: 'Ada',
      now,
      timeZone: 'Asia/Tokyo',
      dayStart,
      today: [],
      tasks: [],
      matches: [
        {
          id: 'run-1',
          created_at: new Date('2026-11-27T07:12:00Z'),
          rule_name: 'Hot commenters',
          lead_id: 'lead-7',
          first_name: 'Grace',
          last_name: 'Hopper',
        },
      ],
    })!;
    expect(data.summary).toBe('1 rule match');
    expect(data.matches).toEqual([
      {
        ruleName: 'Hot commenters',
        leadName: 'Grace Hopper',
        when: 'November 27 at 4:12 PM',
        path: '/dashboard/leads/lead-7',
      },
    ]);
    const email = renderEmail('daily-digest', data as unknown as Record<string, unknown>, context);
    expect(email.html).toContain('Your rules matched');
    expect(email.html).toContain('https://app.example.com/dashboard/leads/lead-7');
    expect(email.text).toContain('- Grace Hopper · Hot commenters · November 27 at 4:12 PM');
    expect(email.text).toContain('/dashboard/automation');
  });

  it('lists the leads with their reasons, next step and page, and the tasks due in the member’s time zone', () => {
    const data = digestData({
      firstName: 'Ada',
      now,
      timeZone: 'Asia/Tokyo',
      dayStart,
      today: [item('lead-1', 'Alan', { position: 'CTO', company: 'Acme' }), item('lead-2', 'Bo')],
      tasks: [
        task('Send the proposal', '2026-11-25T01:00:00Z', 25),
        task('Call back', '2026-11-28T00:00:00Z', 25),
      ],
    })!;
    expect(data.date).toBe('Saturday, November 28');
    // The summary counts every task due, the list shows the first ones.
    expect(data.summary).toBe('2 leads worth a touch and 25 tasks due');
    expect(data.leads[0]).toMatchObject({
      rank: 1,
      name: 'Alan Lee',
      role: 'CTO at Acme',
      path: '/dashboard/leads/lead-1',
    });
    expect(data.leads[1].role).toBeUndefined();
    expect(data.tasks.map((t) => [t.due, t.overdue])).toEqual([
      ['Overdue since November 25', true],
      ['Due today at 9:00 AM', false],
    ]);

    const email = renderEmail('daily-digest', data as unknown as Record<string, unknown>, context);
    expect(email.subject).toBe('Your LeadPulse day: 2 leads worth a touch and 25 tasks due');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Alan Lee');
      expect(part).toContain('CTO at Acme');
      expect(part).toContain('Replied (+30)');
      expect(part).toContain('Reply to their message');
      expect(part).toContain('https://app.example.com/dashboard/leads/lead-1');
      expect(part).toContain('Send the proposal');
      expect(part).toContain('Overdue since November 25');
      expect(part).toContain('Grace Hopper');
      expect(part).toContain('Settings → Notifications');
    }
    expect(email.text).toContain('1. Alan Lee (CTO at Acme)');
    expect(email.links).toEqual([
      'https://app.example.com/dashboard/today',
      'https://app.example.com/dashboard/tasks',
      'https://app.example.com/dashboard/settings?tab=notifications',
    ]);
  });

  it('escapes a lead’s name in the HTML', () => {
    const data = digestData({
      firstName: null,
      now,
      timeZone: 'UTC',
      dayStart,
      today: [item('lead-1', '<img src=x onerror=alert(1)>')],
      tasks: [],
    })!;
    const email = renderEmail('daily-digest', data as unknown as Record<string, unknown>, context);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('<p>Hi,</p>');
  });
});
