import { Module } from '@nestjs/common';
import { StripeModule } from '../stripe/stripe.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Module({
  imports: [StripeModule, WebhooksModule],
  providers: [SubscriptionsService],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
