import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PromotionRecord } from '@leadpulse/common';
import type Stripe from 'stripe';
import { DataSource, IsNull, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { AppException } from '../common/app.exception.js';
import {
  booleanFilter,
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  type ListQuery,
} from '../common/list-query.js';
import { STRIPE } from '../stripe/stripe.client.js';
import type { CreatePromotionDto, UpdatePromotionDto } from './dto/promotion.dto.js';
import { PromotionEntity } from './promotion.entity.js';
import { toPromotionRecord } from './promotion.mapper.js';
import {
  refusedByStripe,
  replacesCode,
  changedTerms,
  stripeFailure,
  termsOf,
  toTerms,
  type StripeIds,
  type Terms,
} from './promotion-terms.js';
import { PROMOTIONS_ERRORS } from './promotions.errors.js';

/**
 * Promotions: codes buyers enter at checkout. Each is a Stripe coupon with a promotion code, and
 * Stripe's redemptions are the uses. Every Stripe call carries an idempotency key built from the
 * stored row (its id, and for edits the version it edits), so a retry after a lost answer finds
 * the objects the first attempt made instead of making new ones.
 */
@Injectable()
export class PromotionsService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /**
   * `promotion_code.updated`: a redemption (or a change made in Stripe's dashboard) updates the
   * code at Stripe.
   */
  async onPromotionCodeUpdated(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const code = await this.stripe.promotionCodes.retrieve(
      (event.data.object as Stripe.PromotionCode).id,
    );
    await manager
      .getRepository(PromotionEntity)
      .update(
        { stripe_promotion_code_id: code.id },
        { current_uses: code.times_redeemed, active: code.active },
      );
  }

  /** Promotions matching a list filter: `id`, `code`, `active`, `q` (name or code). */
  filtered(filter: ListQuery['filter']): SelectQueryBuilder<PromotionEntity> {
    const builder = this.dataSource.getRepository(PromotionEntity).createQueryBuilder('p');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('p.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const code = textFilter(filter, 'code');
    if (code !== undefined) builder.andWhere('p.code = :code', { code });
    const active = booleanFilter(filter, 'active');
    if (active !== undefined) builder.andWhere('p.active = :active', { active });
    const q = searchFilter(filter);
    if (q) builder.andWhere('(p.name ILIKE :q OR p.code ILIKE :q)', { q: containsPattern(q) });
    return builder;
  }

  async find(id: string): Promise<PromotionEntity> {
    const promotion = await this.dataSource.getRepository(PromotionEntity).findOneBy({ id });
    if (!promotion) throw PROMOTIONS_ERRORS.promotionNotFound();
    return promotion;
  }

  /** One promotion as the API answers it. */
  async get(id: string): Promise<PromotionRecord<Date>> {
    return toPromotionRecord(await this.find(id));
  }

  /**
   * Creates a promotion: the row first (its id names the Stripe calls), then the coupon and code
   * at Stripe, then their ids with the audit row. Sent again after Stripe's answer was lost, the
   * same form resumes that row with the same keys, so Stripe makes each object once.
   */
  async create(adminId: string, form: CreatePromotionDto): Promise<PromotionRecord<Date>> {
    const terms = toTerms(form);
    const promotion = await this.reserve(terms);
    const stripeIds = await this.createAtStripe(promotion.id, terms).catch(async (error) => {
      // Stripe keeps its refusal under the same keys: the next attempt needs a new row.
      if (refusedByStripe(error))
        await this.dataSource
          .getRepository(PromotionEntity)
          .delete({ id: promotion.id, stripe_promotion_code_id: IsNull() });
      throw stripeFailure(error);
    });
    return this.dataSource.transaction(async (manager) => {
      const promotions = manager.getRepository(PromotionEntity);
      const completed = await promotions.update(
        { id: promotion.id, stripe_promotion_code_id: IsNull() },
        stripeIds,
      );
      // A concurrent attempt with the same form completed it first.
      if (!completed.affected) throw PROMOTIONS_ERRORS.codeTaken();
      await this.audit.record(manager, {
        adminId,
        type: 'create_promotion',
        details: {
          description: `Created promotion ${terms.code}`,
          old_values: null,
          new_values: { ...terms },
        },
      });
      return toPromotionRecord(await promotions.findOneByOrFail({ id: promotion.id }));
    });
  }

  /**
   * Edits a promotion. Name and Active change in place (also at Stripe); a new code, value, limit
   * or expiry replaces the Stripe promotion code (the old one is deactivated), as Stripe's codes
   * cannot change those.
   */
  async update(
    adminId: string,
    id: string,
    form: UpdatePromotionDto,
  ): Promise<PromotionRecord<Date>> {
    const before = await this.find(id);
    const after = toTerms(
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
      throw PROMOTIONS_ERRORS.codeTaken();
    const replaced = replacesCode(before, after);
    const create = (key: string, terms: Terms) =>
      this.createAtStripe(key, terms).catch((error: unknown) => {
        throw stripeFailure(error);
      });
    let stripeIds: Partial<StripeIds> = {};
    let current: StripeIds = before;
    // The row as it stands, so the same edit sent again makes the same calls.
    const version = `${id}:${before.updated_at.getTime()}`;
    try {
      // A create whose Stripe answer was lost left no ids: its own keys find its objects.
      if (!before.stripe_promotion_code_id) current = stripeIds = await create(id, termsOf(before));
      if (replaced) {
        if (current.stripe_promotion_code_id)
          await this.stripe.promotionCodes.update(
            current.stripe_promotion_code_id,
            { active: false },
            { idempotencyKey: `promotion:${version}:retire` },
          );
        stripeIds = await create(version, after);
      } else {
        if (current.stripe_coupon_id && after.name !== before.name)
          await this.stripe.coupons.update(
            current.stripe_coupon_id,
            { name: after.name },
            { idempotencyKey: `promotion:${version}:name` },
          );
        if (current.stripe_promotion_code_id && after.active !== before.active)
          await this.stripe.promotionCodes.update(
            current.stripe_promotion_code_id,
            { active: after.active },
            { idempotencyKey: `promotion:${version}:active` },
          );
      }
    } catch (error) {
      if (error instanceof AppException) throw error;
      throw PROMOTIONS_ERRORS.stripeFailed();
    }
    const toggled = form.active !== undefined && Object.keys(form).length === 1;
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(PromotionEntity).update(id, {
        ...after,
        ...stripeIds,
        ...(replaced ? { current_uses: 0 } : {}),
      });
      await this.audit.record(manager, {
        adminId,
        type: toggled ? 'toggle_promotion' : 'update_promotion',
        details: {
          description: `${after.active !== before.active && Object.keys(form).length === 1 ? (after.active ? 'Activated' : 'Deactivated') : 'Edited'} promotion ${after.code}`,
          ...changedTerms(before, after),
        },
      });
      return toPromotionRecord(
        await manager.getRepository(PromotionEntity).findOneByOrFail({ id }),
      );
    });
  }

  /**
   * The row a create works on: a new one, or the one a failed attempt with the same form left
   * without Stripe ids. Any other row with the code means the code is taken.
   */
  private async reserve(terms: Terms): Promise<PromotionEntity> {
    const promotions = this.dataSource.getRepository(PromotionEntity);
    const existing = await promotions.findOneBy({ code: terms.code });
    if (existing) {
      const sameForm =
        !replacesCode(existing, terms) &&
        existing.name === terms.name &&
        existing.active === terms.active;
      if (!existing.stripe_promotion_code_id && sameForm) return existing;
      throw PROMOTIONS_ERRORS.codeTaken();
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO promotions (name, code, type, value, max_uses, expires_at, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [
        terms.name,
        terms.code,
        terms.type,
        terms.value,
        terms.max_uses,
        terms.expires_at,
        terms.active,
      ],
    )) as { id: string }[];
    if (!row) throw PROMOTIONS_ERRORS.codeTaken();
    return promotions.findOneByOrFail({ id: row.id });
  }

  /** The coupon and its promotion code; `key` (stored data) names both calls. */
  private async createAtStripe(key: string, terms: Terms): Promise<StripeIds> {
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
        ...(terms.expires_at ? { expires_at: Math.floor(terms.expires_at.getTime() / 1000) } : {}),
      },
      { idempotencyKey: `promotion:${key}:code` },
    );
    return { stripe_coupon_id: coupon.id, stripe_promotion_code_id: code.id };
  }
}
