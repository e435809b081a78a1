import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
} from 'class-validator';
import type {
  AutomationAction,
  AutomationConditions,
  AutomationPreviewRequest,
  AutomationTrigger,
  CreateAutomationRuleRequest,
  PageQuery,
  UpdateAutomationRuleRequest,
} from '@leadpulse/common';

// The trigger, conditions and actions are unions the service reads field by field
// (rule-matching.ts), naming the field at fault as the form shows it.

/** POST /api/automation-rules. */
export class CreateAutomationRuleDto implements CreateAutomationRuleRequest {
  @ApiProperty({ maxLength: 120 }) @IsString() name: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;
  @ApiProperty({ type: Object }) @IsObject() trigger: AutomationTrigger;
  @ApiPropertyOptional({ type: Object })
  @IsOptional()
  @IsObject()
  conditions?: AutomationConditions;
  @ApiProperty({ type: [Object] }) @IsArray() actions: AutomationAction[];
}

/** PATCH /api/automation-rules/:id. */
export class UpdateAutomationRuleDto implements UpdateAutomationRuleRequest {
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;
  @ApiPropertyOptional({ type: Object }) @IsOptional() @IsObject() trigger?: AutomationTrigger;
  @ApiPropertyOptional({ type: Object })
  @IsOptional()
  @IsObject()
  conditions?: AutomationConditions;
  @ApiPropertyOptional({ type: [Object] }) @IsOptional() @IsArray() actions?: AutomationAction[];
}

/** POST /api/automation-rules/preview. */
export class AutomationPreviewDto implements AutomationPreviewRequest {
  @ApiProperty({ type: Object }) @IsObject() trigger: AutomationTrigger;
  @ApiPropertyOptional({ type: Object })
  @IsOptional()
  @IsObject()
  conditions?: AutomationConditions;
}

/** The page of a rules or runs list. */
export class AutomationListQueryDto implements PageQuery {
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
  @Max(100)
  pageSize?: number;
}
