import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MailModule } from '../mail/mail.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'pretty' }), MailModule],
  controllers: [HealthController],
  providers: [HealthService],
  exports: [HealthService],
})
export class HealthModule {}
