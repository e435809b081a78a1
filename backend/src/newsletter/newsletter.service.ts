import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@leadpulse/common';
import { normaliseEmail } from '../auth/auth.service.js';
import { AppException } from '../common/app.exception.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { SubscriberSource } from './newsletter-subscription.entity.js';

export interface SubscribeResult {
  email: string;
  /** False when the address was on the list already. */
  created: boolean;
}

@Injectable()
export class NewsletterService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Adds an address (waitlist or footer box). Joining twice keeps one row; someone who had
   * unsubscribed and signs up again is subscribed again, since they asked.
   */
  async subscribe(
    input: { email: string; firstName?: string; lastName?: string; source: SubscriberSource },
    ip: string,
  ): Promise<SubscribeResult> {
    await this.rateLimits.consume('subscribe', ip);
    const email = normaliseEmail(input.email);
    if (!isEmail(email)) throw new AppException('invalid_email', 400, MESSAGES.signup.invalidEmail);
    const firstName = input.firstName?.trim() || null;
    const lastName = input.lastName?.trim() || null;
    const [row] = (await this.dataSource.query(
      `INSERT INTO newsletter_subscriptions (email, source, first_name, last_name, status)
       VALUES ($1, $2, $3, $4, 'active')
       ON CONFLICT (email) DO UPDATE SET
         first_name = COALESCE(newsletter_subscriptions.first_name, EXCLUDED.first_name),
         last_name = COALESCE(newsletter_subscriptions.last_name, EXCLUDED.last_name),
         status = CASE WHEN newsletter_subscriptions.status = 'unsubscribed' THEN 'active' ELSE newsletter_subscriptions.status END,
         updated_at = now()
       RETURNING email, (xmax = 0) AS created`,
      [email, input.source, firstName, lastName],
    )) as { email: string; created: boolean }[];
    return { email: row.email, created: row.created };
  }
}
