import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

export class AddSubscriberDto {
  @ApiProperty()
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(254)
  email: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) last_name?: string;
}

export class ImportSubscribersDto {
  /** CSV text with a header row: email (required), first_name, last_name. */
  @ApiProperty() @IsString() @MaxLength(90_000) csv: string;
}
