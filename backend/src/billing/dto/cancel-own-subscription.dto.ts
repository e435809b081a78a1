import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  CANCELLATION_COMMENT_MAX_LENGTH,
  CANCELLATION_MESSAGES,
  CANCELLATION_REASONS,
  type CancelOwnSubscriptionRequest,
  type CancellationReason,
} from '@leadpulse/common';

/**
 * Why the member cancels: one of the four reasons, and a comment that stays optional whatever the
 * reason (a member on their way out is never held back by a required text box; "Other" without
 * words is still an answer).
 */
export class CancelOwnSubscriptionDto implements CancelOwnSubscriptionRequest {
  @ApiProperty({ enum: CANCELLATION_REASONS })
  @IsIn(CANCELLATION_REASONS, { message: CANCELLATION_MESSAGES.reasonRequired })
  reason: CancellationReason;

  @ApiPropertyOptional({ maxLength: CANCELLATION_COMMENT_MAX_LENGTH, nullable: true })
  @IsOptional()
  @MaxLength(CANCELLATION_COMMENT_MAX_LENGTH, { message: CANCELLATION_MESSAGES.commentTooLong })
  @IsString({ message: 'The comment must be text.' })
  comment?: string | null;
}
