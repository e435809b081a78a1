/** The newsletter and waitlist sign-ups of the public site, and the links of their e-mails. */

export const SUBSCRIBER_STATUSES = ['active', 'unsubscribed', 'bounced', 'pending'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** `POST /api/waitlist` and `POST /api/newsletter`. */
export interface SubscribeResult {
  email: string;
  /** False when the address was on the list already. */
  created: boolean;
  /** `pending` until the e-mailed confirmation link is followed (double opt-in). */
  status: SubscriberStatus;
}

/** `POST /api/newsletter/confirm` and `POST /api/newsletter/unsubscribe`. */
export interface LinkResult {
  email: string;
  status: SubscriberStatus;
}
