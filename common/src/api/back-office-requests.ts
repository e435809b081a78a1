/** The request bodies and queries of the back office (`/api/admin/*`), declared once. */
import type { ASSIGNABLE_STATUSES } from '../display.js';
import type { CREATABLE_PLANS, EDITABLE_STATUSES, PromoType } from '../admin.js';
import type { BillingAddress } from './members.js';
import type { MemberPlan } from './billing.js';

/** `POST /api/admin/users`. */
export interface CreateUserRequest {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  job_title?: string | null;
  subscription_plan?: (typeof CREATABLE_PLANS)[number];
  status?: (typeof EDITABLE_STATUSES)[number];
  is_admin?: boolean;
  founding_member?: boolean;
}

/** `PUT /api/admin/users/:id`: the fields that changed. */
export interface UpdateUserRequest {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
  job_title?: string | null;
  status?: (typeof ASSIGNABLE_STATUSES)[number];
  is_admin?: boolean;
  founding_member?: boolean;
}

/** `POST /api/admin/users/:id/promo`. */
export interface ApplyPromoRequest {
  type: PromoType;
  duration_days?: number;
  notes?: string;
}

/** `POST /api/admin/users/:id/complimentary`: a plan given for free. */
export interface ComplimentaryAccessRequest {
  type: string;
  duration_days?: number;
  notes?: string;
}

/** `POST /api/admin/users/:id/suspend`. */
export interface SuspendUserRequest {
  reason: string;
}

/** `PUT /api/admin/users/:id/roles`: the roles the administrator holds from now on. */
export interface SetUserRolesRequest {
  role_ids: string[];
}

/** `POST /api/admin/roles`. */
export interface CreateRoleRequest {
  name: string;
  description?: string;
  permissions?: Record<string, boolean>;
}

/** `PUT /api/admin/roles/:id`: the fields that changed. */
export type UpdateRoleRequest = Partial<CreateRoleRequest>;

/**
 * `PUT /api/admin/users/:id/billing`: Billing Information's form, or `use_account_details: true`
 * ("Billing same as account information").
 */
export interface UpdateBillingRequest {
  use_account_details?: boolean;
  billing_name?: string;
  billing_email?: string;
  billing_phone?: string;
  billing_address?: BillingAddress;
}

/** `POST /api/admin/users/:id/refunds`. */
export interface RefundRequest {
  transaction_id: string;
  amount_cents?: number;
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  notes?: string;
  /** Made once per dialog by the client: a retried submission refunds once. */
  request_id?: string;
}

/** `POST /api/admin/users/:id/subscription` and its preview's query. */
export interface ChangePlanRequest {
  plan: MemberPlan;
  /** Made once per dialog by the client: a retried submission changes the plan once. */
  request_id?: string;
}

/** `POST /api/admin/subscriptions/:id/cancel`. */
export interface CancelSubscriptionRequest {
  /** Cancel at the end of the paid period instead of now. */
  at_period_end?: boolean;
}

/** `POST /api/admin/subscriptions/:id/reactivate`. */
export interface ReactivateSubscriptionRequest {
  /** The amount the administrator saw and confirmed, in cents. */
  confirm_amount_cents?: number;
}

/** `POST /api/admin/promotions`. */
export interface CreatePromotionRequest {
  name: string;
  code: string;
  type: 'percentage' | 'fixed_amount';
  /** Percent (1–100) or cents. */
  value: number;
  max_uses?: number | null;
  expires_at?: string | null;
  active?: boolean;
}

/** `PUT /api/admin/promotions/:id`: the fields that changed. */
export type UpdatePromotionRequest = Partial<CreatePromotionRequest>;

/** `POST /api/admin/newsletter`. */
export interface AddSubscriberRequest {
  email: string;
  first_name?: string;
  last_name?: string;
}

/** `POST /api/admin/newsletter/import`. */
export interface ImportSubscribersRequest {
  /** CSV text with a header row: email (required), first_name, last_name. */
  csv: string;
}

/** `POST /api/admin/recovery/recover` and `…/password-link`. */
export interface RecoveryEmailRequest {
  email: string;
}

/** The query of `GET /api/admin/metrics/revenue`. */
export interface RevenueQuery {
  /** How many calendar months, ending with the current one. */
  months?: number;
}

/**
 * The query of every back-office list (`GET /api/admin/users`, …) in react-admin's simple REST
 * form, each parameter JSON text: `filter` the list's filters (`{"q":"ada"}`), `range` the first
 * and last row (`[0,24]`), `sort` a column and direction (`["created_at","DESC"]`).
 */
export interface ListRequest {
  filter?: string;
  range?: string;
  sort?: string;
}

/** The query of a list's CSV export (`GET /api/admin/users/export.csv`): the list's filter. */
export type ExportRequest = Pick<ListRequest, 'filter'>;
