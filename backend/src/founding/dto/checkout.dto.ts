import type { FoundingCheckoutRequest } from '@leadpulse/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { MESSAGES, NAME_MAX_LENGTH } from '@leadpulse/common';
import { OneLineName } from '../../common/validation.js';

/** All four fields are required; blanks are refused by the service with the spec's one message. */
export class FoundingCheckoutDto implements FoundingCheckoutRequest {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @MaxLength(NAME_MAX_LENGTH)
  @IsString({ message: MESSAGES.founding.fillAllFields })
  firstName: string;
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @MaxLength(NAME_MAX_LENGTH)
  @IsString({ message: MESSAGES.founding.fillAllFields })
  lastName: string;
  @ApiProperty()
  @MaxLength(254)
  @IsString({ message: MESSAGES.founding.fillAllFields })
  email: string;
  @ApiProperty({ example: '(555) 123-4567' })
  @MaxLength(32)
  @IsString({ message: MESSAGES.founding.fillAllFields })
  phone: string;
}
