import { describe, expect, it } from 'vitest';
import { nextStep, todayReasons } from './today.js';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('nextStep', () => {
  it('replies to a message they sent after the member last wrote', () => {
    expect(nextStep({ message_received: ago(2), message_sent: ago(5) }, now)).toEqual({
      kind: 'reply',
      text: 'Reply to their message',
    });
    expect(nextStep({ replied: ago(1) }, now).kind).toBe('reply');
  });

  it('does not ask for a reply the member already sent, nor to a stale message', () => {
    expect(nextStep({ message_received: ago(5), message_sent: ago(2) }, now)).toEqual({
      kind: 'follow_up',
      text: 'Follow up after 2 days of silence',
    });
    expect(nextStep({ message_received: ago(20) }, now).kind).toBe('follow_up');
  });

  it('congratulates on a new role of the last 30 days', () => {
    expect(nextStep({ job_change: ago(10), liked_my_post: ago(1) }, now)).toEqual({
      kind: 'congratulate',
      text: 'Congratulate them on the new role',
    });
    expect(nextStep({ job_change: ago(31) }, now).text).toBe('Follow up after 31 days of silence');
  });

  it('comments on their post after they engaged with the member’s', () => {
    expect(nextStep({ commented_my_post: ago(3), connected: ago(100) }, now)).toEqual({
      kind: 'comment',
      text: 'Comment on their latest post',
    });
  });

  it('follows up after the days of silence otherwise', () => {
    expect(nextStep({ connected: ago(1) }, now).text).toBe('Follow up after 1 day of silence');
    expect(nextStep({ endorsement: ago(0.2) }, now).text).toBe('Follow up today');
    expect(nextStep({}, now).text).toBe('Send them a first message');
  });
});

describe('todayReasons', () => {
  it('gives the three biggest lines, a monitored lead’s new signal first', () => {
    const lines = [
      { label: 'A', points: 5 },
      { label: 'B', points: 30 },
      { label: 'Excluded', points: 0 },
      { label: 'C', points: 12 },
      { label: 'D', points: 7 },
    ];
    expect(todayReasons(lines, false)).toEqual(['B (+30)', 'C (+12)', 'D (+7)']);
    expect(todayReasons(lines, true)[0]).toBe('New signal on a monitored lead');
  });
});
