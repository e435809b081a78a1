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

/** `POST /api/newsletter`. */
export interface NewsletterRequest {
  email: string;
}

/** `POST /api/waitlist`. */
export interface WaitlistRequest extends NewsletterRequest {
  firstName?: string;
  lastName?: string;
}

/** `POST /api/newsletter/confirm`: the token of the confirmation link. */
export interface NewsletterTokenRequest {
  token: string;
}

/**
 * `POST /api/newsletter/unsubscribe`: the link's token, in the body or the query; a mail
 * client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click`.
 */
export interface UnsubscribeRequest {
  token?: string;
  'List-Unsubscribe'?: string;
}

/** The query of `POST /api/newsletter/unsubscribe`. */
export interface UnsubscribeQuery {
  token?: string;
}
