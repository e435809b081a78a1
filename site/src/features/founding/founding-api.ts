import type {
  FoundingAvailability,
  FoundingCheckoutRequest,
  FoundingCheckoutSession,
  RedirectUrl,
} from '@leadpulse/common';
import { api } from '../../api/client';
import { sessionClient } from '../auth/session';

export const foundingApi = {
  availability: () => api<FoundingAvailability>('/founding/availability'),
  /** With a signed-in member, their own account buys (DESIGN decisions). */
  checkout: (form: FoundingCheckoutRequest) =>
    api<RedirectUrl>('/founding/checkout', {
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
    api<FoundingCheckoutSession>(`/founding/session/${encodeURIComponent(id)}`),
};
