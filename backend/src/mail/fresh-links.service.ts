import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import type { AuthTokenKind } from '../auth/auth-token.entity.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { usersErrors } from '../users/users.errors.js';
import type { EmailEntity } from './email.entity.js';
import { carriesToken, linkPage } from './link-tokens.js';
import { MAIL_ERRORS } from './mail.errors.js';
import { NewsletterLinks } from './newsletter-links.js';

/** The account token a link page consumes; a reset e-mail's page also takes setup tokens. */
function tokenKind(page: string, template: string): AuthTokenKind | undefined {
  if (page === '/confirm-email') return 'email_confirmation';
  if (page === '/setup-password')
    return template === 'password-reset' ? 'password_reset' : 'password_setup';
  return undefined;
}

/**
 * Fresh links for a resent e-mail. The outbox keeps no live token once an e-mail is delivered,
 * and a link that was shown or stored should not be sent again: a resend mints a new token for
 * the recipient's account and retires the older ones of its kind, as a new request would.
 */
@Injectable()
export class FreshLinksService {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly links: NewsletterLinks,
  ) {}

  /** The e-mail's data with every token link replaced by a fresh one, in the caller's transaction. */
  async renew(manager: EntityManager, email: EmailEntity): Promise<Record<string, unknown>> {
    const data = { ...email.data };
    for (const [key, value] of Object.entries(data))
      if (typeof value === 'string' && carriesToken(value))
        data[key] = await this.freshLink(manager, email, linkPage(value));
    return data;
  }

  private async freshLink(
    manager: EntityManager,
    email: EmailEntity,
    page: string,
  ): Promise<string> {
    if (page === '/newsletter/confirm') return this.links.confirmPath(email.to_email);
    const kind = tokenKind(page, email.template);
    if (!kind) throw MAIL_ERRORS.linkNotResendable();
    const account = await this.accountFor(manager, email.to_email, kind);
    await this.tokens.retire(manager, account.id, [kind]);
    return `${page}#token=${await this.tokens.create(manager, account.id, kind)}`;
  }

  /** The account that now uses the recipient's address, if a link of this kind still makes sense for it. */
  private async accountFor(
    manager: EntityManager,
    to: string,
    kind: AuthTokenKind,
  ): Promise<AuthAccountEntity> {
    const account = await manager.getRepository(AuthAccountEntity).findOne({
      where: { email: to },
      lock: { mode: 'pessimistic_write' },
    });
    if (!account) throw MAIL_ERRORS.noAccount();
    if (kind === 'email_confirmation' && account.email_confirmed_at)
      throw MAIL_ERRORS.alreadyConfirmed();
    if (kind === 'password_setup' && account.password_hash) throw usersErrors.alreadySetUp();
    return account;
  }
}
