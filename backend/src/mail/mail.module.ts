import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { JwtAuthGuard } from '../auth/guards.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { AdminEmailsController } from './admin-emails.controller.js';
import { FreshLinksService } from './fresh-links.service.js';
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
    FreshLinksService,
    // AuthModule imports this module, so the admin guard's token check and the link tokens that
    // Resend renews are provided here (both keep no state of their own).
    JwtAuthGuard,
    AuthTokensService,
  ],
  exports: [MailService, MailDeliveryService, MailHealthService, NewsletterLinks],
})
export class MailModule {}
