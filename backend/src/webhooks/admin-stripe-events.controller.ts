import { Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { StripeEventRecord, StripeEventRow, ActionMessage } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { toStripeEventRow } from './stripe-event.mapper.js';
import { StripeEventsService } from './stripe-events.service.js';
import { STRIPE_EVENT_NOT_FOUND } from './webhooks.errors.js';

/** Stripe Events: every stored webhook event, its payload, and Replay Webhook. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/stripe-events')
export class AdminStripeEventsController {
  constructor(private readonly events: StripeEventsService) {}

  /** Newest first; filters `event_type`, `processed` and `q` (the Stripe event id). */
  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StripeEventRow<Date>[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'event_type', 'processed', 'processed_at', 'stripe_event_id'],
      defaultSort: ['created_at', 'DESC'],
      filters: ['q', 'event_type', 'processed'],
    });
    const rows = await sendList(reply, 'stripe-events', this.events.filtered(list.filter), list);
    return rows.map(toStripeEventRow);
  }

  /** The distinct event types stored, for the type filter. */
  @Get('types')
  types(): Promise<string[]> {
    return this.events.types();
  }

  @Get(':id')
  get(@IdParam(STRIPE_EVENT_NOT_FOUND) id: string): Promise<StripeEventRecord<Date>> {
    return this.events.find(id);
  }

  /** Processes the stored event again, through the same idempotent handlers. */
  @Post(':id/replay')
  @AdminWrite('replay_webhook')
  @HttpCode(200)
  async replay(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(STRIPE_EVENT_NOT_FOUND) id: string,
  ): Promise<ActionMessage> {
    const event = await this.events.replay(id, admin.userId!);
    return { message: `Webhook replayed for event ${event.stripe_event_id}` };
  }
}
