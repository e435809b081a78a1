import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { UserEntity } from '../users/user.entity.js';
import { AuthAccountEntity } from './auth-account.entity.js';
import { AuthTokensService } from './auth-tokens.service.js';
import type { ClientInfo } from './auth.service.js';
import { normaliseEmail } from '../common/email.js';

const ACCOUNT_EMAILS_QUEUE = 'account-emails';

interface AccountEmailJob {
  kind: 'password-reset' | 'confirmation';
  email: string;
}

/**
 * Password-reset and confirmation e-mails requested by address. The request only queues a job,
 * so it answers the same, in the same time, whether or not the account exists; the job looks
 * the account up and sends the link.
 */
@Injectable()
export class AccountEmailsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly tokens: AuthTokensService,
    private readonly rateLimits: RateLimitService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(ACCOUNT_EMAILS_QUEUE, {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    });
    await this.jobs.work<AccountEmailJob>(ACCOUNT_EMAILS_QUEUE, (job) => this.handle(job.data));
  }

  async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
    await this.rateLimits.consume('recover', client.ip);
    await this.jobs.send(ACCOUNT_EMAILS_QUEUE, {
      kind: 'password-reset',
      email: normaliseEmail(email),
    } satisfies AccountEmailJob);
  }

  async requestConfirmation(email: string, client: ClientInfo): Promise<void> {
    await this.rateLimits.consume('recover', client.ip);
    await this.jobs.send(ACCOUNT_EMAILS_QUEUE, {
      kind: 'confirmation',
      email: normaliseEmail(email),
    } satisfies AccountEmailJob);
  }

  async handle({ kind, email }: AccountEmailJob): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const account = await manager.getRepository(AuthAccountEntity).findOneBy({ email });
      if (!account) return;
      const user = await manager.getRepository(UserEntity).findOneBy({ auth_user_id: account.id });
      const firstName = user?.first_name || account.metadata.first_name || undefined;
      if (kind === 'password-reset') {
        // A new link replaces older ones, so only the latest e-mail works.
        await this.tokens.retire(manager, account.id, ['password_reset']);
        const token = await this.tokens.create(manager, account.id, 'password_reset');
        await this.mail.enqueue(manager, {
          to: account.email,
          template: 'password-reset',
          data: { firstName, link: `/setup-password#token=${token}` },
          userId: user?.id ?? null,
        });
      } else if (!account.email_confirmed_at) {
        await this.tokens.retire(manager, account.id, ['email_confirmation']);
        const token = await this.tokens.create(manager, account.id, 'email_confirmation');
        await this.mail.enqueue(manager, {
          to: account.email,
          template: 'confirm-email',
          data: { link: `/confirm-email#token=${token}` },
          userId: user?.id ?? null,
        });
      }
    });
  }
}
