import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { CLIENT_LOG_LEVELS, type ClientLogLevel, type LogEntryRequest } from '@leadpulse/common';

/** A log entry sent by the site or the admin (member-site.md section 3, "Log entry"). */
export class CreateLogEntryDto implements LogEntryRequest {
  @ApiPropertyOptional({ example: '2026-11-22T10:00:00.000Z' })
  @IsOptional()
  @IsISO8601()
  timestamp?: string;

  @ApiProperty({ enum: CLIENT_LOG_LEVELS })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.toUpperCase() : value,
  )
  @IsIn(CLIENT_LOG_LEVELS, { message: `level must be one of ${CLIENT_LOG_LEVELS.join(', ')}` })
  level: ClientLogLevel;

  @ApiProperty({ maxLength: 2000 })
  @IsString()
  @MaxLength(2000)
  message: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  context?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
