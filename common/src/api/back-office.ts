import type { AuditOutcome } from '../audit.js';
import type { SubscriberStatus } from './newsletter.js';

/**
 * The back office's records (`/api/admin/…`): the lists and the records they open, each the
 * table's row as the API answers it. Dates are a type parameter: strings on the wire (the
 * default), `Date` where the backend builds them.
 */

/** A row of the Stripe Events list (`GET /api/admin/stripe-events`): the event without its payload. */
export interface StripeEventRow<TDate = string> {
  id: string;
  stripe_event_id: string;
  event_type: string;
  processed: boolean;
  processed_at: TDate | null;
  error_message: string | null;
  /** Processing attempts, including failed ones. */
  attempts: number;
  created_at: TDate;
  updated_at: TDate;
}

/** One stored Stripe event (`GET /api/admin/stripe-events/:id`), with the payload Stripe sent. */
export interface StripeEventRecord<TDate = string> extends StripeEventRow<TDate> {
  event_data: Record<string, unknown>;
}

/** A crash report sent by the site's error screen (`GET /api/admin/error-reports`). */
export interface ErrorReportRecord<TDate = string> {
  id: string;
  /** The Error ID the member sees on the error screen. */
  error_id: string;
  message: string;
  stack: string | null;
  component_stack: string | null;
  url: string | null;
  user_agent: string | null;
  environment: string | null;
  reported_at: TDate | null;
  created_at: TDate;
  updated_at: TDate;
}

/** An e-mail of the outbox (`GET /api/admin/emails`): link tokens in its data masked. */
export interface EmailRecord<TDate = string> {
  id: string;
  to_email: string;
  template: string;
  subject: string;
  data: Record<string, unknown>;
  /** queued, sent, failed or logged. */
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: TDate | null;
  claimed_until: TDate | null;
  user_id: string | null;
  /** The e-mail this one is a fresh copy of, for resends. */
  resent_from_id: string | null;
  created_at: TDate;
  updated_at: TDate;
}

/** An e-mail rendered now, its links masked. */
export interface RenderedEmailView {
  subject: string;
  html: string;
  text: string;
}

/** One e-mail (`GET /api/admin/emails/:id`): the row and its rendering (null for a retired template). */
export interface EmailDetail<TDate = string> extends EmailRecord<TDate> {
  rendered: RenderedEmailView | null;
}

/** A newsletter subscriber (`/api/admin/newsletter`); the waitlist is the source `waitlist`. */
export interface SubscriberRecord<TDate = string> {
  id: string;
  email: string;
  status: SubscriberStatus;
  /** waitlist, newsletter, founding_member, manual or import. */
  source: string;
  first_name: string | null;
  last_name: string | null;
  confirmed_at: TDate | null;
  last_email_sent_at: TDate | null;
  created_at: TDate;
  updated_at: TDate;
}

/** The answer of `POST /api/admin/newsletter/import`. */
export interface SubscriberImportResult {
  imported: number;
  /** Already on the list (left as they are). */
  skipped: number;
  /** Rows without a valid e-mail or with names too long. */
  invalid: number;
}

/** A promotion code buyers enter at checkout (`/api/admin/promotions`). */
export interface PromotionRecord<TDate = string> {
  id: string;
  name: string;
  code: string;
  type: 'percentage' | 'fixed_amount';
  /** Percent off (1–100) for percentage, cents off for fixed_amount. */
  value: number;
  max_uses: number | null;
  /** Redemptions, as Stripe counts them. */
  current_uses: number;
  active: boolean;
  expires_at: TDate | null;
  stripe_coupon_id: string | null;
  stripe_promotion_code_id: string | null;
  created_at: TDate;
  updated_at: TDate;
}

