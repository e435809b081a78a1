import type {
  LinkResult,
  NewsletterRequest,
  NewsletterTokenRequest,
  SubscribeResult,
  UnsubscribeRequest,
  WaitlistRequest,
} from '@leadpulse/common';
import { api } from '../../api/client';

export const newsletterApi = {
  joinWaitlist: (email: string, firstName?: string, lastName?: string) =>
    api<SubscribeResult>('/waitlist', {
      method: 'POST',
      json: {
        email,
        firstName: firstName || undefined,
        lastName: lastName || undefined,
      } satisfies WaitlistRequest,
    }),
  subscribe: (email: string) =>
    api<SubscribeResult>('/newsletter', {
      method: 'POST',
      json: { email } satisfies NewsletterRequest,
    }),
  confirm: (token: string) =>
    api<LinkResult>('/newsletter/confirm', {
      method: 'POST',
      json: { token } satisfies NewsletterTokenRequest,
    }),
  unsubscribe: (token: string) =>
    api<LinkResult>('/newsletter/unsubscribe', {
      method: 'POST',
      json: { token } satisfies UnsubscribeRequest,
    }),
};

/** What the footer box says after a sign-up, by the address's status on the list. */
export function subscribeMessage(result: SubscribeResult): string {
  switch (result.status) {
    case 'pending':
      return 'Almost done: check your inbox and confirm your subscription.';
    case 'bounced':
      return "We couldn't deliver e-mail to this address before. Please check it, or use another one.";
    default:
      return "You're already subscribed.";
  }
}
