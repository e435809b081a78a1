import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FoundingModule } from '../founding/founding.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RevenueModule } from '../revenue/revenue.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { ReconciliationService } from './reconciliation.service.js';
import { RecoveryService } from './recovery.service.js';

@Module({
  imports: [
    AuthModule,
    FoundingModule,
    JobsModule,
    MailModule,
    PaymentsModule,
    RevenueModule,
    StripeModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [ReconciliationController],
  providers: [ReconciliationService, RecoveryService],
})
export class ReconciliationModule {}
