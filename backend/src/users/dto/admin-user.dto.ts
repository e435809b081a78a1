import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  ASSIGNABLE_STATUSES,
  type ApplyPromoRequest,
  CREATABLE_PLANS,
  type ComplimentaryAccessRequest,
  type CreateUserRequest,
  EDITABLE_STATUSES,
  MAX_PROMO_DAYS,
  MESSAGES,
  NAME_MAX_LENGTH,
  PLAN_IDS,
  PROMO_TYPE_IDS,
  type SuspendUserRequest,
  type UpdateUserRequest,
} from '@leadpulse/common';
import { OneLineName, Omittable } from '../../common/validation.js';

const optionalText = (max: number) => [IsOptional(), IsString(), MaxLength(max)];
function Text(max: number): PropertyDecorator {
  return (target, key) => optionalText(max).forEach((decorate) => decorate(target, key));
}

/** Create New User (admin-portal.md): e-mail, first and last name required. */
export class CreateUserDto implements CreateUserRequest {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @MaxLength(NAME_MAX_LENGTH)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  first_name: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @MaxLength(NAME_MAX_LENGTH)
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  last_name: string;

  // class-validator checks the decorator nearest the property first.
  @ApiProperty()
  @MaxLength(254)
  @IsEmail({}, { message: MESSAGES.signup.invalidEmail })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  email: string;

  @ApiPropertyOptional({ nullable: true }) @Text(32) phone?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Text(200) company?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Text(200) job_title?: string | null;

  @ApiPropertyOptional({ enum: CREATABLE_PLANS, default: 'prospector' })
  @IsOptional()
  @IsIn(CREATABLE_PLANS)
  subscription_plan?: (typeof CREATABLE_PLANS)[number];

  @ApiPropertyOptional({ enum: EDITABLE_STATUSES, default: 'active' })
  @IsOptional()
  @IsIn(EDITABLE_STATUSES)
  status?: (typeof EDITABLE_STATUSES)[number];

  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_admin?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() founding_member?: boolean;
}

/** Account Information's edit form. */
export class UpdateUserDto implements UpdateUserRequest {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @Omittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  first_name?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @Omittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  last_name?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsEmail({}, { message: MESSAGES.signup.invalidEmail })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ nullable: true }) @Text(32) phone?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Text(200) company?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Text(200) job_title?: string | null;

  @ApiPropertyOptional({ enum: ASSIGNABLE_STATUSES })
  @Omittable()
  @IsIn(ASSIGNABLE_STATUSES, {
    message: 'Suspend or reactivate the user instead: their status is not edited directly.',
  })
  status?: (typeof ASSIGNABLE_STATUSES)[number];

  @ApiPropertyOptional() @Omittable() @IsBoolean() is_admin?: boolean;
  @ApiPropertyOptional() @Omittable() @IsBoolean() founding_member?: boolean;
}

/** Add Promo Code: type, Duration (days) defaulting to 90, notes. */
export class ApplyPromoDto implements ApplyPromoRequest {
  @ApiProperty({ enum: PROMO_TYPE_IDS })
  @IsIn(PROMO_TYPE_IDS, { message: 'Please choose a promo type.' })
  type: (typeof PROMO_TYPE_IDS)[number];

  @ApiPropertyOptional({ default: 90 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PROMO_DAYS)
  duration_days?: number;

  @ApiPropertyOptional() @Text(500) notes?: string;
}

const COMPLIMENTARY_PLANS = PLAN_IDS.filter((plan) => plan !== 'founding_member');

/** Complimentary access: a plan for a number of days (default 90); requires a type. */
export class ComplimentaryAccessDto implements ComplimentaryAccessRequest {
  @ApiProperty({ enum: COMPLIMENTARY_PLANS })
  @IsIn(COMPLIMENTARY_PLANS, { message: 'Please choose a plan.' })
  type: string;

  @ApiPropertyOptional({ default: 90 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PROMO_DAYS)
  duration_days?: number;

  @ApiPropertyOptional() @Text(500) notes?: string;
}

/** Why an administrator suspends a user: kept in the audit trail and on the user. */
export class SuspendUserDto implements SuspendUserRequest {
  @ApiProperty({ maxLength: 500 })
  @IsString()
  @Matches(/\S/, { message: 'Please give a reason.' })
  @MaxLength(500)
  reason: string;
}
