import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { DEFAULT_PROMO_DAYS, PROMO_TYPES } from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import type { ApplyPromoDto, ComplimentaryAccessDto } from './dto/admin-user.dto.js';
import { findUser } from './find-user.js';
import { UserEntity } from './user.entity.js';
import { PROMO_STRIPE_WARNING } from './users.errors.js';
import { toMemberView, type MemberView } from './users.service.js';

/** Promos that are a discount at Stripe; the others are labels (and a price or a trial) only. */
const PROMO_COUPONS: Partial<Record<keyof typeof PROMO_TYPES, { percent_off: number }>> = {
  beta_tester: { percent_off: 50 },
  early_adopter: { percent_off: 25 },
};
export const COMPLIMENTARY_EXPIRY_QUEUE = 'complimentary-expiry';
export const PROMO_EXPIRY_QUEUE = 'promo-expiry';

/** Promos ended by one statement of the expiry sweep. */
const SWEEP_BATCH = 500;
const ENDED_PROMO = { promo_active: false, promo_type: null, promo_expiration_date: null };

interface EndedPromo {
  id: string;
  stripe_subscription_id: string | null;
  promo_type: keyof typeof PROMO_TYPES;
  promo_expiration_date: Date;
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/**
 * A user's promo label and complimentary access, and the sweeps that end them: promos each
 * minute (with their Stripe discount), complimentary access hourly.
 */
@Injectable()
export class UserPromosService implements OnModuleInit {
  private readonly logger = new Logger(UserPromosService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(COMPLIMENTARY_EXPIRY_QUEUE, { retryLimit: 2 });
    await this.jobs.schedule(COMPLIMENTARY_EXPIRY_QUEUE, '15 * * * *');
    await this.jobs.work(COMPLIMENTARY_EXPIRY_QUEUE, async () => {
      await this.expireComplimentary();
    });
    await this.jobs.createQueue(PROMO_EXPIRY_QUEUE, { retryLimit: 2 });
    await this.jobs.schedule(PROMO_EXPIRY_QUEUE, '* * * * *');
    await this.jobs.work(PROMO_EXPIRY_QUEUE, async () => {
      await this.expirePromos();
    });
  }

  /**
   * Applies a promo: the label with its expiry and, for a subscriber, the matching Stripe coupon
   * (percentage promos). Stripe's coupons last whole months, so the coupon lasts until removed
   * and the expiry sweep removes it when the label ends, to the day. The label stands even if
   * Stripe fails; the answer then carries a warning.
   */
  async applyPromo(
    adminId: string,
    id: string,
    form: ApplyPromoDto,
  ): Promise<MemberView & { warning?: string }> {
    const days = form.duration_days ?? DEFAULT_PROMO_DAYS;
    const { view, actionId } = await this.applyPromoLabel(adminId, id, form, days);
    const coupon = PROMO_COUPONS[form.type];
    if (!view.stripe_subscription_id || !coupon) return view;
    try {
      const couponId = `promo-${form.type}`;
      await this.stripe.coupons.retrieve(couponId).catch(async (error: { statusCode?: number }) => {
        if (error.statusCode !== 404) throw error;
        await this.stripe.coupons.create(
          {
            id: couponId,
            percent_off: coupon.percent_off,
            duration: 'forever',
            name: `${PROMO_TYPES[form.type].label} (${coupon.percent_off}% off)`,
          },
          { idempotencyKey: `coupon:${couponId}` },
        );
      });
      await this.stripe.subscriptions.update(
        view.stripe_subscription_id,
        { discounts: [{ coupon: couponId }] },
        { idempotencyKey: `promo:${actionId}` },
      );
      return view;
    } catch (error) {
      this.logger.warn(`Stripe coupon for ${id} failed: ${(error as Error).message}`);
      return { ...view, warning: PROMO_STRIPE_WARNING };
    }
  }

