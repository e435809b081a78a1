import type { CancellationReason } from '../billing.js';

/**
 * A member's own billing (Settings → Subscription): the answer of `GET /api/me/billing` and the
 * payment issue the member area shows.
 */

/** An invoice of the member's, as Stripe holds it (`status`: paid, open, void, uncollectible). */
export interface MemberInvoice<TDate = string> {
  id: string;
  amount_cents: number;
  status: string;
  date: TDate;
  /** Stripe's hosted page of the invoice, with its receipt once paid. */
  receipt_url: string | null;
}

/** `GET /api/me/billing`, and the answer of cancel and resume. */
export interface MemberBilling<TDate = string> {
  /** The plan's catalogue code (`prospector`, `founding_member`…), or `free` without one. */
  plan: string;
  /** Stripe's status of the subscription (`active`, `past_due`, `canceled`…); `none` without one. */
  status: string;
  current_period_end: TDate | null;
  cancel_at_period_end: boolean;
  /** The next charge, from Stripe's preview of the upcoming invoice; null when none will come. */
  next_invoice: { amount_cents: number; date: TDate } | null;
  /** A founding member's move to the plan after the founding period, while it is scheduled. */
  founding_transition: { date: TDate; price_cents: number } | null;
  invoices: MemberInvoice<TDate>[];
}

/**
 * A renewal whose payment failed, while its invoice is unpaid and the subscription still runs
 * (`payment_issue` of `GET /api/me`): what the member area's banner says.
 */
export interface PaymentIssue<TDate = string> {
  /** When the invoice's first payment attempt failed. */
  since: TDate;
  /** Until when the member keeps their plan (`BILLING_GRACE_DAYS` after `since`). */
  grace_ends_at: TDate;
  /** The grace period is over: the paid plan is suspended until the invoice is paid. */
  blocked: boolean;
  /** What the invoice asks for. */
  amount_cents: number;
  /** When Stripe will charge the card again; null once it has stopped trying. */
  next_attempt_at: TDate | null;
}

/** What changing plan charges now (`GET …/subscription/preview`), from Stripe's proration. */
export interface PlanPreview {
  amount_due_cents: number;
  credit_cents: number;
  after_founding: boolean;
}

/** An address to send the browser to (Stripe Checkout, the billing portal). */
export interface RedirectUrl {
  url: string;
}

/** The monthly plans a member can subscribe to or move to. */
export const MEMBER_PLANS = ['prospector', 'networker', 'rainmaker'] as const;
export type MemberPlan = (typeof MEMBER_PLANS)[number];

/** `POST /api/billing/checkout`, `POST /api/billing/plan` and the plan preview's query. */
export interface MemberPlanRequest {
  plan: MemberPlan;
}

/** `POST /api/me/subscription/cancel`: why the member leaves, and what they add. */
export interface CancelOwnSubscriptionRequest {
  reason: CancellationReason;
  comment?: string | null;
}
