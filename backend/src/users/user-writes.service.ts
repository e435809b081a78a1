import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import type { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { UserEntity } from './user.entity.js';

/** A member's billing contact, as the back office edits it or Stripe's customer holds it. */
export type BillingDetails = Pick<
  UserEntity,
  'billing_name' | 'billing_email' | 'billing_phone' | 'billing_address'
>;

/** What a Stripe subscription the member's plan follows writes on their row. */
export type SubscriptionState = Partial<
  Pick<
    UserEntity,
    | 'stripe_subscription_id'
    | 'subscription_status'
    | 'current_period_end'
    | 'subscription_plan'
    | 'founding_member_transitioned_at'
  >
>;

/** An active member stays active; any other becomes `paid` (until they set a password). */
const paidOrActive = (user: UserEntity) => (user.status === 'active' ? 'active' : 'paid');

/**
 * The users table's writes made for other features (sign-in, money, the newsletter,
 * reconciliation): only the users module writes it. Each method takes the caller's
 * EntityManager, so that it runs in the caller's transaction and under its locks; outside one,
 * callers pass `dataSource.manager`.
 */
@Injectable()
export class UserWritesService {
  private users(manager: EntityManager) {
    return manager.getRepository(UserEntity);
  }

  /** The row now belongs to this sign-in account. */
  async linkAccount(manager: EntityManager, userId: string, accountId: string): Promise<void> {
    await this.users(manager).update(userId, { auth_user_id: accountId });
  }

  /** A sign-up finds the customer's row (waitlist, purchase): linked, its blank names filled. */
  async linkSignup(
    manager: EntityManager,
    existing: UserEntity,
    account: AuthAccountEntity,
    names: { first_name: string; last_name: string },
  ): Promise<UserEntity> {
    const linked = {
      auth_user_id: account.id,
      first_name: existing.first_name || names.first_name,
      last_name: existing.last_name || names.last_name,
      password_set: existing.password_set || !!account.password_hash,
    };
    await this.users(manager).update(existing.id, linked);
    return { ...existing, ...linked };
  }

  /** A sign-up with no customer row yet: a pending member. */
  async createForSignup(
    manager: EntityManager,
    account: AuthAccountEntity,
    names: { first_name: string; last_name: string },
  ): Promise<UserEntity> {
    const users = this.users(manager);
    return users.save(
      users.create({
        email: account.email,
        ...names,
        status: 'pending',
        founding_member: false,
        auth_user_id: account.id,
        password_set: !!account.password_hash,
      }),
    );
  }

  /** A confirmed e-mail makes a pending member active. */
  async activateConfirmed(manager: EntityManager, accountId: string): Promise<void> {
    await this.users(manager).update(
      { auth_user_id: accountId, status: 'pending' },
      { status: 'active' },
    );
  }

  /** Whether the member has a password of their own (a change sets it, a dropped one clears it). */
  async setPasswordSet(manager: EntityManager, accountId: string, set: boolean): Promise<void> {
    await this.users(manager).update({ auth_user_id: accountId }, { password_set: set });
  }

  /** A password set through a reset or setup link: a pending or paid member becomes active. */
  async markPasswordSetByLink(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(
      `UPDATE users SET password_set = true, status = CASE WHEN status IN ('pending', 'paid') THEN 'active' ELSE status END, updated_at = now()
         WHERE auth_user_id = $1`,
      [accountId],
    );
  }

  /**
   * The administrator's row for the e-mail: created active, or promoted (an `inactive` one stays
   * so), linked to the account. Returns its id.
   */
  async promoteToAdmin(manager: EntityManager, email: string, accountId: string): Promise<string> {
    const users = this.users(manager);
    const user = await users.findOneBy({ email });
    if (!user) {
      const { identifiers } = await users.insert({
        email,
        status: 'active',
        is_admin: true,
        password_set: true,
        auth_user_id: accountId,
      });
      return identifiers[0].id as string;
    }
    await users.update(user.id, {
      is_admin: true,
      auth_user_id: accountId,
      password_set: true,
      status: user.status === 'inactive' ? user.status : 'active',
    });
    return user.id;
  }

  /** A founding buyer's row, pending, unless one exists for the e-mail (the unique e-mail decides). */
  async insertBuyerUnlessExists(manager: EntityManager, email: string): Promise<void> {
    await this.users(manager)
      .createQueryBuilder()
      .insert()
      .values({ email, status: 'pending', founding_member: false })
      .orIgnore()
      .execute();
  }

  /** The buyer's name and phone from the checkout, for the fields the member left blank. */
  async fillBuyerDetails(
    manager: EntityManager,
    userId: string,
    details: Partial<Pick<UserEntity, 'first_name' | 'last_name' | 'phone'>>,
  ): Promise<void> {
    await this.users(manager).update(userId, details);
  }

  /** A paid founding checkout: the member, linked, on the founding plan with its customer. */
  async recordFoundingPurchase(
    manager: EntityManager,
    user: UserEntity,
    paid: { accountId: string; customerId: string | null; subscriptionId: string | null },
  ): Promise<void> {
    await this.users(manager).update(user.id, {
      auth_user_id: paid.accountId,
      status: paidOrActive(user),
      founding_member: true,
      founding_member_purchased_at: user.founding_member_purchased_at ?? new Date(),
      stripe_customer_id: paid.customerId,
      stripe_subscription_id: paid.subscriptionId,
      subscription_plan: 'founding_member',
      subscription_status: 'active',
    });
  }

  /** A paid plan checkout: the member's Stripe customer and subscription. */
  async recordPlanCheckout(
    manager: EntityManager,
    userId: string,
    stripe: { customerId: string; subscriptionId: string },
  ): Promise<void> {
    await this.users(manager).update(userId, {
      stripe_customer_id: stripe.customerId,
      stripe_subscription_id: stripe.subscriptionId,
    });
  }

  /** The subscription the member's plan follows, as Stripe has it. */
  async setSubscriptionState(
    manager: EntityManager,
    userId: string,
    state: SubscriptionState,
  ): Promise<void> {
    await this.users(manager).update(userId, state);
  }

  /** Marks the founding reminder sent; false when it already was (another run sent it). */
  async markFoundingReminderSent(manager: EntityManager, userId: string): Promise<boolean> {
    const marked = await manager.update(
      UserEntity,
      { id: userId, founding_reminder_sent_at: IsNull() },
      { founding_reminder_sent_at: new Date() },
    );
    return !!marked.affected;
  }

  /** The billing contact, and when it was last taken from Stripe when it was. */
  async setBillingDetails(
    manager: EntityManager,
    userId: string,
    details: BillingDetails & { last_sync_at?: Date },
  ): Promise<void> {
    await this.users(manager).update(userId, details);
  }

  /** The member's row was just brought in step with Stripe. */
  async markSynced(manager: EntityManager, userId: string): Promise<void> {
    await this.users(manager).update(userId, { last_sync_at: new Date() });
  }

  /** The member of this address has these notification switches set (the others stay). */
  async setNotificationPreferences(
    manager: EntityManager,
    email: string,
    preferences: Record<string, boolean>,
  ): Promise<void> {
    await manager.query(
      `UPDATE users SET notification_preferences = notification_preferences || $2::jsonb, updated_at = now()
          WHERE email = $1`,
      [email, JSON.stringify(preferences)],
    );
  }

  /** A recovered customer who paid: `paid` until they set a password, unless already active. */
  async markPaid(manager: EntityManager, user: UserEntity): Promise<void> {
    await this.users(manager).update(user.id, { status: paidOrActive(user) });
  }

  /**
   * A paying Stripe customer we had no account for: their row (the existing one, or a new one
   * named as Stripe names them), linked to the account and their subscription.
   */
  async saveReconciledCustomer(
    manager: EntityManager,
    existing: UserEntity | null,
    customer: {
      email: string;
      firstName: string;
      lastName: string;
      accountId: string;
      customerId: string;
      subscriptionId: string;
    },
  ): Promise<UserEntity> {
    const users = this.users(manager);
    const values = {
      auth_user_id: customer.accountId,
      stripe_customer_id: customer.customerId,
      stripe_subscription_id: customer.subscriptionId,
      status: existing?.status === 'active' ? 'active' : 'paid',
    };
    return existing
      ? users.save({ ...existing, ...values })
      : users.save(
          users.create({
            email: customer.email,
            first_name: customer.firstName,
            last_name: customer.lastName,
            ...values,
          }),
        );
  }
}
