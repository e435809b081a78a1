/** The daily digest (LEADS.md "Digest"): when it goes out, and to whom by default. */
import type { NotificationPreferences } from '../api/members.js';
import { FREE_LIMITS, usageLimitsFor, type LimitsHolder } from '../plans.js';

/** The digest goes out from this hour of the member's own day. */
export const DIGEST_HOUR = 8;
/** The time zone of a member who has not said theirs. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** The longest time zone name a member may save (IANA names are far shorter). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** A member on a paid plan (a subscription, a founding period or complimentary access). */
export function isPaidMember(member: LimitsHolder): boolean {
  return usageLimitsFor(member) !== FREE_LIMITS;
}

/**
 * Whether the daily digest is on: the member's own switch when they have set it; otherwise on
 * for paying members and off for free ones.
 */
export function dailyDigestOn(
  member: LimitsHolder & { notification_preferences: Partial<NotificationPreferences> | null },
): boolean {
  return member.notification_preferences?.dailyDigest ?? isPaidMember(member);
}

/**
 * An IANA time zone name the runtime knows ("Europe/Paris", "UTC"); not an offset or an
 * abbreviation. The server also asks the database, which keeps its own list.
 */
export function isTimeZoneName(value: string): boolean {
  if (
    value.length > TIME_ZONE_MAX_LENGTH ||
    !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)
  )
    return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
