import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ReactivateSubscriptionDto {
  /**
   * The amount the administrator saw and confirmed, in cents. Restarting a cancelled subscription
   * charges the customer; it goes ahead only when this equals what Stripe will charge.
   */
  @IsOptional() @IsInt() @Min(0) @Max(100_000_000) confirm_amount_cents?: number;
}
