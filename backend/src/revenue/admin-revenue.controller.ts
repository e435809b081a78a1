import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FoundingCohort, RevenueMonth } from '@leadpulse/common';
import { AdminGuard } from '../auth/admin-access.js';
import { RevenueQueryDto } from './dto/revenue-query.dto.js';
import { MrrCheckService } from './mrr-check.service.js';
import type { MrrCheck } from '@leadpulse/common';
import { RevenueMetricsService } from './revenue-metrics.service.js';

/**
 * The dashboard's revenue metrics, readable by every administrator. The founding cohort is an
 * endpoint of its own: the monthly answer stays the one-row-per-month array the API promises.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/metrics')
export class AdminRevenueController {
  constructor(
    private readonly metrics: RevenueMetricsService,
    private readonly mrr: MrrCheckService,
  ) {}

  /** One row per calendar month (UTC), oldest first, ending with the current month. */
  @Get('revenue')
  revenue(@Query() query: RevenueQueryDto): Promise<RevenueMonth[]> {
    return this.metrics.months(query.months ?? 12);
  }

  /**
   * MRR from the subscription history beside MRR from Stripe's live subscriptions, with the
   * subscriptions where they differ.
   */
  @Get('mrr-check')
  mrrCheck(): Promise<MrrCheck> {
    return this.mrr.check();
  }

  /** How many founding members reached their fourth month, and how many stayed on Prospector. */
  @Get('founding-cohort')
  foundingCohort(): Promise<FoundingCohort> {
    return this.metrics.foundingCohort();
  }
}
