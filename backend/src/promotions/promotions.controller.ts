import { randomUUID } from 'node:crypto';
import {
  Body,
  Controller,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
  type OnModuleInit,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { containsPattern, idsFilter, parseListQuery, sendList } from '../common/list-query.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from '../admin/admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { AppException } from '../common/app.exception.js';
import { isUuid } from '../common/ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { StripeEventsService } from '../webhooks/stripe-events.service.js';
import { CreatePromotionDto, UpdatePromotionDto } from './promotion.dto.js';
import { PromotionEntity } from './promotion.entity.js';

const notFound = () => new AppException('not_found', 404, 'Promotion not found.');
const codeTaken = () =>
  new AppException('code_taken', 409, 'A promotion with this code already exists.');
const stripeFailed = () => new AppException('stripe_failed', 502, 'Failed to update promotion');

type Terms = Pick<
  PromotionEntity,
  'name' | 'code' | 'type' | 'value' | 'max_uses' | 'expires_at' | 'active'
>;

/**
 * Promotions: codes buyers enter at checkout. Each is a Stripe coupon with a promotion code; the
 * calls carry idempotency keys made of the promotion's id, and Stripe's redemptions are the uses.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/promotions')
export class PromotionsController implements OnModuleInit {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: StripeEventsService,
  ) {}

  onModuleInit(): void {
    // A redemption (or a change made in Stripe's dashboard) updates the code at Stripe.
    this.events.on('promotion_code.updated', async (event, manager) => {
      const code = await this.stripe.promotionCodes.retrieve(
        (event.data.object as Stripe.PromotionCode).id,
      );
      await manager
        .getRepository(PromotionEntity)
        .update(
          { stripe_promotion_code_id: code.id },
          { current_uses: code.times_redeemed, active: code.active },
        );
    });
  }

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PromotionEntity[]> {
    const list = parseListQuery(query, {
      sortable: [
        'created_at',
        'name',
        'code',
        'type',
        'value',
        'current_uses',
        'active',
        'expires_at',
      ],
      defaultSort: ['created_at', 'DESC'],
    });
    const builder = this.dataSource.getRepository(PromotionEntity).createQueryBuilder('p');
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('p.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    if (typeof list.filter.code === 'string')
      builder.andWhere('p.code = :code', { code: list.filter.code });
    if (typeof list.filter.active === 'boolean')
      builder.andWhere('p.active = :active', { active: list.filter.active });
    if (typeof list.filter.q === 'string' && list.filter.q.trim())
      builder.andWhere('(p.name ILIKE :q OR p.code ILIKE :q)', {
        q: containsPattern(list.filter.q.trim()),
      });
    return sendList(reply, 'promotions', builder, list);
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<PromotionEntity> {
    return this.find(id);
  }

  @Post()
  @AdminWrite('create_promotion')
  async create(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: CreatePromotionDto,
  ): Promise<PromotionEntity> {
    const terms = this.terms(form);
    if (await this.dataSource.getRepository(PromotionEntity).existsBy({ code: terms.code }))
      throw codeTaken();
    const id = randomUUID();
    const stripeIds = await this.createAtStripe(id, terms);
    return this.dataSource.transaction(async (manager) => {
      const promotion = await manager
        .getRepository(PromotionEntity)
        .save(manager.getRepository(PromotionEntity).create({ id, ...terms, ...stripeIds }));
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'create_promotion',
        details: {
          description: `Created promotion ${terms.code}`,
          old_values: null,
          new_values: { ...terms },
        },
      });
      return promotion;
    });
  }

  /**
   * Edits a promotion. Name and Active change in place (also at Stripe); a new code, value, limit
   * or expiry replaces the Stripe promotion code (the old one is deactivated), as Stripe's codes
   * cannot change those.
   */
  @Put(':id')
  @AdminWrite('update_promotion')
  async update(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: UpdatePromotionDto,
  ): Promise<PromotionEntity> {
    const before = await this.find(id);
    const after = this.terms(
      {
        ...before,
        ...form,
        expires_at: form.expires_at === undefined ? before.expires_at : form.expires_at,
      },
      form.expires_at !== undefined,
    );
    if (
      after.code !== before.code &&
      (await this.dataSource.getRepository(PromotionEntity).existsBy({ code: after.code }))
    )
      throw codeTaken();
    const replaced =
      after.code !== before.code ||
      after.type !== before.type ||
      after.value !== before.value ||
      after.max_uses !== before.max_uses ||
      after.expires_at?.getTime() !== before.expires_at?.getTime();
    let stripeIds: Partial<PromotionEntity> = {};
    const version = `${id}:${before.updated_at.getTime()}`;
    try {
      if (replaced) {
        if (before.stripe_promotion_code_id)
          await this.stripe.promotionCodes.update(
            before.stripe_promotion_code_id,
            { active: false },
            { idempotencyKey: `promotion:${version}:retire` },
          );
        stripeIds = await this.createAtStripe(version, after);
      } else {
        if (before.stripe_coupon_id && after.name !== before.name)
          await this.stripe.coupons.update(
            before.stripe_coupon_id,
            { name: after.name },
            { idempotencyKey: `promotion:${version}:name` },
          );
        if (before.stripe_promotion_code_id && after.active !== before.active)
          await this.stripe.promotionCodes.update(
            before.stripe_promotion_code_id,
            { active: after.active },
            { idempotencyKey: `promotion:${version}:active` },
          );
      }
    } catch (error) {
      if (error instanceof AppException) throw error;
      throw stripeFailed();
    }
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(PromotionEntity).update(id, {
        ...after,
        ...stripeIds,
        ...(replaced ? { current_uses: 0 } : {}),
      });
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type:
          form.active !== undefined && Object.keys(form).length === 1
            ? 'toggle_promotion'
            : 'update_promotion',
        details: {
          description: `${after.active !== before.active && Object.keys(form).length === 1 ? (after.active ? 'Activated' : 'Deactivated') : 'Edited'} promotion ${after.code}`,
          old_values: this.snapshot(before),
          new_values: this.snapshot(after),
        },
      });
      return manager.getRepository(PromotionEntity).findOneByOrFail({ id });
    });
  }

  private async createAtStripe(
    key: string,
    terms: Terms,
  ): Promise<Pick<PromotionEntity, 'stripe_coupon_id' | 'stripe_promotion_code_id'>> {
    try {
      const coupon = await this.stripe.coupons.create(
        {
          name: terms.name,
          duration: 'once',
          ...(terms.type === 'percentage'
            ? { percent_off: terms.value }
            : { amount_off: terms.value, currency: 'usd' }),
        },
        { idempotencyKey: `promotion:${key}:coupon` },
      );
      const code = await this.stripe.promotionCodes.create(
        {
          promotion: { type: 'coupon', coupon: coupon.id },
          code: terms.code,
          active: terms.active,
          ...(terms.max_uses ? { max_redemptions: terms.max_uses } : {}),
          ...(terms.expires_at
            ? { expires_at: Math.floor(terms.expires_at.getTime() / 1000) }
            : {}),
        },
        { idempotencyKey: `promotion:${key}:code` },
      );
      return { stripe_coupon_id: coupon.id, stripe_promotion_code_id: code.id };
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_already_exists') throw codeTaken();
      throw stripeFailed();
    }
  }

  private terms(
    form: {
      name: string;
      code: string;
      type: PromotionEntity['type'];
      value: number;
      max_uses?: number | null;
      expires_at?: string | Date | null;
      active?: boolean;
    },
    checkExpiry = true,
  ): Terms {
    if (form.type === 'percentage' && form.value > 100)
      throw new AppException('validation_failed', 400, 'A percentage is at most 100.');
    const expires = form.expires_at ? new Date(form.expires_at) : null;
    if (checkExpiry && expires && expires.getTime() <= Date.now())
      throw new AppException('validation_failed', 400, 'The expiry must be in the future.');
    return {
      name: form.name.trim(),
      code: form.code.trim().toUpperCase(),
      type: form.type,
      value: form.value,
      max_uses: form.max_uses ?? null,
      expires_at: expires,
      active: form.active ?? true,
    };
  }

  private snapshot(terms: Terms) {
    return { ...terms, expires_at: terms.expires_at?.toISOString() ?? null };
  }

  private async find(id: string): Promise<PromotionEntity> {
    if (!isUuid(id)) throw notFound();
    const promotion = await this.dataSource.getRepository(PromotionEntity).findOneBy({ id });
    if (!promotion) throw notFound();
    return promotion;
  }
}
