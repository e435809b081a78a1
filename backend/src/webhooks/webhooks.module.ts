import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AdminStripeEventsController } from './admin-stripe-events.controller.js';
import { StripeEventsService } from './stripe-events.service.js';
import { WebhooksController } from './webhooks.controller.js';

@Module({
  imports: [AuthModule, JobsModule, StripeModule],
  controllers: [WebhooksController, AdminStripeEventsController],
  providers: [StripeEventsService],
  exports: [StripeEventsService],
})
export class WebhooksModule {}
