import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { AppException } from '../common/app.exception.js';
import { StripeEventEntity } from '../webhooks/stripe-event.entity.js';
import { StripeEventsService } from '../webhooks/stripe-events.service.js';
import { containsPattern, idsFilter, parseListQuery, sendList } from '../common/list-query.js';
import { isUuid } from '../common/ids.js';

const notFound = () => new AppException('not_found', 404, 'Stripe event not found.');

/** Stripe Events: every stored webhook event, its payload, and Replay Webhook. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/stripe-events')
export class AdminStripeEventsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: StripeEventsService,
    private readonly audit: AuditService,
  ) {}

  /** Newest first; filters `event_type`, `processed` and `q` (the Stripe event id). */
  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Omit<StripeEventEntity, 'event_data'>[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'event_type', 'processed', 'processed_at', 'stripe_event_id'],
      defaultSort: ['created_at', 'DESC'],
    });
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
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('e.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    if (typeof list.filter.event_type === 'string')
      builder.andWhere('e.event_type = :type', { type: list.filter.event_type });
    if (typeof list.filter.processed === 'boolean')
      builder.andWhere('e.processed = :processed', { processed: list.filter.processed });
    if (typeof list.filter.q === 'string' && list.filter.q.trim())
      builder.andWhere('e.stripe_event_id ILIKE :q', { q: containsPattern(list.filter.q.trim()) });
    return sendList(reply, 'stripe-events', builder, list);
  }

  /** The distinct event types stored, for the type filter. */
  @Get('types')
  async types(): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT event_type FROM stripe_events ORDER BY event_type`,
    )) as { event_type: string }[];
    return rows.map((row) => row.event_type);
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<StripeEventEntity> {
    if (!isUuid(id)) throw notFound();
    const event = await this.dataSource.getRepository(StripeEventEntity).findOneBy({ id });
    if (!event) throw notFound();
    return event;
  }

  /** Processes the stored event again, through the same idempotent handlers. */
  @Post(':id/replay')
  @AdminWrite('replay_webhook')
  @HttpCode(200)
  async replay(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string }> {
    if (!isUuid(id)) throw notFound();
    const event = await this.dataSource.getRepository(StripeEventEntity).findOneBy({ id });
    if (!event) throw notFound();
    await this.events.replay(id, (manager) =>
      this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'replay_webhook',
        details: {
          description: `Replayed Stripe event ${event.stripe_event_id} (${event.event_type})`,
          old_values: { processed: event.processed, error_message: event.error_message },
          new_values: { processed: false },
        },
      }),
    );
    return { message: `Webhook replayed for event ${event.stripe_event_id}` };
  }
}
