import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ErrorReportRequest } from '@leadpulse/common';

/** The error report of member-site.md section 3. */
export class CreateErrorReportDto implements ErrorReportRequest {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(64) errorId: string;
  @ApiProperty() @IsString() @MaxLength(2000) message: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) stack?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) componentStack?: string;
  @ApiPropertyOptional() @IsOptional() @IsISO8601() timestamp?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) url?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) userAgent?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) environment?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) referrer?: string;
}
