import type { UsageLimitName } from '@leadpulse/common';
import type { ApiError } from '../../api/client';

const n = (value: number) => value.toLocaleString('en-US');

const LIMIT_WORDS: Record<UsageLimitName, string> = {
  profiles_tracked: 'tracked leads',
  profiles_monitored: 'monitored leads',
  ai_credits: 'AI credits this month',
};

/** What the plan's limit is, from a 403 plan_limit_reached's details. */
export function planLimitText(error: ApiError): string {
  const { limit, allowed } = error.raw as { limit?: UsageLimitName; allowed?: number };
  return limit && LIMIT_WORDS[limit] && typeof allowed === 'number'
    ? `Your plan allows ${n(allowed)} ${LIMIT_WORDS[limit]}, and you have reached it.`
    : error.message;
}

/** "12 of 25", or "12 (unlimited)". */
export function usageText({ used, allowed }: { used: number; allowed: number | null }): string {
  return allowed === null ? `${n(used)} (unlimited)` : `${n(used)} of ${n(allowed)}`;
}
