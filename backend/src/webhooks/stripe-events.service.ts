import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { StripeEventRecord } from '@leadpulse/common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import {
  booleanFilter,
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  type ListQuery,
} from '../common/list-query.js';
import { AppConfig } from '../config/app-config.js';
import { preparedStatement } from '../database/prepared-read.js';
import { JobsService } from '../jobs/jobs.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { parseStripeEvent } from './stripe-event-shape.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { toStripeEventRecord } from './stripe-event.mapper.js';
import { WEBHOOKS_ERRORS } from './webhooks.errors.js';

export const STRIPE_EVENTS_QUEUE = 'stripe-events';
/** Stripe's own default: a signature older than five minutes is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * What one event type does. Handlers run in one transaction with the event's bookkeeping and
 * upsert on Stripe ids, so running one twice changes nothing.
 */
export type StripeEventHandler = (event: Stripe.Event, manager: EntityManager) => Promise<void>;

@Injectable()
export class StripeEventsService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(StripeEventsService.name);
  /** What each event type does: `stripe-event-handlers.ts`, given once at start. */
  private handlers?: Readonly<Partial<Record<string, StripeEventHandler[]>>>;
  /**
   * Stores an event and queues its job, the job only if the event is new: one statement, atomic
   * by itself, where a transaction's four round trips were most of an acknowledgement's work.
   */
  private readonly store: (values: unknown[]) => Promise<{ id: string }[]>;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {
    this.store = preparedStatement(
      dataSource,
      'store-stripe-event',
      `WITH stored AS (
         INSERT INTO stripe_events (stripe_event_id, event_type, event_data) VALUES ($1, $2, $3)
         ON CONFLICT (stripe_event_id) DO NOTHING RETURNING id
       ), queued AS (${jobs.sendEachSql(STRIPE_EVENTS_QUEUE, 'stored', `jsonb_build_object('eventId', stored.id)`)})
       SELECT id FROM stored`,
    );
  }

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(STRIPE_EVENTS_QUEUE, {
      retryLimit: 8,
      retryDelay: this.config.stripe.eventsRetryDelaySeconds,
      retryBackoff: true,
    });
  }

  onApplicationBootstrap(): void {
    if (!this.handlers) throw new Error('The Stripe event handlers were not given');
  }

  /**
   * The map of event types to their handlers, in order (`stripe-event-handlers.ts`), given once
   * at start; events are worked from then on, never by a worker that knows no handler yet.
   */
  async route(handlers: Partial<Record<string, StripeEventHandler[]>>): Promise<void> {
    if (this.handlers) throw new Error('The Stripe event handlers are given once');
    this.handlers = Object.freeze({ ...handlers });
    await this.jobs.work<{ eventId: string }>(STRIPE_EVENTS_QUEUE, (job) =>
      this.process(job.data.eventId),
    );
  }

  /**
   * Verifies the signature on the raw body and stores the event with its processing job, once:
   * a duplicate delivery is acknowledged and stores nothing.
   */
  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ stored: boolean }> {
    try {
      this.stripe.webhooks.signature!.verifyHeader(
        rawBody ?? Buffer.alloc(0),
        signature ?? '',
        this.config.stripe.webhookSecret!,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch {
      throw WEBHOOKS_ERRORS.invalidSignature();
    }
    // A body signed with our secret may still be no event (a test tool, a mistake): refused
    // before it reaches the table, whose columns need an id and a type.
    const event = parseStripeEvent(rawBody!);
    if (!event) throw WEBHOOKS_ERRORS.invalidEvent();
    const stored = await this.store([event.id, event.type, event]);
    // A new event is worked at once: a member who has just paid waits for it.
    if (stored.length > 0) this.jobs.wake(STRIPE_EVENTS_QUEUE);
    return { stored: stored.length > 0 };
  }

  /** Runs the event's handler; a failure is recorded and rethrown so the queue retries it. */
  async process(eventId: string): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const row = await manager
          .getRepository(StripeEventEntity)
          .findOne({ where: { id: eventId }, lock: { mode: 'pessimistic_write' } });
        if (!row || row.processed) return;
        const type = row.event_type;
        const handlers =
          (this.handlers && Object.hasOwn(this.handlers, type) && this.handlers[type]) || [];
        for (const handler of handlers)
          await handler(row.event_data as unknown as Stripe.Event, manager);
        await manager.getRepository(StripeEventEntity).update(eventId, {
          processed: true,
          processed_at: new Date(),
          error_message: null,
          attempts: row.attempts + 1,
        });
      });
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      await this.dataSource.query(
        `UPDATE stripe_events SET attempts = attempts + 1, error_message = $2, updated_at = now() WHERE id = $1`,
        [eventId, message.slice(0, 2000)],
      );
      this.logger.warn(`Processing Stripe event ${eventId} failed: ${message}`);
      throw error;
    }
  }

  /**
   * Processes a stored event again through the same idempotent handlers; replayed by an
   * administrator (Replay Webhook), the audit row is written in the same transaction. Answers
   * the event as it was before the replay.
   */
  async replay(eventId: string, adminId?: string): Promise<StripeEventEntity> {
    return this.dataSource.transaction(async (manager) => {
      const events = manager.getRepository(StripeEventEntity);
      const event = await events.findOneBy({ id: eventId });
      if (!event) throw WEBHOOKS_ERRORS.eventNotFound();
      await events.update(eventId, { processed: false, processed_at: null });
      await this.jobs.send(STRIPE_EVENTS_QUEUE, { eventId }, { manager });
      if (adminId)
        await this.audit.record(manager, {
          adminId,
          type: 'replay_webhook',
          details: {
            description: `Replayed Stripe event ${event.stripe_event_id} (${event.event_type})`,
            old_values: { processed: event.processed, error_message: event.error_message },
            new_values: { processed: false },
          },
        });
      return event;
    });
  }

  /**
   * Stored events matching a list filter (`id`, `event_type`, `processed`, `q` the Stripe event
   * id), without their payloads: a list of thousands must stay light.
   */
  filtered(filter: ListQuery['filter']): SelectQueryBuilder<StripeEventEntity> {
    const builder = this.dataSource
      .getRepository(StripeEventEntity)
      .createQueryBuilder('e')
      .select([
        'e.id',
        'e.stripe_event_id',
        'e.event_type',
        'e.processed',
        'e.processed_at',
        'e.error_message',
        'e.attempts',
        'e.created_at',
        'e.updated_at',
      ]);
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('e.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const type = textFilter(filter, 'event_type');
    if (type !== undefined) builder.andWhere('e.event_type = :type', { type });
    const processed = booleanFilter(filter, 'processed');
    if (processed !== undefined) builder.andWhere('e.processed = :processed', { processed });
    const q = searchFilter(filter);
    if (q) builder.andWhere('e.stripe_event_id ILIKE :q', { q: containsPattern(q) });
    return builder;
  }

  /** The distinct event types stored, for the type filter. */
  async types(): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT event_type FROM stripe_events ORDER BY event_type`,
    )) as { event_type: string }[];
    return rows.map((row) => row.event_type);
  }

  async find(id: string): Promise<StripeEventRecord<Date>> {
    const event = await this.dataSource.getRepository(StripeEventEntity).findOneBy({ id });
    if (!event) throw WEBHOOKS_ERRORS.eventNotFound();
    return toStripeEventRecord(event);
  }
}
