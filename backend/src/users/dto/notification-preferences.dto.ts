import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class NotificationPreferencesDto {
  @ApiProperty() @IsBoolean() emailUpdates: boolean;
  @ApiProperty() @IsBoolean() featureAnnouncements: boolean;
  @ApiProperty() @IsBoolean() billingAlerts: boolean;
  @ApiProperty() @IsBoolean() weeklyDigest: boolean;
}
