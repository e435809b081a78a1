import type { SubscriberRecord } from '@leadpulse/common';
import type { NewsletterSubscriptionEntity } from './newsletter-subscription.entity.js';

export function toSubscriberRecord(row: NewsletterSubscriptionEntity): SubscriberRecord<Date> {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    source: row.source,
    first_name: row.first_name,
    last_name: row.last_name,
    confirmed_at: row.confirmed_at,
    last_email_sent_at: row.last_email_sent_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
