import type { EmailRecord } from '@leadpulse/common';
import type { EmailEntity } from './email.entity.js';
import { maskData } from './link-tokens.js';

/** An outbox row as the back office may see it: no live link in its data. */
export function toEmailRecord(email: EmailEntity): EmailRecord<Date> {
  return {
    id: email.id,
    to_email: email.to_email,
    template: email.template,
    subject: email.subject,
    data: maskData(email.data),
    status: email.status,
    attempts: email.attempts,
    last_error: email.last_error,
    provider_message_id: email.provider_message_id,
    sent_at: email.sent_at,
    claimed_until: email.claimed_until,
    user_id: email.user_id,
    resent_from_id: email.resent_from_id,
    created_at: email.created_at,
    updated_at: email.updated_at,
  };
}
