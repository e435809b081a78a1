import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module.js';
import { JobsModule } from '../../jobs/jobs.module.js';
import { LeadsModule } from '../leads.module.js';
import { PipelineController } from '../pipeline/pipeline.controller.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import { NewsController } from '../news/news.controller.js';
import { NewsService } from '../news/news.service.js';
import { TodayController } from '../today/today.controller.js';
import { TodayService } from '../today/today.service.js';
import { IcpController } from './icp.controller.js';
import { IcpService } from './icp.service.js';
import { RescoringService } from './rescoring.service.js';

/** Scores and their ICP, Today's ten and the pipeline's board, over the lead workspace. */
@Module({
  imports: [AuthModule, JobsModule, LeadsModule],
  controllers: [IcpController, TodayController, PipelineController, NewsController],
  providers: [IcpService, RescoringService, TodayService, PipelineService, NewsService],
  exports: [TodayService],
})
export class LeadScoringModule {}
