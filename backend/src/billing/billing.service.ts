import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { UserEntity } from '../users/user.entity.js';

@Injectable()
export class BillingService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** A Stripe customer-portal session for the member's own customer (Manage Billing). */
  async portal(accountId: string): Promise<{ url: string }> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ auth_user_id: accountId });
    if (!user?.stripe_customer_id)
      throw new AppException('no_billing_account', 409, MESSAGES.settings.noBillingAccount);
    const session = await this.stripe.billingPortal.sessions.create({
      customer: user.stripe_customer_id,
      return_url: `${this.config.appUrl}/dashboard/settings?tab=subscription`,
    });
    return { url: session.url };
  }
}
