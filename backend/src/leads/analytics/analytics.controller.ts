import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Analytics } from '@leadpulse/common';
import { analyticsPeriod } from '@leadpulse/common/analytics';
import { LEADS_ERRORS } from '../leads.errors.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { AnalyticsQueryDto } from './analytics-query.dto.js';
import { AnalyticsService } from './analytics.service.js';

@ApiTags('leads')
@WorkspaceScoped()
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  /** The funnel, signals per week, scores, days to meeting and reasons of a period (last 90 days by default). */
  @Get()
  @Header('Cache-Control', 'no-store')
  get(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: AnalyticsQueryDto,
  ): Promise<Analytics> {
    const period = analyticsPeriod(query);
    if (!period.ok) throw LEADS_ERRORS.invalid(period.field, period.message);
    return this.analytics.analytics(workspace, period);
  }
}
