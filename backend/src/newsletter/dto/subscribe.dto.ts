import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  type NewsletterRequest,
  type NewsletterTokenRequest,
  type UnsubscribeQuery,
  type UnsubscribeRequest,
  type WaitlistRequest,
} from '@leadpulse/common';
import { OneLineName, Omittable } from '../../common/validation.js';

export class NewsletterDto implements NewsletterRequest {
  @ApiProperty({ example: 'ada@example.com' })
  @MaxLength(254)
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  email: string;
}

export class WaitlistDto extends NewsletterDto implements WaitlistRequest {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @Omittable()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OneLineName()
  @Omittable()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  lastName?: string;
}

export class NewsletterTokenDto implements NewsletterTokenRequest {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  token: string;
}

/**
 * The unsubscribe link posts `{ token }` as JSON; mail clients' one-click button (RFC 8058) posts
 * the form `List-Unsubscribe=One-Click` to a URL carrying the token in its query.
 */
export class UnsubscribeBodyDto implements UnsubscribeRequest {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) token?: string;

  @ApiPropertyOptional({ example: 'One-Click' })
  @IsOptional()
  @IsIn(['One-Click'])
  'List-Unsubscribe'?: string;
}

export class UnsubscribeQueryDto implements UnsubscribeQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) token?: string;
}
