import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { RevenueQuery } from '@leadpulse/common';

export const MAX_REVENUE_MONTHS = 36;
const MONTHS_MESSAGE = `months must be a whole number from 1 to ${MAX_REVENUE_MONTHS}.`;

/** `?months=12`: how many calendar months, ending with the current one. */
export class RevenueQueryDto implements RevenueQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_REVENUE_MONTHS, default: 12 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MONTHS_MESSAGE })
  @Min(1, { message: MONTHS_MESSAGE })
  @Max(MAX_REVENUE_MONTHS, { message: MONTHS_MESSAGE })
  months?: number;
}
