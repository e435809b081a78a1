import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { ReactivateSubscriptionRequest } from '@leadpulse/common';

export class ReactivateSubscriptionDto implements ReactivateSubscriptionRequest {
  /**
   * The amount the administrator saw and confirmed, in cents. Restarting a cancelled subscription
   * charges the customer; it goes ahead only when this equals what Stripe will charge.
   */
  @IsOptional() @IsInt() @Min(0) @Max(100_000_000) confirm_amount_cents?: number;
}
