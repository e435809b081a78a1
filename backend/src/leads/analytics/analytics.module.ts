import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module.js';
import { LeadsModule } from '../leads.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';

/** The analytics of the lead workspace: read-only figures over its leads, signals and stages. */
@Module({
  imports: [AuthModule, LeadsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService],
})
export class LeadAnalyticsModule {}
