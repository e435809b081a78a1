/** Display rules of section 4 of both specs: the status label and the plan badge. */
import { PLANS, getPlan, type BadgeColour } from './plans.js';

export const USER_STATUSES = [
  'pending',
  'paid',
  'active',
  'inactive',
  'suspended',
  'deleted',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Statuses an edit may set: suspension and deletion have their own actions, with their effects. */
export const ASSIGNABLE_STATUSES = ['pending', 'paid', 'active', 'inactive'] as const;

export type DisplayStatus =
  'Active' | 'Setup Required' | 'Pending' | 'Inactive' | 'Suspended' | 'Deleted' | 'Unknown';

/** The fields of a `users` row that the display rules read. */
export interface DisplayableUser {
  status: string | null;
  is_admin?: boolean | null;
  founding_member?: boolean | null;
  stripe_customer_id?: string | null;
  password_set?: boolean | null;
  subscription_plan?: string | null;
}

const STATUS_LABELS: Record<UserStatus, DisplayStatus> = {
  active: 'Active',
  paid: 'Setup Required',
  pending: 'Pending',
  inactive: 'Inactive',
  suspended: 'Suspended',
  deleted: 'Deleted',
};

/** An account status as every screen names it ("paid" is "Setup Required"). */
export function userStatusLabel(status: string | null | undefined): string {
  return STATUS_LABELS[status as UserStatus] ?? labelOf(status);
}

const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  trialing: 'Trialing',
  incomplete: 'Incomplete',
  incomplete_expired: 'Incomplete (expired)',
  paused: 'Paused',
};

/** A Stripe subscription status as every screen names it ("past_due" is "Past due"). */
export function subscriptionStatusLabel(status: string | null | undefined): string {
  return (status && SUBSCRIPTION_STATUS_LABELS[status]) || labelOf(status);
}

const NEWSLETTER_LABELS: Record<string, string> = {
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  pending: 'Pending',
  waitlist: 'Waitlist',
  newsletter: 'Newsletter',
  founding_member: 'Founding Member',
  manual: 'Manual',
  import: 'Import',
};

/** A newsletter subscriber's status or source as every screen names it. */
export function newsletterLabel(value: string | null | undefined): string {
  return (value && NEWSLETTER_LABELS[value]) || labelOf(value);
}

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** A payment's status as every screen names it ("succeeded" is "Succeeded"). */
export function paymentStatusLabel(status: string | null | undefined): string {
  return (status && PAYMENT_STATUS_LABELS[status]) || labelOf(status);
}

const EMAIL_STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  logged: 'Logged',
  failed: 'Failed',
};

/** An outbox e-mail's status as every screen (and the status filter) names it. */
export function emailStatusLabel(status: string | null | undefined): string {
  return (status && EMAIL_STATUS_LABELS[status]) || labelOf(status);
}

const EMAIL_TEMPLATE_LABELS: Record<string, string> = {
  'confirm-email': 'Confirm e-mail',
  welcome: 'Welcome',
  'password-reset': 'Password reset',
  'password-setup': 'Password setup',
  'founding-member-welcome': 'Founding member welcome',
  'newsletter-confirm': 'Newsletter confirmation',
  'subscription-cancelled': 'Subscription cancelled',
  'subscription-resumed': 'Subscription resumed',
  'founding-reminder': 'Founding reminder',
  'payment-failed': 'Payment failed',
  'payment-received': 'Payment received',
  'payment-ended': 'Subscription ended for non-payment',
  'account-deleted': 'Account deleted',
  'mfa-enabled': 'Two-step verification on',
  'mfa-disabled': 'Two-step verification off',
  'mfa-reset': 'Two-step verification reset',
  'admin-account-notice': 'Administrator account notice',
};

/** An e-mail template's name for a reader: "founding-member-welcome" is "Founding member welcome". */
export function emailTemplateLabel(template: string | null | undefined): string {
  return (template && EMAIL_TEMPLATE_LABELS[template]) || labelOf(template);
}

/** How a subscription bills ("monthly", "every 3 months") as a label: "Monthly", "Every 3 months". */
export function billingPeriodLabel(period: string | null | undefined): string {
  return labelOf(period);
}

/**
 * A value without a label of its own: "some_value" and "some-value" read "Some value";
 * none reads "—".
 */
export function labelOf(value: string | null | undefined): string {
  if (!value) return '—';
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function displayStatus(user: DisplayableUser): DisplayStatus {
  // A suspended or deleted account says so, whatever else it holds.
  if (user.status === 'suspended') return 'Suspended';
  if (user.status === 'deleted') return 'Deleted';
  if (user.is_admin && user.status === 'active') return 'Active';
  if (user.founding_member && user.stripe_customer_id) {
    if (user.password_set && (user.status === 'active' || user.status === 'paid')) return 'Active';
    if (!user.password_set && user.status === 'paid') return 'Setup Required';
  }
  return STATUS_LABELS[user.status as UserStatus] ?? 'Unknown';
}

const DISPLAY_STATUS_COLOURS: Record<DisplayStatus, BadgeColour> = {
  Active: 'green',
  'Setup Required': 'orange',
  Pending: 'yellow',
  Inactive: 'grey',
  Suspended: 'orange',
  Deleted: 'red',
  Unknown: 'grey',
};

export function displayStatusColour(status: DisplayStatus): BadgeColour {
  return DISPLAY_STATUS_COLOURS[status];
}

/**
 * Colour of a raw status badge (users, subscriptions, newsletter):
 * active green, pending yellow, cancelled and deleted red, inactive grey, suspended orange.
 */
export function statusBadgeColour(status: string | null | undefined): BadgeColour {
  switch (status?.toLowerCase()) {
    case 'active':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'cancelled':
    case 'canceled':
    case 'deleted':
      return 'red';
    case 'suspended':
      return 'orange';
    default:
      return 'grey';
  }
}

export interface PlanBadge {
  label: string;
  colour: BadgeColour;
}

export const FREE_BADGE: PlanBadge = { label: 'Free', colour: 'grey' };

/** Founding Member if the user is a founding member, otherwise their plan, otherwise Free. */
export function planBadge(
  user: Pick<DisplayableUser, 'founding_member' | 'subscription_plan'>,
): PlanBadge {
  if (user.founding_member) {
    return { label: PLANS.founding_member.name, colour: PLANS.founding_member.color };
  }
  const plan = user.subscription_plan?.trim().toLowerCase();
  if (!plan || plan === 'free') return FREE_BADGE;
  const known = getPlan(plan);
  return { label: known.name, colour: known.color };
}

/**
 * The plan label on the member's Subscription tab: Administrator for administrators,
 * otherwise Founding Member, otherwise the plan's name, otherwise Free.
 */
export function accountPlanLabel(
  user: Pick<DisplayableUser, 'is_admin' | 'founding_member' | 'subscription_plan'>,
): string {
  if (user.is_admin) return 'Administrator';
  return planBadge(user).label;
}

/**
 * Text cut where an e-mail address may break: before an "@" and after a dot followed by more
 * text, never inside a word ("margaret.hamilton@example.com" never splits as "margaret.hamil" /
 * "ton@…"). The front ends join the parts with line-break opportunities.
 */
export function emailBreakParts(text: string): string[] {
  return text.split(/(?=@)|(?<=\.)(?=\S)/);
}
