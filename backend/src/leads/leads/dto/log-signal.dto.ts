import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import {
  type LogSignalRequest,
  MANUAL_SIGNAL_KINDS,
  type ManualSignalKind,
} from '@leadpulse/common';

/** POST /api/leads/:id/signals: engagement the member saw, logged by hand. */
export class LogSignalDto implements LogSignalRequest {
  @ApiProperty({ enum: MANUAL_SIGNAL_KINDS })
  @IsIn(MANUAL_SIGNAL_KINDS, { message: `kind must be one of ${MANUAL_SIGNAL_KINDS.join(', ')}.` })
  kind: ManualSignalKind;

  @ApiPropertyOptional() @IsOptional() @IsDateString() occurred_at?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true },
    { message: 'Enter the post’s link.' },
  )
  @MaxLength(2048)
  post_url?: string | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) note?:
    string | null;
}
