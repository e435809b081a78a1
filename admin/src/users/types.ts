import type { DisplayStatus, PlanBadge } from '@leadpulse/common';

/** A `users` row as the admin API answers it, with its display rules applied. */
export interface AdminUser {
  id: string;
  auth_user_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  job_title: string | null;
  status: string;
  is_admin: boolean;
  founding_member: boolean;
  founding_member_purchased_at: string | null;
  founding_member_transitioned_at: string | null;
  subscription_plan: string | null;
  subscription_status: string | null;
  current_period_end: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  password_set: boolean;
  promo_active: boolean;
  promo_type: string | null;
  promo_expiration_date: string | null;
  billing_name: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  billing_address: BillingAddress | null;
  last_sync_at: string | null;
  complimentary_plan: string | null;
  complimentary_expires_at: string | null;
  created_at: string;
  updated_at: string;
  display_status: DisplayStatus;
  plan_badge: PlanBadge;
}

export interface ActivityEntry {
  id: string;
  created_at: string;
  type: string;
  description: string;
  admin_name: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

export interface BillingAddress {
  line1?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface Payment {
  id: string;
  amount_cents: number;
  amount_refunded_cents: number;
  status: string;
  description: string | null;
  receipt_url: string | null;
  paid_at: string | null;
  created_at: string;
  stripe_charge_id: string | null;
}

export interface PaymentMethod {
  id: string;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  is_default: boolean;
}

export interface PaymentHistory {
  payment_methods: PaymentMethod[];
  transactions: Payment[];
}
