import { describe, expect, it } from 'vitest';
import { dailyDigestOn, isPaidMember, isTimeZoneName } from './digest.js';

const free = {
  founding_member: false,
  founding_member_transitioned_at: null,
  subscription_plan: null,
  subscription_status: null,
  complimentary_plan: null,
  notification_preferences: null,
};
const paying = { ...free, subscription_plan: 'prospector', subscription_status: 'active' };

describe('the daily digest’s rules', () => {
  it('is on by default for paying members only; a member’s own switch wins', () => {
    expect(isPaidMember(paying)).toBe(true);
    expect(isPaidMember(free)).toBe(false);
    expect(isPaidMember({ ...free, complimentary_plan: 'networker' })).toBe(true);
    expect(isPaidMember({ ...paying, subscription_status: 'canceled' })).toBe(false);
    expect(dailyDigestOn(paying)).toBe(true);
    expect(dailyDigestOn(free)).toBe(false);
    const set = (dailyDigest: boolean) => ({ notification_preferences: { dailyDigest } });
    expect(dailyDigestOn({ ...paying, ...set(false) })).toBe(false);
    expect(dailyDigestOn({ ...free, ...set(true) })).toBe(true);
  });

  it('knows IANA zone names and nothing else', () => {
    for (const zone of [
      'UTC',
      'America/Los_Angeles',
      'Asia/Tokyo',
      'America/Argentina/Buenos_Aires',
    ])
      expect(isTimeZoneName(zone)).toBe(true);
    for (const zone of ['', 'Mars/Olympus_Mons', '+09:00', 'UTC; DROP TABLE users', 'a'.repeat(65)])
      expect(isTimeZoneName(zone)).toBe(false);
  });
});
