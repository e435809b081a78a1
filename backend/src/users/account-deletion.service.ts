import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { MfaService } from '../auth/mfa/mfa.service.js';
import { PasswordsService } from '../auth/passwords.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { LeadMemberDataService } from '../leads/member-data/lead-member-data.service.js';
import { MailService } from '../mail/mail.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { findUserByAccount } from './find-user.js';
import { ERASURES } from './personal-data.js';
import { erasedPerson } from './personal-data-scrub.js';
import { StripeCustomerErasureService } from './stripe-customer-erasure.service.js';
import { UserEntity } from './user.entity.js';
import { usersErrors } from './users.errors.js';

/** Subscriptions Stripe still bills, which deletion ends at once. */
const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

export { anonymousEmail } from './deleted-account.js';

/**
 * "Delete my account": after the password (and a two-step code when enrolled), cancels any
 * Stripe subscription and open founding checkout at once, then in one transaction ends every
 * sign-in and erases what personal-data.ts lists (the sign-in account, the profile, the
 * newsletter row, e-mails, holds, audit and event text), records it and queues a confirmation to
 * the address they had; then anonymises the Stripe customer. Payments and audit rows stay, with
 * the anonymised reference, as accounting needs them. The row stays `deleted` for good: the
 * database keeps it from a sign-in account and from another status.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly passwords: PasswordsService,
    private readonly limits: RateLimitService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly mfa: MfaService,
    private readonly stripeCustomer: StripeCustomerErasureService,
    private readonly leadData: LeadMemberDataService,
  ) {}

  async delete(accountId: string, password: string, code?: string): Promise<void> {
    const attempt = await this.limits.reservePasswordCheck(accountId);
    const account = await this.dataSource
      .getRepository(AuthAccountEntity)
      .findOneByOrFail({ id: accountId })
      .catch(async (error: unknown) => {
        await attempt.release();
        throw error;
      });
    if (!(await this.passwords.verify(account.password_hash, password)))
      throw usersErrors.wrongPassword();
    await attempt.succeeded();
    await this.mfa.confirmIfEnrolled(accountId, code);

    const user = await findUserByAccount(this.dataSource.manager, accountId);
    await this.cancelSubscription(user);
    await this.expireOpenCheckouts(user);
    await this.dataSource.transaction(async (manager) => {
      const person = erasedPerson(user);
      await this.sessions.endAll(manager, accountId);
      for (const erasure of ERASURES) await erasure.erase(manager, person);
      // The lead workspace (leads are third parties' personal data): erased, not anonymised.
      await this.leadData.eraseFor(manager, user.id);
      await this.audit.record(manager, {
        adminId: user.id,
        type: 'member_delete_account',
        targetUserId: user.id,
        details: { description: 'Deleted their account' },
      });
      // The one e-mail that still names them; its address is forgotten once it has gone.
      await this.mail.enqueue(manager, {
        to: person.email,
        template: 'account-deleted',
        data: {},
        userId: user.id,
      });
    });
    if (user.stripe_customer_id) await this.stripeCustomer.erase(user.stripe_customer_id);
  }

  /**
   * A founding checkout still open would, once paid, bring the account's row back into use:
   * deletion ends it first (Stripe refuses to pay an expired session).
   */
  private async expireOpenCheckouts(user: UserEntity): Promise<void> {
    const open = (await this.dataSource.query(
      `SELECT stripe_checkout_session_id AS id FROM founding_reservations
        WHERE (user_id = $1 OR email = $2) AND status = 'pending' AND stripe_checkout_session_id IS NOT NULL`,
      [user.id, user.email],
    )) as { id: string }[];
    try {
      for (const { id } of open)
        if ((await this.stripe.checkout.sessions.retrieve(id)).status === 'open')
          await this.stripe.checkout.sessions.expire(id);
    } catch (error) {
      this.logger.error(
        `Could not expire a checkout of deleted account ${user.id}: ${(error as Error).message}`,
      );
      throw usersErrors.checkoutNotExpired();
    }
    await this.dataSource.query(
      `UPDATE founding_reservations SET status = 'released', updated_at = now()
        WHERE (user_id = $1 OR email = $2) AND status = 'pending'`,
      [user.id, user.email],
    );
  }

  /** Ends the member's running subscription in Stripe now: nothing more will be charged. */
  private async cancelSubscription(user: UserEntity): Promise<void> {
    const id = user.stripe_subscription_id;
    if (!id || !RUNNING.has(user.subscription_status ?? '')) return;
    try {
      await this.stripe.subscriptions.cancel(id, {}, { idempotencyKey: `${id}:account-deleted` });
    } catch (error) {
      this.logger.error(
        `Could not cancel subscription ${id} of deleted account ${user.id}: ${(error as Error).message}`,
      );
      throw usersErrors.subscriptionNotCancelled();
    }
  }
}
