import { labelOf } from './display.js';

/**
 * A member's own billing (Settings → Subscription): the answer of `GET /api/me/billing` and the
 * one question asked on cancelling, with the words the site and the back office both show.
 */

/** Why a member cancels: the one question of the cancel dialog. */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'missing_features',
  'not_using',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  too_expensive: 'Too expensive',
  missing_features: 'Missing features',
  not_using: 'Not using it',
  other: 'Other',
};

/** The longest comment a member can leave with their reason. */
export const CANCELLATION_COMMENT_MAX_LENGTH = 500;

export const CANCELLATION_MESSAGES = {
  reasonRequired: 'Please tell us why you are cancelling.',
  commentTooLong: `Please keep your comment to ${CANCELLATION_COMMENT_MAX_LENGTH} characters.`,
} as const;

export function isCancellationReason(value: unknown): value is CancellationReason {
  return typeof value === 'string' && (CANCELLATION_REASONS as readonly string[]).includes(value);
}

/** "Too expensive" for `too_expensive`; an unknown reason reads as words. */
export function cancellationReasonLabel(reason: string | null | undefined): string {
  return isCancellationReason(reason) ? CANCELLATION_REASON_LABELS[reason] : labelOf(reason);
}

/** The line an administrator reads in the member's activity: the reason, then the comment. */
export function cancellationDescription(reason: string, comment?: string | null): string {
  const label = cancellationReasonLabel(reason);
  return `Cancelled their subscription at period end: ${label}${comment ? ` — ${comment}` : ''}`;
}

/**
 * "March 3, 2027" ("Mar 3, 2027" where room is short): a billing date as the site and the e-mails both write it, in UTC so that the
 * page and the e-mail about the same day always agree.
 */
export function billingDate(
  value: string | Date | null | undefined,
  month: 'long' | 'short' = 'long',
): string {
  if (!value) return '—';
  return new Date(value).toLocaleDateString('en-US', {
    year: 'numeric',
    month,
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whether the member's paid plan is suspended for non-payment (its grace period is over). */
export function isPlanSuspended(member: { payment_issue?: { blocked: boolean } | null }): boolean {
  return !!member.payment_issue?.blocked;
}

const INVOICE_STATUS_LABELS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  void: 'Void',
  uncollectible: 'Uncollectible',
  draft: 'Draft',
};

/** An invoice's status as the member reads it ("open" is "Due"). */
export function invoiceStatusLabel(status: string | null | undefined): string {
  return (status && INVOICE_STATUS_LABELS[status]) || labelOf(status);
}
