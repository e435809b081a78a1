/**
 * JSON shapes the API answers and the site and the admin read, declared once. Dates are a type
 * parameter: strings on the wire (the default), `Date` where the backend builds them.
 */
import type { AdminIdentity, RoleRef } from '../audit.js';
import type { PaymentIssue } from './billing.js';
import type { DisplayStatus, PlanBadge } from '../display.js';
import type { AdminLeadUsage } from './leads.js';

export interface BillingAddress {
  line1?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface NotificationPreferences {
  emailUpdates: boolean;
  featureAnnouncements: boolean;
  billingAlerts: boolean;
  weeklyDigest: boolean;
  /**
   * The daily digest e-mail (LEADS.md "Digest"). Answered as it applies: when the member has not
   * set it, on for paying members and off for free ones.
   */
  dailyDigest: boolean;
}

/**
 * A `users` row with its display rules applied: the member's own record (GET /api/me) and the
 * back office's (GET /api/admin/users, /api/admin/users/:id).
 */
export interface MemberRecord<TDate = string> {
  id: string;
  auth_user_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  job_title: string | null;
  /** pending, paid (purchased, account not set up), active or inactive. */
  status: string;
  is_admin: boolean;
  founding_member: boolean;
  founding_member_purchased_at: TDate | null;
  founding_member_transitioned_at: TDate | null;
  /** When the reminder that the founding period ends soon was sent. */
  founding_reminder_sent_at: TDate | null;
  /** When an administrator suspended the account, why, and the status it returns to. */
  suspended_at: TDate | null;
  suspension_reason: string | null;
  status_before_suspension: string | null;
  /** When the member deleted their account (the row is anonymised). */
  deleted_at: TDate | null;
  password_set: boolean;
  subscription_plan: string | null;
  subscription_status: string | null;
  current_plan_id: string | null;
  current_period_end: TDate | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  promo_active: boolean;
  promo_type: string | null;
  promo_expiration_date: TDate | null;
  billing_name: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  billing_address: BillingAddress | null;
  last_sync_at: TDate | null;
  complimentary_plan: string | null;
  complimentary_expires_at: TDate | null;
  notification_preferences: NotificationPreferences;
  /** The member's IANA time zone (the daily digest's 08:00); null until set, read as UTC. */
  time_zone: string | null;
  created_at: TDate;
  updated_at: TDate;
  display_status: DisplayStatus;
  plan_badge: PlanBadge;
}

/**
 * The member's own record (`GET /api/me`, `PATCH /api/me`): the `users` row and, while a renewal's
 * payment has failed, what the member area tells them about it.
 */
export interface OwnMemberRecord<TDate = string> extends MemberRecord<TDate> {
  payment_issue: PaymentIssue<TDate> | null;
}

/** A user as the back office reads it: the member record and the administrator's roles. */
export interface AdminUserRecord<TDate = string> extends MemberRecord<TDate> {
  /** Empty for a member who is not an administrator. */
  roles: RoleRef[];
  /**
   * A renewal the member has not paid, as their member area shows it (`GET /api/me`); null when
   * there is none. Only on one user's record (`GET /api/admin/users/:id`), not on list rows.
   */
  payment_issue?: PaymentIssue<TDate> | null;
  /** The member's lead workspace in counts (never a lead); only on one user's record. */
  lead_usage?: AdminLeadUsage;
  /**
   * The customer's page in Stripe (test-mode pages for a test key; the local sandbox's own page
   * when it stands in for Stripe); null without a customer. Only on one user's record.
   */
  stripe_url?: string | null;
}

/** The signed-in administrator (`GET /api/admin/identity`): the member record, roles and permissions. */
export interface AdminIdentityRecord<TDate = string>
  extends Omit<MemberRecord<TDate>, keyof AdminIdentity>, AdminIdentity {}

/** A row of the Roles list (`GET /api/admin/roles`). */
export interface RoleRecord<TDate = string> {
  id: string;
  name: string;
  description: string;
  /** An object whose keys are permission names. */
  permissions: Record<string, boolean>;
  /** The built-in Owner role: every permission, never edited or deleted. */
  is_owner: boolean;
  /** How many administrators hold the role. */
  admin_count: number;
  created_at: TDate;
  updated_at: TDate;
}

/** The dashboard's seven cards (`GET /api/admin/stats`). */
export interface AdminStats {
  total_users: number;
  active_subscriptions: number;
  total_revenue_cents: number;
  newsletter_subscribers: number;
  founding_members: number;
  recent_signups_7d: number;
  active_promos: number;
  /** Monthly recurring revenue now (README, Revenue metrics). */
  mrr_cents: number;
  /** MRR × 12. */
  arr_cents: number;
  /** Subscriptions whose last renewal failed. */
  past_due_count: number;
  /** The MRR of those past-due subscriptions. */
  at_risk_cents: number;
  /** MRR cancelled in the last 30 days over the MRR of 30 days ago (0 to 1). */
  churn_rate_30d: number;
  /** Members whose workspace holds at least one lead. */
  members_with_leads: number;
  /** Lead imports started in the last 7 days. */
  imports_7d: number;
}

/**
 * A change Stripe should mirror, made here even when Stripe failed: the member record and, then,
 * the warning the back office shows (`POST /api/admin/users/:id/promo`).
 */
export type MemberChange<TDate = string> = MemberRecord<TDate> & { warning?: string };

/** Billing information saved (`PUT /api/admin/users/:id/billing`), with the warning when Stripe failed. */
export interface BillingUpdate<TDate = string> {
  user: MemberRecord<TDate>;
  warning?: string;
}

/** `PATCH /api/me`: the fields of the member's profile they change. */
export interface UpdateProfileRequest {
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  company?: string | null;
  job_title?: string | null;
  /** An IANA name such as "Europe/Paris"; null for UTC. */
  time_zone?: string | null;
}

/** `PUT /api/me/notifications`; without `dailyDigest` the digest's switch stays as it was. */
export type NotificationPreferencesRequest = Omit<NotificationPreferences, 'dailyDigest'> &
  Partial<Pick<NotificationPreferences, 'dailyDigest'>>;

/** `DELETE /api/me`: the password, and a two-step code when it is on. */
export interface DeleteAccountRequest {
  password: string;
  code?: string;
}
