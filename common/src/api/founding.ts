/** The founding-member sale's API: the spots left, the checkout and the success page's lookup. */

/** `GET /api/founding/availability`. */
export interface FoundingAvailability {
  total: number;
  taken: number;
  remaining: number;
}

/** `POST /api/founding/checkout`: all four fields are required. */
export interface FoundingCheckoutRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * `GET /api/founding/session/:id`: a checkout as the success page sees it; `payment_status` is
 * unpaid while a payment is processing.
 */
export interface FoundingCheckoutSession {
  /** Stripe's values, which Stripe may add to (`string & {}` keeps the known ones suggested). */
  status: 'open' | 'complete' | 'expired' | (string & {}) | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required' | (string & {});
  email: string | null;
  /** Whether the buyer's account has a password already (a member who bought for it). */
  password_set: boolean;
}
