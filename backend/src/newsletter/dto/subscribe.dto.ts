import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@leadpulse/common';

export class NewsletterDto {
  @ApiProperty({ example: 'ada@example.com' })
  @MaxLength(254)
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  email: string;
}

export class WaitlistDto extends NewsletterDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) lastName?: string;
}
