import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MailModule } from '../mail/mail.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { OperationsHealthService } from './operations-health.service.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'pretty' }), MailModule, StripeModule],
  controllers: [HealthController],
  providers: [HealthService, OperationsHealthService],
  exports: [HealthService],
})
export class HealthModule {}
