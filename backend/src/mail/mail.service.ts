import { Injectable } from '@nestjs/common';
import type { EmailDetail, EmailRecord } from '@leadpulse/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import {
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  uuidFilter,
  type ListQuery,
} from '../common/list-query.js';
import { AppConfig } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { isDeletedAddress } from '../users/deleted-account.js';
import { usersErrors } from '../users/users.errors.js';
import { EmailEntity } from './email.entity.js';
import { FreshLinksService } from './fresh-links.service.js';
import { toEmailRecord } from './email.mapper.js';
import { maskTokens } from './link-tokens.js';
import { NewsletterLinks } from './newsletter-links.js';
import {
  renderEmail,
  isTemplateName,
  type RenderedEmail,
  type TemplateData,
  type TemplateName,
} from './mail-templates.js';
import { MAIL_ERRORS } from './mail.errors.js';

export const MAIL_DELIVERY_QUEUE = 'mail-delivery';

/** The confirmation of a deletion: the one e-mail written for an account already deleted. */
const ACCOUNT_DELETED_TEMPLATE: TemplateName = 'account-deleted';

export interface EmailToSend<T extends TemplateName> {
  to: string;
  template: T;
  data: TemplateData[T];
  /** The user the e-mail concerns, if any. */
  userId?: string | null;
}

