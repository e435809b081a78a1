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
  session: (id: string) =>
    api<{ status: string; email: string | null }>(`/founding/session/${encodeURIComponent(id)}`),
};
