import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailDeliveryService } from './mail-delivery.service.js';
import { MailHealthService } from './mail-health.service.js';
import { MailService } from './mail.service.js';
import { NewsletterLinks } from './newsletter-links.js';

@Module({
  imports: [TerminusModule, JobsModule],
  providers: [MailService, MailDeliveryService, MailHealthService, NewsletterLinks],
  exports: [MailService, MailDeliveryService, MailHealthService, NewsletterLinks],
})
export class MailModule {}
