import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDateString,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  LEAD_STAGES,
  type CreateLeadRequest,
  type LeadFields,
  type LeadStage,
  type UpdateLeadRequest,
} from '@leadpulse/common';
import { Omittable, OneLineName } from '../../../common/validation.js';

/** The fields a member fills in for a lead (we never fetch LinkedIn). */
class LeadFieldsDto implements LeadFields {
  @ApiPropertyOptional() @OneLineName() @Omittable() @IsString() @MaxLength(255) last_name?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(500) position?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(500) company?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(255) location?:
    string | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsEmail({}, { message: 'Enter a valid e-mail address.' })
  @MaxLength(320)
  email?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(1000) headline?:
    string | null;
  @ApiPropertyOptional({ enum: LEAD_STAGES, nullable: true })
  @IsOptional()
  @IsIn(LEAD_STAGES, { message: `stage must be one of ${LEAD_STAGES.join(', ')}.` })
  stage?: LeadStage | null;
  @ApiPropertyOptional() @Omittable() @IsBoolean() monitored?: boolean;
}

/** POST /api/leads. */
export class CreateLeadDto extends LeadFieldsDto implements CreateLeadRequest {
  @ApiPropertyOptional({ nullable: true, description: 'A LinkedIn profile URL (/in/…).' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @Matches(/linkedin\.com\/in\/[^/?#\s]+/i, {
    message: 'Enter a LinkedIn profile URL, such as https://www.linkedin.com/in/name.',
  })
  profile_url?: string | null;

  @ApiPropertyOptional()
  @OneLineName()
  @IsString()
  @MaxLength(255)
  @Matches(/\S/, { message: 'Enter the lead’s first name.' })
  first_name: string;
}

/** PATCH /api/leads/:id. */
export class UpdateLeadDto extends LeadFieldsDto implements UpdateLeadRequest {
  @ApiPropertyOptional()
  @OneLineName()
  @Omittable()
  @IsString()
  @MaxLength(255)
  @Matches(/\S/, { message: 'Enter the lead’s first name.' })
  first_name?: string;

  @ApiPropertyOptional()
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  position_in_stage?: number;

  @ApiPropertyOptional({ nullable: true, description: 'Why a won or lost lead was won or lost.' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  stage_reason?: string | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsDateString() snoozed_until?:
    string | null;
}
