import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { NotificationPreferencesRequest } from '@leadpulse/common';

export class NotificationPreferencesDto implements NotificationPreferencesRequest {
  @ApiProperty() @IsBoolean() emailUpdates: boolean;
  @ApiProperty() @IsBoolean() featureAnnouncements: boolean;
  @ApiProperty() @IsBoolean() billingAlerts: boolean;
  @ApiProperty() @IsBoolean() weeklyDigest: boolean;
  /** The daily digest's switch; left out, it stays as it was (by default, on for paying members). */
  @ApiPropertyOptional() @IsOptional() @IsBoolean() dailyDigest?: boolean;
}
