import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { DunningService } from './dunning/dunning.service.js';
import { OverduePaymentService } from './dunning/overdue-payment.service.js';
import { FoundingReminderService } from './founding-reminder.service.js';
import { MeBillingController } from './me-billing.controller.js';
import { MemberBillingService } from './member-billing.service.js';

@Module({
  imports: [
    AuthModule,
    JobsModule,
    MailModule,
    PaymentsModule,
    RateLimitModule,
    StripeModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [BillingController, MeBillingController],
  providers: [
    BillingService,
    DunningService,
    FoundingReminderService,
    MemberBillingService,
    OverduePaymentService,
  ],
  exports: [BillingService, DunningService, FoundingReminderService],
})
export class BillingModule {}
