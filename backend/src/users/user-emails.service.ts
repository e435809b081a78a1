import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { ensureLinkedAccount } from '../auth/linked-account.js';
import { MailService } from '../mail/mail.service.js';
import { findUser } from './find-user.js';
import { UserWritesService } from './user-writes.service.js';
import { usersErrors } from './users.errors.js';

/** E-mails the back office sends a user: the welcome (password setup) and a password reset. */
@Injectable()
export class UserEmailsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly userWrites: UserWritesService,
  ) {}

  /**
   * Resend Welcome Email: the founding-member or welcome e-mail, with a password-setup link.
   * Refused once the user has set a password.
   */
  async sendWelcome(adminId: string, id: string): Promise<{ message: string }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, id, true);
      const account = await ensureLinkedAccount(manager, this.userWrites, user, {
        source: 'admin',
        confirmed: true,
      });
      if (user.password_set || account.password_hash) throw usersErrors.alreadySetUp();
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
      const user = await findUser(manager, id, true);
      const account = await ensureLinkedAccount(manager, this.userWrites, user, {
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
}
