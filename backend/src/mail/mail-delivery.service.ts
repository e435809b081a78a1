import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { JobsService, type Job } from '../jobs/jobs.service.js';
import { anonymousEmail } from '../users/deleted-account.js';
import { EmailEntity } from './email.entity.js';
import { maskData } from './link-tokens.js';
import { isTemplateName, type RenderedEmail } from './mail-templates.js';
import { MAIL_DELIVERY_QUEUE, MailService } from './mail.service.js';
import { DeliveryError, SendGridTransport } from './mail-transport.js';

/** How long one delivery attempt owns a row; a crashed attempt's claim lapses after it. */
const CLAIM_SECONDS = 120;

export interface DeliveryJob {
  emailId: string;
}

/** Delivers outbox rows: through SendGrid when configured, otherwise into the log. */
@Injectable()
export class MailDeliveryService implements OnModuleInit {
  private readonly logger = new Logger(MailDeliveryService.name);
  private readonly transport: SendGridTransport | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.transport = config.mail.sendgridApiKey ? new SendGridTransport(config) : undefined;
  }

  get provider(): 'sendgrid' | 'log' {
    return this.transport ? 'sendgrid' : 'log';
  }

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(MAIL_DELIVERY_QUEUE, {
      retryLimit: this.config.mail.retryLimit,
      retryDelay: this.config.mail.retryDelaySeconds,
      retryBackoff: true,
    });
    await this.jobs.work<DeliveryJob>(MAIL_DELIVERY_QUEUE, (job) => this.handle(job));
  }

  /** One delivery attempt. Throwing asks the queue to retry later with backoff. */
  async handle(job: Pick<Job<DeliveryJob>, 'data' | 'retryCount' | 'retryLimit'>): Promise<void> {
    const email = await this.claim(job.data.emailId);
    if (!email) return; // sent, logged, failed, or owned by a concurrent attempt
    if (!isTemplateName(email.template)) {
      await this.finish(email, {
        status: 'failed',
        last_error: `Unknown template ${email.template}`,
      });
      return;
    }
    const rendered = this.mail.render(email.template, email.data, email.to_email);
    if (!this.transport) {
      this.logLinks(email, rendered);
      await this.finish(email, { status: 'logged', sent_at: new Date() });
      return;
    }
    try {
      const messageId = await this.transport.send({
        id: email.id,
        to: email.to_email,
        template: email.template,
        ...rendered,
        oneClickUnsubscribeUrl: this.mail.oneClickUnsubscribeUrl(email.to_email),
      });
      await this.finish(email, {
        status: 'sent',
        sent_at: new Date(),
        provider_message_id: messageId,
        last_error: null,
      });
    } catch (error) {
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError(String(error), true);
      const willRetry = failure.retryable && job.retryCount < job.retryLimit;
      await this.finish(
        email,
        willRetry
          ? { last_error: failure.message }
          : { status: 'failed', last_error: failure.message },
      );
      this.logger.warn(
        `Delivery of e-mail ${email.id} failed (${willRetry ? 'will retry' : 'giving up'}): ${failure.message}`,
      );
      if (willRetry) throw failure;
    }
  }

  /** With no provider, the e-mail goes to the log; its links are credentials, printed only outside production. */
  private logLinks(email: EmailEntity, rendered: RenderedEmail): void {
    const links = this.config.isProduction
      ? {}
      : { links: rendered.links, unsubscribe: rendered.unsubscribeUrl };
    this.logger.log({
      msg: `E-mail to ${email.to_email} not sent (no SENDGRID_API_KEY): "${rendered.subject}"`,
      email_id: email.id,
      ...links,
    });
  }

  /** Takes the row for this attempt if it is still queued and nobody else holds it. */
  private async claim(emailId: string): Promise<EmailEntity | undefined> {
    const [rows] = (await this.dataSource.query(
      `UPDATE emails SET claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1, updated_at = now()
       WHERE id = $1 AND status = 'queued' AND (claimed_until IS NULL OR claimed_until < now())
       RETURNING *`,
      [emailId, CLAIM_SECONDS],
    )) as [EmailEntity[], number];
    return rows[0];
  }

  /**
   * Releases the row with the attempt's outcome. Once the e-mail is delivered (or given up on),
   * its stored links lose their tokens: only the recipient has them, and Resend mints new ones.
   */
  private async finish(
    email: EmailEntity,
    changes: Partial<
      Pick<EmailEntity, 'status' | 'sent_at' | 'provider_message_id' | 'last_error'>
    >,
  ): Promise<void> {
    const scrubbed = changes.status ? { data: maskData(email.data) as never } : {};
    // The confirmation of a deletion is the last thing that knows the address: it goes with it.
    const anonymous =
      changes.status && email.template === 'account-deleted' && email.user_id
        ? anonymousEmail(email.user_id)
        : undefined;
    const forgotten = anonymous
      ? {
          to_email: anonymous,
          last_error: changes.last_error?.split(email.to_email).join(anonymous) ?? null,
        }
      : {};
    await this.dataSource
      .getRepository(EmailEntity)
      .update(email.id, { ...changes, ...scrubbed, ...forgotten, claimed_until: null });
  }
}
