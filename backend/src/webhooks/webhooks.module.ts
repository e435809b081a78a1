import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { StripeEventsService } from './stripe-events.service.js';
import { WebhooksController } from './webhooks.controller.js';

@Module({
  imports: [JobsModule, StripeModule],
  controllers: [WebhooksController],
  providers: [StripeEventsService],
  exports: [StripeEventsService],
})
export class WebhooksModule {}
