import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { OperationsHealthService } from './operations-health.service.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { AdminHealthController } from './admin-health.controller.js';
import { HealthSamplesService } from './health-samples.service.js';

@Module({
  imports: [
    TerminusModule.forRoot({ errorLogStyle: 'pretty' }),
    AuthModule,
    JobsModule,
    MailModule,
    StripeModule,
  ],
  controllers: [HealthController, AdminHealthController],
  providers: [HealthService, OperationsHealthService, HealthSamplesService],
  exports: [HealthService],
})
export class HealthModule {}
