import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { PromotionsController } from './promotions.controller.js';

@Module({
  imports: [AuthModule, StripeModule, WebhooksModule],
  controllers: [PromotionsController],
})
export class PromotionsModule {}
