import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import { FoundingController } from './founding.controller.js';
import { FoundingCompletionService } from './founding-completion.service.js';
import { FoundingService } from './founding.service.js';

@Module({
  imports: [
    AuthModule,
    MailModule,
    NewsletterModule,
    PaymentsModule,
    RateLimitModule,
    StripeModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [FoundingController],
  providers: [FoundingService, FoundingCompletionService],
  exports: [FoundingService, FoundingCompletionService],
})
export class FoundingModule {}
