/** Shapes only the back office reads; the user record itself is common's AdminUserRecord. */

export interface ActivityEntry {
  id: string;
  created_at: string;
  type: string;
  description: string;
  admin_name: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
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