  private async applyPromoLabel(
    adminId: string,
    id: string,
    form: ApplyPromoDto,
    days: number,
  ): Promise<{ view: MemberView; actionId: string }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, id, true);
      const values = {
        promo_active: true,
        promo_type: form.type,
        promo_expiration_date: daysFromNow(days),
      };
      await manager.getRepository(UserEntity).update(id, values);
      const action = await this.audit.record(manager, {
        adminId,
        type: 'apply_promo',
        targetUserId: id,
        details: {
          description: `Applied promo ${PROMO_TYPES[form.type].label} for ${days} days${form.notes?.trim() ? `: ${form.notes.trim()}` : ''}`,
          old_values: {
            promo_active: user.promo_active,
            promo_type: user.promo_type,
            promo_expiration_date: user.promo_expiration_date,
          },
          new_values: { ...values, notes: form.notes?.trim() || null },
        },
      });
      return { view: toMemberView(await findUser(manager, id)), actionId: action.id };
    });
  }

  /** Removes the promo, and the subscriber's Stripe discount with it. */
  async removePromo(adminId: string, id: string): Promise<MemberView & { warning?: string }> {
    const view = await this.removePromoLabel(adminId, id);
    if (!view.stripe_subscription_id) return view;
    return (await this.removeDiscount(id, view.stripe_subscription_id))
      ? view
      : { ...view, warning: PROMO_STRIPE_WARNING };
  }

  /** Ends a subscription's Stripe discount, if it has one; false when Stripe failed (logged). */
  private async removeDiscount(userId: string, subscriptionId: string): Promise<boolean> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      if ((subscription.discounts ?? []).length > 0)
        await this.stripe.subscriptions.deleteDiscount(subscriptionId);
      return true;
    } catch (error) {
      this.logger.warn(
        `Removing the Stripe discount of ${userId} failed: ${(error as Error).message}`,
      );
      return false;
    }
  }

  /**
   * Ends the promos whose expiry has passed, as the system, and then their Stripe discounts;
   * answers how many ended. A batch at a time, each one statement and its audit entries in one
   * transaction; promos another sweep holds are left to it. A discount Stripe fails to remove is
   * logged, and the promo stays ended (the label is what the member and the back office read).
   */
  async expirePromos(): Promise<number> {
    let total = 0;
    for (;;) {
      const ended = await this.dataSource.transaction(async (manager) => {
        const { records } = (await manager.queryRunner!.query(
          `WITH due AS (
             SELECT id, promo_type, promo_expiration_date FROM users
              WHERE promo_active AND promo_expiration_date <= now()
              ORDER BY promo_expiration_date LIMIT $1
                FOR UPDATE SKIP LOCKED
           )
           UPDATE users SET promo_active = false, promo_type = NULL,
                            promo_expiration_date = NULL, updated_at = now()
             FROM due WHERE users.id = due.id
           RETURNING users.id, users.stripe_subscription_id, due.promo_type, due.promo_expiration_date`,
          [SWEEP_BATCH],
          true,
        )) as { records: EndedPromo[] };
        await this.audit.recordMany(
          manager,
          records.map((promo) => ({
            adminId: null,
            type: 'end_promo',
            targetUserId: promo.id,
            details: {
              description: `Promo ${PROMO_TYPES[promo.promo_type as keyof typeof PROMO_TYPES]?.label ?? promo.promo_type} ended at its expiry`,
              old_values: {
                promo_active: true,
                promo_type: promo.promo_type,
                promo_expiration_date: promo.promo_expiration_date,
              },
              new_values: ENDED_PROMO,
            },
          })),
        );
        return records;
      });
      for (const promo of ended)
        if (promo.stripe_subscription_id && PROMO_COUPONS[promo.promo_type])
          await this.removeDiscount(promo.id, promo.stripe_subscription_id);
      total += ended.length;
      if (ended.length < SWEEP_BATCH) return total;
    }
  }

  private async removePromoLabel(adminId: string, id: string): Promise<MemberView> {
    return this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, id, true);
      const values = { promo_active: false, promo_type: null, promo_expiration_date: null };
      await manager.getRepository(UserEntity).update(id, values);
      await this.audit.record(manager, {
        adminId,
        type: 'remove_promo',
        targetUserId: id,
        details: {
          description: 'Removed promo',
          old_values: {
            promo_active: user.promo_active,
            promo_type: user.promo_type,
            promo_expiration_date: user.promo_expiration_date,
          },
          new_values: values,
        },
      });
      return toMemberView(await findUser(manager, id));
    });
  }

  /** Complimentary access: the plan until the expiry (the hourly sweep ends it). */
  async grantComplimentary(
    adminId: string,
    id: string,
    form: ComplimentaryAccessDto,
  ): Promise<MemberView> {
    const days = form.duration_days ?? DEFAULT_PROMO_DAYS;
    return this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, id, true);
      const values: Partial<UserEntity> = {
        complimentary_plan: form.type,
        complimentary_expires_at: daysFromNow(days),
      };
      // A paying subscription keeps its own plan; otherwise the member gets the plan now.
      if (!user.stripe_subscription_id) {
        values.subscription_plan = form.type;
        values.subscription_status = 'active';
        values.current_period_end = values.complimentary_expires_at;
      }
      await manager.getRepository(UserEntity).update(id, values);
      await this.audit.record(manager, {
        adminId,
        type: 'grant_complimentary_access',
        targetUserId: id,
        details: {
          description: `Granted complimentary ${form.type} access for ${days} days${form.notes?.trim() ? `: ${form.notes.trim()}` : ''}`,
          old_values: {
            complimentary_plan: user.complimentary_plan,
            complimentary_expires_at: user.complimentary_expires_at,
            subscription_plan: user.subscription_plan,
          },
          new_values: { ...values, notes: form.notes?.trim() || null },
        },
      });
      return toMemberView(await findUser(manager, id));
    });
  }

  /** Ends complimentary access that has run out; answers how many ended. */
  async expireComplimentary(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const expired = await manager
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .setLock('pessimistic_write')
        .where('u.complimentary_expires_at <= now()')
        .getMany();
      for (const user of expired) {
        const values: Partial<UserEntity> = {
          complimentary_plan: null,
          complimentary_expires_at: null,
        };
        if (!user.stripe_subscription_id && user.subscription_plan === user.complimentary_plan) {
          values.subscription_plan = null;
          values.subscription_status = null;
          values.current_period_end = null;
        }
        await manager.getRepository(UserEntity).update(user.id, values);
        await this.audit.record(manager, {
          adminId: null,
          type: 'end_complimentary_access',
          targetUserId: user.id,
          details: {
            description: `Complimentary ${user.complimentary_plan} access ended`,
            old_values: {
              complimentary_plan: user.complimentary_plan,
              subscription_plan: user.subscription_plan,
            },
            new_values: values,
          },
        });
      }
      return expired.length;
    });
  }
}
