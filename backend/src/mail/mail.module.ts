import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { JwtAuthGuard } from '../auth/guards.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { AdminEmailsController } from './admin-emails.controller.js';
import { MailDeliveryService } from './mail-delivery.service.js';
import { MailHealthService } from './mail-health.service.js';
import { MailService } from './mail.service.js';
import { NewsletterLinks } from './newsletter-links.js';

@Module({
  imports: [TerminusModule, JobsModule],
  controllers: [AdminEmailsController],
  providers: [
    MailService,
    MailDeliveryService,
    MailHealthService,
    NewsletterLinks,
    // AuthModule imports this module, so the admin guard's token check is provided here.
    JwtAuthGuard,
  ],
  exports: [MailService, MailDeliveryService, MailHealthService, NewsletterLinks],
})
export class MailModule {}
