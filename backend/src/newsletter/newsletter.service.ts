import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import { normaliseEmail } from '../common/email.js';
import { MailService } from '../mail/mail.service.js';
import { NewsletterLinks } from '../mail/newsletter-links.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { UserWritesService } from '../users/user-writes.service.js';
import type { LinkResult, SubscribeResult } from '@leadpulse/common';
import type { SubscriberSource } from './newsletter-subscription.entity.js';
import { NEWSLETTER_ERRORS } from './newsletter.errors.js';

/** A pending address gets at most one confirmation e-mail in this window, however often it signs up. */
const CONFIRMATION_RESEND_MINUTES = 10;

/** Member notification switches that are news rather than account e-mail; billing alerts stay on. */
const NEWS_PREFERENCES = ['emailUpdates', 'featureAnnouncements', 'weeklyDigest', 'dailyDigest'];

@Injectable()
export class NewsletterService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimitService,
    private readonly mail: MailService,
    private readonly links: NewsletterLinks,
    private readonly userWrites: UserWritesService,
  ) {}

  /**
   * Adds an address (waitlist or footer box) as `pending` and e-mails a confirmation link (double
   * opt-in). Joining twice keeps one row; someone who had unsubscribed and signs up again is asked
   * to confirm again. Active and bounced addresses stay as they are, and get no e-mail.
   */
  async subscribe(
    input: { email: string; firstName?: string; lastName?: string; source: SubscriberSource },
    ip: string,
  ): Promise<SubscribeResult> {
    await this.rateLimits.consume('subscribe', ip);
    const email = normaliseEmail(input.email);
    if (!isEmail(email)) throw NEWSLETTER_ERRORS.invalidEmail();
    const firstName = input.firstName?.trim() || null;
    const lastName = input.lastName?.trim() || null;
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO newsletter_subscriptions (email, source, first_name, last_name, status)
         VALUES ($1, $2, $3, $4, 'pending')
         ON CONFLICT (email) DO UPDATE SET
           first_name = COALESCE(newsletter_subscriptions.first_name, EXCLUDED.first_name),
           last_name = COALESCE(newsletter_subscriptions.last_name, EXCLUDED.last_name),
           status = CASE WHEN newsletter_subscriptions.status = 'unsubscribed' THEN 'pending' ELSE newsletter_subscriptions.status END,
           updated_at = now()
         RETURNING id, email, status, (xmax = 0) AS created,
           (status = 'pending' AND (last_email_sent_at IS NULL
             OR last_email_sent_at < now() - make_interval(mins => $5))) AS needs_email`,
        [email, input.source, firstName, lastName, CONFIRMATION_RESEND_MINUTES],
      )) as (LinkResult & {
        id: string;
        created: boolean;
        needs_email: boolean;
      })[];
      if (row.needs_email) await this.sendConfirmation(manager, row);
      return { email: row.email, created: row.created, status: row.status };
    });
  }

  /** The confirmation link: a pending address becomes active. Following it twice is fine. */
  async confirm(token: string, ip: string): Promise<LinkResult> {
    await this.rateLimits.consume('confirm', ip);
    const email = this.links.verify('confirm', token);
    if (!email) throw NEWSLETTER_ERRORS.invalidLink();
    const [row] = (await this.dataSource.query(
      `UPDATE newsletter_subscriptions
          SET status = CASE WHEN status = 'pending' THEN 'active' ELSE status END,
              confirmed_at = CASE WHEN status = 'pending' THEN now() ELSE confirmed_at END,
              updated_at = now()
        WHERE email = $1 RETURNING email, status`,
      [email],
    )) as [LinkResult[], number];
    // An address that unsubscribed or bounced since is not brought back by an old link.
    if (row.length === 0 || row[0].status !== 'active') throw NEWSLETTER_ERRORS.invalidLink();
    return row[0];
  }

  /**
   * The link at the foot of every e-mail: the address stops receiving news, whether or not it was
   * on the list (it is kept as `unsubscribed`, so an import cannot add it back), and a member
   * with that address has the news switches of their notification preferences turned off.
   */
  async unsubscribe(token: string, ip: string): Promise<LinkResult> {
    await this.rateLimits.consume('confirm', ip);
    const email = this.links.verify('unsubscribe', token);
    if (!email) throw NEWSLETTER_ERRORS.invalidLink();
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO newsletter_subscriptions (email, source, status) VALUES ($1, 'newsletter', 'unsubscribed')
         ON CONFLICT (email) DO UPDATE SET status = 'unsubscribed', updated_at = now()
         WHERE newsletter_subscriptions.status <> 'unsubscribed'`,
        [email],
      );
      await this.userWrites.setNotificationPreferences(
        manager,
        email,
        Object.fromEntries(NEWS_PREFERENCES.map((key) => [key, false])),
      );
      return { email, status: 'unsubscribed' };
    });
  }

  /** A founding member joins the list confirmed, in the caller's transaction; a known address stays as it is. */
  async addFoundingMember(
    manager: EntityManager,
    member: { email: string; firstName: string | null; lastName: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO newsletter_subscriptions (email, source, first_name, last_name, status, confirmed_at)
       VALUES ($1, 'founding_member', $2, $3, 'active', now()) ON CONFLICT (email) DO NOTHING`,
      [member.email, member.firstName, member.lastName],
    );
  }

  private async sendConfirmation(
    manager: EntityManager,
    row: { id: string; email: string },
  ): Promise<void> {
    await this.mail.enqueue(manager, {
      to: row.email,
      template: 'newsletter-confirm',
      data: { link: this.links.confirmPath(row.email) },
    });
    await manager.query(
      `UPDATE newsletter_subscriptions SET last_email_sent_at = now() WHERE id = $1`,
      [row.id],
    );
  }
}
