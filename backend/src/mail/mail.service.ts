import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { EmailEntity } from './email.entity.js';
import { NewsletterLinks } from './newsletter-links.js';
import {
  renderEmail,
  isTemplateName,
  type RenderedEmail,
  type TemplateData,
  type TemplateName,
} from './mail-templates.js';

export const MAIL_DELIVERY_QUEUE = 'mail-delivery';

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
  ) {}

  /**
   * Writes the e-mail and its delivery job in the caller's transaction, so the e-mail exists if
   * and only if the change that caused it commits.
   */
  async enqueue<T extends TemplateName>(
    manager: EntityManager,
    email: EmailToSend<T>,
  ): Promise<EmailEntity> {
    const data = email.data as unknown as Record<string, unknown>;
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

  /** Queues a fresh copy of an e-mail (admin resends); `alongside` runs in the same transaction. */
  async resend(
    emailId: string,
    alongside?: (manager: EntityManager, copy: EmailEntity) => Promise<unknown>,
  ): Promise<EmailEntity> {
    return this.dataSource.transaction(async (manager) => {
      const original = await manager.getRepository(EmailEntity).findOneBy({ id: emailId });
      if (!original || !isTemplateName(original.template))
        throw new NotFoundException('E-mail not found.');
      const copy = await this.enqueue(manager, {
        to: original.to_email,
        template: original.template,
        data: original.data as never,
        userId: original.user_id,
      });
      await manager.getRepository(EmailEntity).update(copy.id, { resent_from_id: original.id });
      const resent = { ...copy, resent_from_id: original.id };
      await alongside?.(manager, resent);
      return resent;
    });
  }

  /** Renders an e-mail for `to`, whose own unsubscribe link goes at its foot. */
  render(template: TemplateName, data: Record<string, unknown>, to: string): RenderedEmail {
    return renderEmail(template, data, {
      appName: this.config.appName,
      appUrl: this.config.appUrl,
      supportEmail: this.config.mail.supportEmail,
      unsubscribeLink: this.links.unsubscribePath(to),
    });
  }

  /** The address mail clients post to for RFC 8058 one-click unsubscribe. */
  oneClickUnsubscribeUrl(to: string): string {
    return `${this.config.appUrl}${this.links.oneClickUnsubscribePath(to)}`;
  }
}
