import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  type BillingAddress,
  FULL_NAME_MAX_LENGTH,
  type RefundRequest,
  type UpdateBillingRequest,
} from '@leadpulse/common';
import { INT4_MAX } from '../../common/limits.js';
import { OneLineName } from '../../common/validation.js';

export class BillingAddressDto implements BillingAddress {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) line1?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) postal_code?: string;
  @ApiPropertyOptional({ default: 'US' })
  @IsOptional()
  @IsString()
  @Length(2, 2, { message: 'Country must be a two-letter code.' })
  country?: string;
}

/** Billing Information's form, or `use_account_details: true` ("Billing same as account information"). */
export class UpdateBillingDto implements UpdateBillingRequest {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() use_account_details?: boolean;
  @ApiPropertyOptional({ maxLength: FULL_NAME_MAX_LENGTH })
  @OneLineName()
  @IsOptional()
  @IsString()
  @MaxLength(FULL_NAME_MAX_LENGTH)
  billing_name?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail({}, { message: 'Please enter a valid billing email address.' })
  @MaxLength(254)
  billing_email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) billing_phone?: string;
  @ApiPropertyOptional({ type: BillingAddressDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => BillingAddressDto)
  billing_address?: BillingAddressDto;
}

/** Process Refund: a payment, an amount in cents (the rest of the payment when omitted), a reason. */
export class RefundDto implements RefundRequest {
  @ApiPropertyOptional()
  @IsUUID('all', { message: 'Please choose a payment.' })
  transaction_id: string;
  @ApiPropertyOptional({ type: 'integer', maximum: INT4_MAX })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  amount_cents?: number;
  @ApiPropertyOptional({ enum: ['requested_by_customer', 'duplicate', 'fraudulent'] })
  @IsOptional()
  @IsIn(['requested_by_customer', 'duplicate', 'fraudulent'])
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) notes?: string;
  /** Made once per dialog by the client: a retried submission refunds once. */
  @ApiPropertyOptional() @IsOptional() @IsUUID() request_id?: string;
}