/** The one way the product sends e-mail: through the outbox, then a delivery job. */
@Injectable()
export class MailService {
  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly links: NewsletterLinks,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly freshLinks: FreshLinksService,
  ) {}

  /**
   * Writes the e-mail and its delivery job in the caller's transaction, so the e-mail exists if
   * and only if the change that caused it commits. Nothing is written for a deleted account
   * (except the deletion's own confirmation): `null`.
   */
  async enqueue<T extends TemplateName>(
    manager: EntityManager,
    email: EmailToSend<T> & { userId?: null },
  ): Promise<EmailEntity>;
  async enqueue<T extends TemplateName>(
    manager: EntityManager,
    email: EmailToSend<T>,
  ): Promise<EmailEntity | null>;
  async enqueue<T extends TemplateName>(
    manager: EntityManager,
    email: EmailToSend<T>,
  ): Promise<EmailEntity | null> {
    if (email.userId && !(await this.recipientRemains(manager, email.userId, email.template)))
      return null;
    const data = await this.withoutUnconfirmedName(
      manager,
      email.to,
      email.data as unknown as Record<string, unknown>,
    );
    // Rendering now fails fast on a bad link and fixes the subject the log shows.
    const { subject } = this.render(email.template, data, email.to);
    const row = await manager.getRepository(EmailEntity).save(
      manager.getRepository(EmailEntity).create({
        to_email: email.to,
        template: email.template,
        subject,
        data,
        user_id: email.userId ?? null,
      }),
    );
    await this.jobs.send(MAIL_DELIVERY_QUEUE, { emailId: row.id }, { manager });
    return row;
  }

  /**
   * Whether the user the e-mail concerns still has an account, their row locked until the
   * caller commits: an account deletion then waits, and its erasure of e-mails sees this one; or
   * it went first, and nothing of theirs is written after it.
   */
  private async recipientRemains(
    manager: EntityManager,
    userId: string,
    template: TemplateName,
  ): Promise<boolean> {
    const [user] = (await manager.query(
      `SELECT status FROM users WHERE id = $1 FOR NO KEY UPDATE`,
      [userId],
    )) as { status: string }[];
    return user?.status !== 'deleted' || template === ACCOUNT_DELETED_TEMPLATE;
  }

  /**
   * The data without the recipient's name unless their address is confirmed: before that, the
   * name is whatever someone typed in a form (a waitlist, a sign-up, a checkout) for mail we send
   * to an address they need not own, and a greeting would put their words in our e-mail.
   */
  private async withoutUnconfirmedName(
    manager: EntityManager,
    to: string,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (data.firstName === undefined) return data;
    const [{ confirmed }] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM auth_accounts WHERE email = $1 AND email_confirmed_at IS NOT NULL) AS confirmed`,
      [to],
    )) as { confirmed: boolean }[];
    if (confirmed) return data;
    const { firstName: _name, ...rest } = data;
    return rest;
  }

  /**
   * Queues a fresh copy of an e-mail, with fresh links in place of any it carried (the answer
   * shows them masked); resent by an administrator, the audit row is written in the same
   * transaction.
   */
  async resend(emailId: string, adminId?: string): Promise<EmailRecord<Date>> {
    return this.dataSource.transaction(async (manager) => {
      const original = await manager.getRepository(EmailEntity).findOneBy({ id: emailId });
      if (!original || !isTemplateName(original.template)) throw MAIL_ERRORS.emailNotFound();
      // A deleted account's e-mails are history: their contents are gone, and so is the address.
      if (isDeletedAddress(original.to_email)) throw usersErrors.deleted();
      const copy = await this.enqueue(manager, {
        to: original.to_email,
        template: original.template,
        data: (await this.freshLinks.renew(manager, original)) as never,
        userId: original.user_id,
      });
      if (!copy) throw usersErrors.deleted();
      await manager.getRepository(EmailEntity).update(copy.id, { resent_from_id: original.id });
      const resent = { ...copy, resent_from_id: original.id };
      if (adminId)
        await this.audit.record(manager, {
          adminId,
          type: 'resend_email',
          targetUserId: resent.user_id,
          details: {
            description: `Resent ${resent.template} e-mail to ${resent.to_email}`,
            old_values: { email_id: emailId },
            new_values: { email_id: resent.id },
          },
        });
      return toEmailRecord(resent);
    });
  }

  /** A bounce reported by SendGrid, noted on the e-mail in the caller's transaction. */
  async recordBounce(
    manager: EntityManager,
    emailId: string,
    reason: string | undefined,
  ): Promise<void> {
    await manager.query(`UPDATE emails SET last_error = $2, updated_at = now() WHERE id = $1`, [
      emailId,
      `Bounced: ${reason ?? 'no reason given'}`.slice(0, 1000),
    ]);
  }

  /** The e-mail log matching a list filter: `id`, `q` (the recipient contains), and equality on `to_email`, `status`, `template`, `user_id`. */
  filtered(filter: ListQuery['filter']): SelectQueryBuilder<EmailEntity> {
    const builder = this.dataSource.getRepository(EmailEntity).createQueryBuilder('e');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('e.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = searchFilter(filter);
    if (q) builder.andWhere('e.to_email ILIKE :q', { q: containsPattern(q) });
    for (const field of ['to_email', 'status', 'template'] as const) {
      const value = textFilter(filter, field);
      if (value !== undefined) builder.andWhere(`e.${field} = :${field}`, { [field]: value });
    }
    const userId = uuidFilter(filter, 'user_id');
    if (userId) builder.andWhere('e.user_id = :userId', { userId });
    return builder;
  }

  /**
   * The e-mail as the back office sees it, rendered now (null for a retired template): every
   * link token masked, the recipient's unsubscribe link too, so no link in it works.
   */
  async findMasked(id: string): Promise<EmailDetail<Date>> {
    const email = await this.dataSource.getRepository(EmailEntity).findOneBy({ id });
    if (!email) throw MAIL_ERRORS.emailNotFound();
    const record = toEmailRecord(email);
    return {
      ...record,
      rendered: isTemplateName(email.template)
        ? this.renderWith(
            email.template,
            record.data,
            maskTokens(this.links.unsubscribePath(email.to_email)),
          )
        : null,
    };
  }

  /** Renders an e-mail for `to`, whose own unsubscribe link goes at its foot. */
  render(template: TemplateName, data: Record<string, unknown>, to: string): RenderedEmail {
    return this.renderWith(template, data, this.links.unsubscribePath(to));
  }

  private renderWith(
    template: TemplateName,
    data: Record<string, unknown>,
    unsubscribeLink: string,
  ): RenderedEmail {
    return renderEmail(template, data, {
      appName: this.config.appName,
      appUrl: this.config.appUrl,
      supportEmail: this.config.mail.supportEmail,
      unsubscribeLink,
    });
  }

  /** The address mail clients post to for RFC 8058 one-click unsubscribe. */
  oneClickUnsubscribeUrl(to: string): string {
    return `${this.config.appUrl}${this.links.oneClickUnsubscribePath(to)}`;
  }
}
