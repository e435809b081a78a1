import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  FULL_NAME_MAX_LENGTH,
  MESSAGES,
  type ChangePasswordRequest,
  type EmailRequest,
  type LoginRequest,
  type RefreshRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type TokenRequest,
} from '@leadpulse/common';
import { OneLineName } from '../../common/validation.js';

/** Passwords are never truncated; 1,024 characters is far past any real one. */
const PASSWORD_MAX = 1024;

export class SignupDto implements SignupRequest {
  @ApiProperty({ example: 'ada@example.com' })
  @MaxLength(254)
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  email: string;

  @ApiProperty({ minLength: 6 })
  @MaxLength(PASSWORD_MAX)
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;

  @ApiProperty({ example: 'Ada Lovelace', maxLength: FULL_NAME_MAX_LENGTH })
  @OneLineName()
  @MaxLength(FULL_NAME_MAX_LENGTH)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;
}

export class LoginDto implements LoginRequest {
  @ApiProperty()
  @MaxLength(254)
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  email: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX)
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

export class EmailDto implements EmailRequest {
  @ApiProperty()
  @MaxLength(254)
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  email: string;
}

export class TokenDto implements TokenRequest {
  @ApiProperty()
  @MaxLength(200)
  @IsString()
  @IsNotEmpty()
  token: string;
}

export class RefreshDto implements RefreshRequest {
  @ApiProperty()
  @MaxLength(200)
  @IsString()
  @IsNotEmpty()
  refresh_token: string;
}

export class ResetPasswordDto extends TokenDto implements ResetPasswordRequest {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX)
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX)
  @IsString()
  @IsNotEmpty({ message: 'Current password is required' })
  current_password: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX)
  @IsString()
  @IsNotEmpty({ message: 'New password is required' })
  new_password: string;
}
