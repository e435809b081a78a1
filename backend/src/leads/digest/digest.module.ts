import { Module } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { JobsModule } from '../../jobs/jobs.module.js';
import { MailModule } from '../../mail/mail.module.js';
import { LeadScoringModule } from '../scoring/scoring.module.js';
import { DigestService } from './digest.service.js';

/** The daily digest e-mail: Today's ten and the tasks due, each morning in the member's zone. */
@Module({
  imports: [JobsModule, MailModule, LeadScoringModule],
  providers: [DigestService, Clock],
  exports: [DigestService],
})
export class LeadDigestModule {}
