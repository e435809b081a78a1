import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventWebhook } from '@sendgrid/eventwebhook';
import { DataSource } from 'typeorm';
import { isUuid } from '../common/ids.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { NEWSLETTER_ERRORS } from './newsletter.errors.js';

/** One event of SendGrid's event webhook; custom args (our `email_id`) arrive as top-level keys. */
export interface SendGridEvent {
  email: string;
  event: string;
  type?: string;
  reason?: string;
  email_id?: string;
  sg_event_id?: string;
}

/** How far the signed timestamp may be from our clock: older bodies are replays. */
const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** Whether the webhook's timestamp (Unix seconds) is within the tolerance of now. */
export function isFreshTimestamp(timestamp: string, now = Date.now()): boolean {
  if (!/^\d+$/.test(timestamp)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= TIMESTAMP_TOLERANCE_SECONDS;
}

type Outcome = 'bounced' | 'unsubscribed';

/** What an event means for the address: undeliverable, or the recipient asked us to stop. */
export function outcomeOf(event: SendGridEvent): Outcome | undefined {
  switch (event.event) {
    case 'bounce':
      // "blocked" is a temporary refusal by the receiving server, not a dead address.
      return event.type === 'blocked' ? undefined : 'bounced';
    case 'dropped':
      if (event.reason === 'Bounced Address') return 'bounced';
      if (event.reason === 'Unsubscribed Address' || event.reason === 'Spam Reporting Address')
        return 'unsubscribed';
      return undefined;
    case 'spamreport':
    case 'unsubscribe':
    case 'group_unsubscribe':
      return 'unsubscribed';
    default:
      return undefined;
  }
}

/** SendGrid's signed event webhook: bounces and complaints change the newsletter subscriber. */
@Injectable()
export class SendGridEventsService {
  private readonly logger = new Logger(SendGridEventsService.name);
  private readonly verifier = new EventWebhook();
  private readonly publicKey: ReturnType<EventWebhook['convertPublicKeyToECDSA']> | undefined;

  constructor(
    config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {
    const key = config.mail.sendgridWebhookPublicKey;
    try {
      this.publicKey = key ? this.verifier.convertPublicKeyToECDSA(key) : undefined;
    } catch {
      throw new Error('SENDGRID_WEBHOOK_PUBLIC_KEY is not an ECDSA public key');
    }
  }

  /** Verifies the signature over the exact bytes received, then applies every event it carries. */
  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    timestamp: string | undefined,
  ): Promise<{ applied: number }> {
    if (!this.publicKey) throw NEWSLETTER_ERRORS.webhookNotConfigured();
    if (!rawBody || !signature || !timestamp) throw NEWSLETTER_ERRORS.invalidSignature();
    if (!this.verify(rawBody, signature, timestamp)) throw NEWSLETTER_ERRORS.invalidSignature();
    // The signature covers the timestamp, so a fresh one cannot be pasted onto an old body.
    if (!isFreshTimestamp(timestamp)) throw NEWSLETTER_ERRORS.staleTimestamp();

    const events = parseEvents(rawBody);
    let applied = 0;
    await this.dataSource.transaction(async (manager) => {
      for (const event of events) {
        const outcome = outcomeOf(event);
        if (!outcome) continue;
        // A redelivered event is applied once; the row's lock also orders two deliveries at once.
        if (event.sg_event_id) {
          const inserted = (await manager.query(
            `INSERT INTO sendgrid_events (sg_event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING sg_event_id`,
            [event.sg_event_id],
          )) as unknown[];
          if (inserted.length === 0) continue;
        }
        // Unsubscribing is the recipient's choice: a later bounce does not overwrite it.
        const [, changed] = (await manager.query(
          `UPDATE newsletter_subscriptions SET status = $2, updated_at = now()
            WHERE email = $1 AND status <> $2 AND ($2 = 'unsubscribed' OR status <> 'unsubscribed')`,
          [event.email, outcome],
        )) as [unknown, number];
        applied += changed;
        if (outcome === 'bounced' && event.email_id && isUuid(event.email_id))
          await this.mail.recordBounce(manager, event.email_id, event.reason);
      }
    });
    if (applied > 0) this.logger.log(`SendGrid events changed ${applied} subscriber(s)`);
    return { applied };
  }

  private verify(rawBody: Buffer, signature: string, timestamp: string): boolean {
    try {
      return this.verifier.verifySignature(this.publicKey!, rawBody, signature, timestamp);
    } catch {
      return false; // a signature that is not even DER
    }
  }
}

/** No id (a test event), or one that fits `sendgrid_events`. */
const isEventId = (id: unknown) =>
  id === undefined || (typeof id === 'string' && id.length > 0 && id.length <= 255);

function parseEvents(rawBody: Buffer): SendGridEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (event: unknown) =>
        typeof event === 'object' &&
        event !== null &&
        typeof (event as SendGridEvent).email === 'string' &&
        typeof (event as SendGridEvent).event === 'string' &&
        isEventId((event as SendGridEvent).sg_event_id),
    );
  if (!valid) throw NEWSLETTER_ERRORS.invalidEvents();
  return parsed as SendGridEvent[];
}
