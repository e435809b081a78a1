import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type Stripe from 'stripe';
import { Brackets, DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  DEFAULT_PROMO_DAYS,
  PROMO_TYPES,
  type RoleRef,
  displayStatus,
  planBadge,
  type UserSegment,
} from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { ensureLinkedAccount } from '../auth/linked-account.js';
import { normaliseEmail } from '../common/email.js';
import { AppException } from '../common/app.exception.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { RolesService } from '../roles/roles.service.js';
import { UserEntity } from '../users/user.entity.js';
import { toMemberView, type MemberView } from '../users/users.service.js';
import type {
  ApplyPromoDto,
  ComplimentaryAccessDto,
  CreateUserDto,
  UpdateUserDto,
} from './dto/admin-user.dto.js';
import { containsPattern, idsFilter, type ListQuery } from '../common/list-query.js';
import { isUuid } from '../common/ids.js';

export const USER_SORTABLE = [
  'created_at',
  'updated_at',
  'email',
  'first_name',
  'last_name',
  'status',
  'subscription_plan',
] as const;

const EXPORT_BATCH = 1_000;

/** Promos that are a discount at Stripe; the others are labels (and a price or a trial) only. */
const PROMO_COUPONS: Partial<Record<keyof typeof PROMO_TYPES, { percent_off: number }>> = {
  beta_tester: { percent_off: 50 },
  early_adopter: { percent_off: 25 },
};
export const PROMO_STRIPE_WARNING = 'Promo saved, but the Stripe discount could not be updated';
export const COMPLIMENTARY_EXPIRY_QUEUE = 'complimentary-expiry';

const notFound = () => new AppException('not_found', 404, 'User not found.');
const emailTaken = () =>
  new AppException('email_taken', 409, 'This email is already in use. Please choose another one.');

