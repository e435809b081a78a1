import { Module } from '@nestjs/common';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { PaymentsService } from './payments.service.js';

@Module({
  imports: [StripeModule, WebhooksModule, SubscriptionsModule],
  providers: [PaymentsService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
