import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { MfaService } from '../auth/mfa/mfa.service.js';
import { PasswordsService } from '../auth/passwords.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { AppException } from '../common/app.exception.js';
import { LeadMemberDataService } from '../leads/member-data/lead-member-data.service.js';
import { MailService } from '../mail/mail.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { findUserByAccount } from './find-user.js';
import { UserEntity } from './user.entity.js';

/** Subscriptions Stripe still bills, which deletion ends at once. */
const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/** The address a deleted member's rows carry instead of theirs: unique, and never deliverable. */
export const anonymousEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * "Delete my account": after the password (and a two-step code when enrolled), cancels any Stripe subscription at once, then in one
 * transaction ends every sign-in, removes the sign-in account, unsubscribes the newsletter,
 * anonymises the `users` row and what else names the member (their e-mails, founding holds),
 * records it and queues a confirmation to the address they had. Payments and audit rows stay,
 * with the anonymised reference, as accounting needs them.
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
      throw new AppException('invalid_password', 400, MESSAGES.settings.currentPasswordWrong);
    await attempt.succeeded();
    await this.mfa.confirmIfEnrolled(accountId, code);

    const user = await findUserByAccount(this.dataSource.manager, accountId);
    await this.cancelSubscription(user);
    await this.dataSource.transaction(async (manager) => {
      const email = user.email;
      await this.sessions.endAll(manager, accountId);
      await manager.delete(AuthAccountEntity, { id: accountId });
      await manager.query(
        `UPDATE newsletter_subscriptions SET status = 'unsubscribed', first_name = NULL,
            last_name = NULL, updated_at = now() WHERE email = $1`,
        [email],
      );
      const anonymous = anonymousEmail(user.id);
      await manager.query(
        `UPDATE emails SET to_email = $1, data = '{}'::jsonb, updated_at = now()
          WHERE user_id = $2 OR to_email = $3`,
        [anonymous, user.id, email],
      );
      await manager.query(
        `UPDATE founding_reservations SET email = $1, first_name = NULL, last_name = NULL, phone = NULL,
            client_ip = NULL, updated_at = now() WHERE email = $2`,
        [anonymous, email],
      );
      await manager.getRepository(UserEntity).update(user.id, {
        email: anonymous,
        first_name: '',
        last_name: '',
        phone: null,
        company: null,
        job_title: null,
        billing_name: null,
        billing_email: null,
        billing_phone: null,
        billing_address: null,
        status: 'deleted',
        deleted_at: new Date(),
        is_admin: false,
      });
      await manager.query(`DELETE FROM admin_roles WHERE user_id = $1`, [user.id]);
      // The lead workspace (leads are third parties' personal data): erased, not anonymised.
      await this.leadData.eraseFor(manager, user.id);
      await this.audit.record(manager, {
        adminId: user.id,
        type: 'member_delete_account',
        targetUserId: user.id,
        details: { description: 'Deleted their account' },
      });
      await this.mail.enqueue(manager, { to: email, template: 'account-deleted', data: {} });
    });
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
      throw new AppException(
        'stripe_failed',
        502,
        'Your subscription could not be cancelled, so your account was not deleted. Please try again.',
      );
    }
  }
}