/** The member a subscription belongs to, as the subscriptions list shows them. */
export interface SubscriptionMember {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** A Stripe subscription as last read from Stripe (`/api/admin/subscriptions`). */
export interface SubscriptionRecord<TDate = string> {
  id: string;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  user_id: string | null;
  /** On list rows only: the member (null when the subscription has none). */
  user?: SubscriptionMember | null;
  /** The catalogue code of the price (prospector, founding_member, …), or the price id if unknown. */
  plan_name: string;
  /** How it bills: "monthly", "every 3 months". */
  plan_type: string;
  status: string;
  amount_cents: number;
  current_period_end: TDate | null;
  cancel_at_period_end: boolean;
  canceled_at: TDate | null;
  created_at: TDate;
  updated_at: TDate;
}

/** The unused part of a paid period, offered as a refund after a cancellation now. */
export interface RefundOffer {
  user_id: string;
  transaction_id: string;
  amount_cents: number;
  /** The part of the period left, 0 to 1. */
  unused_fraction: number;
}

/** The answer of Cancel and Reactivate (`POST /api/admin/subscriptions/:id/cancel|reactivate`). */
export interface SubscriptionAction<TDate = string> {
  message: string;
  subscription: SubscriptionRecord<TDate>;
  /** After cancelling now: the refund of the unused part to offer, if anything was paid for it. */
  refund?: RefundOffer | null;
}

/** What restarting a cancelled subscription charges, as the confirmation shows it. */
export interface PendingCharge {
  amount_cents: number;
  currency: string;
  description: string;
}

/** A card on file at Stripe, as last synced. */
export interface PaymentMethodRecord<TDate = string> {
  id: string;
  user_id: string | null;
  stripe_customer_id: string;
  stripe_payment_method_id: string;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  is_default: boolean;
  created_at: TDate;
  updated_at: TDate;
}

/** One refund of a payment (succeeded or on its way back). */
export interface PaymentRefund {
  id: string;
  amount_cents: number;
  /** ISO time of the refund at Stripe. */
  refunded_at: string;
}

/** One payment (a Stripe invoice and its charge). */
export interface PaymentRecord<TDate = string> {
  id: string;
  user_id: string | null;
  stripe_customer_id: string;
  stripe_invoice_id: string | null;
  stripe_charge_id: string | null;
  stripe_subscription_id: string | null;
  amount_cents: number;
  amount_refunded_cents: number;
  currency: string;
  /** succeeded, pending, failed, refunded. */
  status: string;
  description: string | null;
  receipt_url: string | null;
  /** When Stripe took (or tried to take) the payment. */
  paid_at: TDate | null;
  refunds: PaymentRefund[];
  created_at: TDate;
  updated_at: TDate;
}

/** A user's payments and cards (`GET /api/admin/users/:id/payments`, its sync and refunds). */
export interface PaymentHistory<TDate = string> {
  /** The default card first. */
  payment_methods: PaymentMethodRecord<TDate>[];
  /** Newest first. */
  transactions: PaymentRecord<TDate>[];
}

/** A line of a user's activity (`GET /api/admin/users/:id/activity`). */
export interface ActivityEntry<TDate = string> {
  id: string;
  created_at: TDate;
  type: string;
  /** Whether the action was done or refused. */
  outcome: AuditOutcome;
  description: string;
  admin_name: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

/** A customer who paid but cannot use the service (`GET /api/admin/recovery`). */
export interface RecoveryCandidate<TDate = string> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  subscription_plan: string | null;
  created_at: TDate;
  founding_member: boolean;
  /** Why they are listed. */
  reason: 'payment_not_processed' | 'no_account' | 'password_not_set';
}

/** Get Password Link's answer: the URL, or, for an administrator's account, that it was e-mailed. */
export type PasswordLinkAnswer =
  | { success: true; passwordSetupUrl: string }
  | { success: true; sentByEmail: true; message: string };

/** One repair of the reconciliation (`POST /api/admin/recovery/reconcile` answers `{ repaired }`). */
export interface Repair {
  action: string;
  email: string | null;
  stripe_id: string;
  description: string;
}

/** A subscription whose MRR in the history is not what Stripe bills. */
export interface MrrDifference {
  id: string;
  customer: string;
  history_cents: number;
  stripe_cents: number;
}

/** `GET /api/admin/metrics/mrr-check`: the dashboard's MRR checked against what Stripe bills. */
export interface MrrCheck {
  history_mrr_cents: number;
  stripe_mrr_cents: number;
  difference_cents: number;
  subscriptions: MrrDifference[];
}

/** The answer of a back-office action that only reports what it did. */
export interface ActionMessage {
  message: string;
}

/** `POST /api/admin/recovery/recover`: the customer's account repaired. */
export interface RecoveryDone {
  success: true;
  message: string;
}

/** `POST /api/admin/recovery/reconcile`: what the reconciliation repaired. */
export interface ReconcileResult {
  repaired: Repair[];
}
