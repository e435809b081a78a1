import type { StripeEventRecord, StripeEventRow } from '@leadpulse/common';
import type { StripeEventEntity } from './stripe-event.entity.js';

/** A stored event as the list shows it: its payload left out (the list does not select it). */
export function toStripeEventRow(
  event: Omit<StripeEventEntity, 'event_data'>,
): StripeEventRow<Date> {
  return {
    id: event.id,
    stripe_event_id: event.stripe_event_id,
    event_type: event.event_type,
    processed: event.processed,
    processed_at: event.processed_at,
    error_message: event.error_message,
    attempts: event.attempts,
    created_at: event.created_at,
    updated_at: event.updated_at,
  };
}

export function toStripeEventRecord(event: StripeEventEntity): StripeEventRecord<Date> {
  return { ...toStripeEventRow(event), event_data: event.event_data };
}
