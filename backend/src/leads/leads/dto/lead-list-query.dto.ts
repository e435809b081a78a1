import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  LEADS_MAX_PAGE_SIZE,
  LEAD_SORTS,
  LEAD_SOURCES,
  LEAD_STAGES,
  type LeadListQuery,
  type LeadSort,
  type LeadSource,
} from '@leadpulse/common';

export const LEAD_SORT_VALUES = LEAD_SORTS.flatMap((field) => [field, `-${field}`]);
export const LEAD_STAGE_FILTERS = [...LEAD_STAGES, 'tracked', 'untracked'] as const;

/** `true` / `false` in a query string. */
export const QueryBoolean = () =>
  Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  );

/** The leads list's page, sort, search and filters (also the CSV export's). */
export class LeadListQueryDto implements LeadListQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LEADS_MAX_PAGE_SIZE)
  pageSize?: number;

  @ApiPropertyOptional({
    description:
      'The next page: the `next_cursor` of the page before it (sorts by score, name and created_at).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  after?: string;

  @ApiPropertyOptional({
    description: 'The previous page: the `prev_cursor` of the page after it.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  before?: string;

  @ApiPropertyOptional({ enum: LEAD_SORT_VALUES })
  @IsOptional()
  @IsIn(LEAD_SORT_VALUES, { message: `sort must be one of ${LEAD_SORT_VALUES.join(', ')}.` })
  sort?: LeadSort;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) q?: string;

  @ApiPropertyOptional({ enum: LEAD_STAGE_FILTERS })
  @IsOptional()
  @IsIn(LEAD_STAGE_FILTERS, { message: `stage must be one of ${LEAD_STAGE_FILTERS.join(', ')}.` })
  stage?: (typeof LEAD_STAGE_FILTERS)[number];

  @ApiPropertyOptional() @IsOptional() @QueryBoolean() @IsBoolean() monitored?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100)
  min_score?: number;

  @ApiPropertyOptional({ enum: LEAD_SOURCES })
  @IsOptional()
  @IsIn(LEAD_SOURCES, { message: `source must be one of ${LEAD_SOURCES.join(', ')}.` })
  source?: LeadSource;

  @ApiPropertyOptional() @IsOptional() @IsDateString() has_signal_since?: string;
}
