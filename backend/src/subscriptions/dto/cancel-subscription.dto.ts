import { IsBoolean, IsOptional } from 'class-validator';
import type { CancelSubscriptionRequest } from '@leadpulse/common';

export class CancelSubscriptionDto implements CancelSubscriptionRequest {
  /** Cancel at the end of the paid period instead of now. */
  @IsOptional() @IsBoolean() at_period_end?: boolean;
}
