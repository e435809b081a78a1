import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';
import { SendGridEventsController } from './sendgrid-events.controller.js';
import { SendGridEventsService } from './sendgrid-events.service.js';

@Module({
  imports: [RateLimitModule, MailModule],
  controllers: [NewsletterController, SendGridEventsController],
  providers: [NewsletterService, SendGridEventsService],
  exports: [NewsletterService],
})
export class NewsletterModule {}
