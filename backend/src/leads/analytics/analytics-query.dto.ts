import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { AnalyticsQuery } from '@leadpulse/common';
import { ANALYTICS_PERIOD_MESSAGES } from '@leadpulse/common/analytics';

/** GET /api/analytics: the period's first and last day (read by `analyticsPeriod`). */
export class AnalyticsQueryDto implements AnalyticsQuery {
  @ApiPropertyOptional({ example: '2026-09-01', description: 'First day, YYYY-MM-DD' })
  @IsOptional()
  @IsString({ message: ANALYTICS_PERIOD_MESSAGES.date })
  @MaxLength(10, { message: ANALYTICS_PERIOD_MESSAGES.date })
  from?: string;

  @ApiPropertyOptional({
    example: '2026-11-30',
    description: 'Last day, YYYY-MM-DD; today when absent',
  })
  @IsOptional()
  @IsString({ message: ANALYTICS_PERIOD_MESSAGES.date })
  @MaxLength(10, { message: ANALYTICS_PERIOD_MESSAGES.date })
  to?: string;
}
