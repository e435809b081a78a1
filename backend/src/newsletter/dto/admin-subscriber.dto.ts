import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  type AddSubscriberRequest,
  type ImportSubscribersRequest,
  NAME_MAX_LENGTH,
} from '@leadpulse/common';
import { OneLineName } from '../../common/validation.js';

export class AddSubscriberDto implements AddSubscriberRequest {
  @ApiProperty()
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(254)
  email: string;
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  first_name?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  last_name?: string;
}

export class ImportSubscribersDto implements ImportSubscribersRequest {
  /** CSV text with a header row: email (required), first_name, last_name. */
  @ApiProperty() @IsString() @MaxLength(90_000) csv: string;
}
