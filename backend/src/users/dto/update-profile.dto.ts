import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  TIME_ZONE_MAX_LENGTH,
  type UpdateProfileRequest,
} from '@leadpulse/common';
import { Omittable, OneLineName } from '../../common/validation.js';

/** The only fields a member may change on their own record; anything else is refused. */
export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @Omittable()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  // The same rule as sign-up: a member always has a first name (the header greets with it).
  @Matches(/\S/, { message: MESSAGES.settings.firstNameRequired })
  first_name?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @Omittable()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  last_name?: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(32) phone?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(200) company?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(200) job_title?:
    string | null;

  /** An IANA name such as "Europe/Paris" (checked by the service: 400 `invalid_time_zone`); null for UTC. */
  @ApiPropertyOptional({ nullable: true, maxLength: TIME_ZONE_MAX_LENGTH, example: 'Europe/Paris' })
  @IsOptional()
  @IsString()
  @MaxLength(TIME_ZONE_MAX_LENGTH)
  time_zone?: string | null;
}