/** The fields an audit row compares, old and new. */
function changed<T extends object>(before: T, after: Partial<T>) {
  const keys = (Object.keys(after) as (keyof T)[]).filter(
    (key) => after[key] !== undefined && String(before[key] ?? '') !== String(after[key] ?? ''),
  );
  return {
    keys,
    old_values: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    new_values: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/** The back office's users: list, search, export, create, edit, promos, e-mails, activity. */
@Injectable()
export class AdminUsersService implements OnModuleInit {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly roles: RolesService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(COMPLIMENTARY_EXPIRY_QUEUE, { retryLimit: 2 });
    await this.jobs.schedule(COMPLIMENTARY_EXPIRY_QUEUE, '15 * * * *');
    await this.jobs.work(COMPLIMENTARY_EXPIRY_QUEUE, async () => {
      await this.expireComplimentary();
    });
  }

  /** The users matching a list filter: `q` (search), `segment`, and equality on a few fields. */
  filtered(filter: Record<string, unknown>): SelectQueryBuilder<UserEntity> {
    const builder = this.dataSource.getRepository(UserEntity).createQueryBuilder('u');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('u.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (q)
      builder.andWhere(
        new Brackets((where) =>
          where
            // As text: the trigram index is on text; citext's own ILIKE cannot use it.
            .where('u.email::text ILIKE :q', { q: containsPattern(q) })
            .orWhere('u.first_name ILIKE :q')
            .orWhere('u.last_name ILIKE :q'),
        ),
      );
    const segment = filter.segment as UserSegment | 'all' | undefined;
    switch (segment) {
      case undefined:
      case 'all':
        break;
      case 'admins':
        builder.andWhere('u.is_admin = true');
        break;
      case 'founding_members':
        builder.andWhere('u.founding_member = true');
        break;
      case 'active':
      case 'paid':
      case 'pending':
      case 'inactive':
        builder.andWhere('u.status = :segment', { segment });
        break;
      default:
        throw new AppException(
          'validation_failed',
          400,
          `Unknown user filter: ${String(segment)}.`,
        );
    }
    for (const field of ['status', 'subscription_plan', 'subscription_status'] as const)
      if (typeof filter[field] === 'string')
        builder.andWhere(`u.${field} = :${field}`, { [field]: filter[field] });
    for (const field of ['is_admin', 'founding_member'] as const)
      if (typeof filter[field] === 'boolean')
        builder.andWhere(`u.${field} = :${field}`, { [field]: filter[field] });
    return builder;
  }

  view(user: UserEntity): MemberView {
    return toMemberView(user);
  }

  async get(id: string): Promise<MemberView & { roles: RoleRef[] }> {
    const user = await this.find(this.dataSource.manager, id);
    return { ...this.view(user), roles: (await this.roles.rolesOf([id])).get(id)! };
  }

  /** users.csv for the current search and filter, read in keyset batches: memory stays flat. */
  exportCsv(query: Pick<ListQuery, 'filter'>): Readable {
    const rows = async function* (this: AdminUsersService) {
      let after: { created_at: Date; id: string } | undefined;
      for (;;) {
        const builder = this.filtered(query.filter)
          .select([
            'u.id',
            'u.email',
            'u.first_name',
            'u.last_name',
            'u.is_admin',
            'u.founding_member',
            'u.subscription_plan',
            'u.status',
            'u.stripe_customer_id',
            'u.password_set',
            'u.created_at',
          ])
          .orderBy('u.created_at', 'DESC')
          .addOrderBy('u.id', 'DESC')
          .limit(EXPORT_BATCH);
        if (after)
          builder.andWhere('(u.created_at, u.id) < (:createdAt, :id)', {
            createdAt: after.created_at,
            id: after.id,
          });
        const batch = await builder.getMany();
        for (const user of batch)
          yield [
            user.email,
            `${user.first_name} ${user.last_name}`.trim() || 'N/A',
            user.is_admin ? 'Admin' : 'User',
            planBadge(user).label,
            displayStatus(user),
            user.created_at.toISOString().slice(0, 10),
          ];
        if (batch.length < EXPORT_BATCH) return;
        after = batch.at(-1)!;
      }
    }.call(this);
    return Readable.from(rows).pipe(
      stringify({
        header: true,
        columns: ['Email', 'Name', 'Role', 'Subscription', 'Status', 'Joined'],
      }),
    );
  }

  /** Creates the user and an account without a password (the welcome e-mail sets it up). */
  async create(adminId: string, form: CreateUserDto): Promise<MemberView> {
    const email = normaliseEmail(form.email);
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const accounts = manager.getRepository(AuthAccountEntity);
      if ((await users.existsBy({ email })) || (await accounts.existsBy({ email })))
        throw emailTaken();
      const values = {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        phone: form.phone?.trim() || null,
        company: form.company?.trim() || null,
        job_title: form.job_title?.trim() || null,
        subscription_plan: form.subscription_plan ?? 'prospector',
        status: form.status ?? 'active',
        is_admin: form.is_admin ?? false,
        founding_member: form.founding_member ?? false,
      };
      const account = await accounts.save(
        accounts.create({
          email,
          email_confirmed_at: new Date(),
          metadata: {
            name: `${values.first_name} ${values.last_name}`,
            source: 'admin',
            first_name: values.first_name,
            last_name: values.last_name,
          },
        }),
      );
      const user = await users.save(users.create({ email, auth_user_id: account.id, ...values }));
      await this.audit.record(manager, {
        adminId,
        type: 'create_user',
        targetUserId: user.id,
        details: {
          description: `Created user ${email}`,
          old_values: null,
          new_values: { email, ...values },
        },
      });
      return this.view(user);
    });
  }

  async update(adminId: string, id: string, form: UpdateUserDto): Promise<MemberView> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, id, true);
      const next: Partial<UserEntity> = Object.fromEntries(
        Object.entries(form).map(([key, value]) => [
          key,
          typeof value === 'string' ? value.trim() || (key === 'email' ? value : null) : value,
        ]),
      );
      if (next.email) next.email = normaliseEmail(next.email);
      if (next.first_name === null) next.first_name = '';
      if (next.last_name === null) next.last_name = '';
      const diff = changed(user, next);
      if (diff.keys.length === 0) return this.view(user);
      if (next.email && next.email !== user.email) {
        const users = manager.getRepository(UserEntity);
        const accounts = manager.getRepository(AuthAccountEntity);
        if (
          (await users.existsBy({ email: next.email })) ||
          (await accounts
            .createQueryBuilder('a')
            .where('a.email = :email AND a.id IS DISTINCT FROM :own', {
              email: next.email,
              own: user.auth_user_id,
            })
            .getExists())
        )
          throw emailTaken();
        // The sign-in e-mail follows the customer's.
        if (user.auth_user_id) await accounts.update(user.auth_user_id, { email: next.email });
      }
      const values = Object.fromEntries(diff.keys.map((key) => [key, next[key]]));
      await manager.getRepository(UserEntity).update(id, values);
      await this.audit.record(manager, {
        adminId,
        type: 'update_user',
        targetUserId: id,
        details: {
          description: `Updated ${diff.keys.join(', ')}`,
          old_values: diff.old_values,
          new_values: diff.new_values,
        },
      });
      return this.view(await this.find(manager, id));
    });
  }

  /**
   * Applies a promo: the label with its expiry and, for a subscriber, the matching Stripe coupon
   * for the same time (percentage promos). The label stands even if Stripe fails; the answer then
   * carries a warning.
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
    const months = Math.max(1, Math.ceil(days / 30));
    try {
      const couponId = `promo-${form.type}-${months}m`;
      await this.stripe.coupons.retrieve(couponId).catch(async (error: { statusCode?: number }) => {
        if (error.statusCode !== 404) throw error;
        await this.stripe.coupons.create(
          {
            id: couponId,
            percent_off: coupon.percent_off,
            duration: 'repeating',
            duration_in_months: months,
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
      const user = await this.find(manager, id, true);
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
      return { view: this.view(await this.find(manager, id)), actionId: action.id };
    });
  }

  /** Removes the promo, and the subscriber's Stripe discount with it. */
  async removePromo(adminId: string, id: string): Promise<MemberView & { warning?: string }> {
    const view = await this.removePromoLabel(adminId, id);
    if (!view.stripe_subscription_id) return view;
    try {
      const subscription = await this.stripe.subscriptions.retrieve(view.stripe_subscription_id);
      if ((subscription.discounts ?? []).length > 0)
        await this.stripe.subscriptions.deleteDiscount(view.stripe_subscription_id);
      return view;
    } catch (error) {
      this.logger.warn(`Removing the Stripe discount of ${id} failed: ${(error as Error).message}`);
      return { ...view, warning: PROMO_STRIPE_WARNING };
    }
  }

  private async removePromoLabel(adminId: string, id: string): Promise<MemberView> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, id, true);
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
      return this.view(await this.find(manager, id));
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
      const user = await this.find(manager, id, true);
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
      return this.view(await this.find(manager, id));
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

  /**
   * Resend Welcome Email: the founding-member or welcome e-mail, with a password-setup link.
   * Refused once the user has set a password.
   */
  async sendWelcome(adminId: string, id: string): Promise<{ message: string }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, id, true);
      const account = await ensureLinkedAccount(manager, user, {
        source: 'admin',
        confirmed: true,
      });
      if (user.password_set || account.password_hash)
        throw new AppException('already_set_up', 409, 'User has already set up their account');
      const link = `/setup-password#token=${await this.tokens.create(manager, account.id, 'password_setup')}`;
      const kind = user.founding_member ? 'Founding Member' : 'Welcome';
      if (user.founding_member)
        await this.mail.enqueue(manager, {
          to: user.email,
          template: 'founding-member-welcome',
          data: { firstName: user.first_name, setupLink: link },
          userId: user.id,
        });
      else
        await this.mail.enqueue(manager, {
          to: user.email,
          template: 'welcome',
          data: { firstName: user.first_name, link },
          userId: user.id,
        });
      await this.audit.record(manager, {
        adminId,
        type: 'send_welcome_email',
        targetUserId: id,
        details: { description: `${kind} email sent to ${user.email}` },
      });
      return { message: `${kind} email sent to ${user.email}` };
    });
  }

  async sendPasswordReset(adminId: string, id: string): Promise<{ message: string }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, id, true);
      const account = await ensureLinkedAccount(manager, user, {
        source: 'admin',
        confirmed: true,
      });
      // A new link replaces older ones, so only the latest e-mail works.
      await this.tokens.retire(manager, account.id, ['password_reset']);
      const token = await this.tokens.create(manager, account.id, 'password_reset');
      await this.mail.enqueue(manager, {
        to: user.email,
        template: 'password-reset',
        data: { firstName: user.first_name, link: `/setup-password#token=${token}` },
        userId: user.id,
      });
      await this.audit.record(manager, {
        adminId,
        type: 'send_password_reset',
        targetUserId: id,
        details: { description: `Password reset sent to ${user.email}` },
      });
      return { message: `Password reset sent to ${user.email}` };
    });
  }

  /** The audit trail about the user (billing changes included), newest first. */
  async activity(id: string): Promise<ActivityEntry[]> {
    await this.find(this.dataSource.manager, id);
    return (await this.dataSource.query(
      `SELECT a.id, a.created_at, a.action_type AS type, a.outcome,
              a.details->>'description' AS description,
              a.details->'old_values' AS old_values, a.details->'new_values' AS new_values,
              COALESCE(NULLIF(trim(admin.first_name || ' ' || admin.last_name), ''), admin.email, 'System') AS admin_name
         FROM admin_actions a LEFT JOIN users admin ON admin.id = a.admin_id
        WHERE a.target_user_id = $1
        ORDER BY a.created_at DESC, a.id DESC
       LIMIT 200`,
      [id],
    )) as ActivityEntry[];
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<UserEntity> {
    if (!isUuid(id)) throw notFound();
    const user = await manager.getRepository(UserEntity).findOne({
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) throw notFound();
    return user;
  }
}

export interface ActivityEntry {
  id: string;
  created_at: Date;
  type: string;
  description: string;
  admin_name: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}
