import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  type CreateTaskRequest,
  LEADS_MAX_PAGE_SIZE,
  TASK_DUE_FILTERS,
  type TaskDueFilter,
  type TaskListQuery,
  type UpdateTaskRequest,
} from '@leadpulse/common';
import { Omittable } from '../../../common/validation.js';
import { QueryBoolean } from '../../leads/dto/lead-list-query.dto.js';

export class CreateTaskDto implements CreateTaskRequest {
  @ApiProperty({ maxLength: 500 })
  @IsString()
  @MaxLength(500)
  @Matches(/\S/, { message: 'Give the task a title.' })
  title: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsDateString() due_at?: string | null;
}

export class UpdateTaskDto implements UpdateTaskRequest {
  @ApiPropertyOptional({ maxLength: 500 })
  @Omittable()
  @IsString()
  @MaxLength(500)
  @Matches(/\S/, { message: 'Give the task a title.' })
  title?: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsDateString() due_at?: string | null;

  @ApiPropertyOptional() @Omittable() @IsBoolean() done?: boolean;
}

/** GET /api/tasks. */
export class TaskListQueryDto implements TaskListQuery {
  @ApiPropertyOptional({ enum: TASK_DUE_FILTERS })
  @IsOptional()
  @IsIn(TASK_DUE_FILTERS, { message: `due must be one of ${TASK_DUE_FILTERS.join(', ')}.` })
  due?: TaskDueFilter;

  @ApiPropertyOptional() @IsOptional() @QueryBoolean() @IsBoolean() done?: boolean;

  @ApiPropertyOptional() @IsOptional() @IsUUID() lead_id?: string;

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
}
