import { IsBoolean, IsOptional } from 'class-validator';

export class CancelSubscriptionDto {
  /** Cancel at the end of the paid period instead of now. */
  @IsOptional() @IsBoolean() at_period_end?: boolean;
}
