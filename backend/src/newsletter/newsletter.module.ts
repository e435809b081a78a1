import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminNewsletterController } from './admin-newsletter.controller.js';
import { NewsletterAdminService } from './newsletter-admin.service.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';
import { SendGridEventsController } from './sendgrid-events.controller.js';
import { SendGridEventsService } from './sendgrid-events.service.js';

@Module({
  imports: [AuthModule, MailModule, RateLimitModule, UsersModule],
  controllers: [NewsletterController, SendGridEventsController, AdminNewsletterController],
  providers: [NewsletterService, SendGridEventsService, NewsletterAdminService],
  exports: [NewsletterService],
})
export class NewsletterModule {}
