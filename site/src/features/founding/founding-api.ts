import { api } from '../../api/client';
import { sessionClient } from '../auth/session';

export interface Availability {
  total: number;
  taken: number;
  remaining: number;
}

export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A checkout as the success page sees it; `payment_status` is unpaid while a payment is processing. */
export interface CheckoutState {
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  email: string | null;
  /** Whether the buyer's account has a password already (a member who bought for it). */
  password_set?: boolean;
}

export const foundingApi = {
  availability: () => api<Availability>('/founding/availability'),
  /** With a signed-in member, their own account buys (DESIGN decisions). */
  checkout: (form: CheckoutForm) =>
    api<{ url: string }>('/founding/checkout', {
      method: 'POST',
      json: form,
      auth: !!sessionClient.session,
    }),
  /** Frees the spot of a checkout the buyer cancelled (the cancel URL carries the reservation). */
  cancel: (reservationId: string) =>
    api<void>(`/founding/reservations/${encodeURIComponent(reservationId)}/cancel`, {
      method: 'POST',
    }),
  session: (id: string) => api<CheckoutState>(`/founding/session/${encodeURIComponent(id)}`),
};
