import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@leadpulse/common';

/** Passwords are never truncated; 1,024 characters is far past any real one. */
const PASSWORD_MAX = 1024;

export class SignupDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: 6 })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX)
  password: string;

  @ApiProperty({ example: 'Ada Lovelace' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200)
  name: string;
}

export class LoginDto {
  @ApiProperty()
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX)
  password: string;
}

export class EmailDto {
  @ApiProperty()
  @IsString({ message: MESSAGES.validation.emailRequired })
  @IsNotEmpty({ message: MESSAGES.validation.emailRequired })
  @MaxLength(254)
  email: string;
}

export class TokenDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

export class RefreshDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  refresh_token: string;
}

export class ResetPasswordDto extends TokenDto {
  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX)
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(PASSWORD_MAX)
  current_password: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'New password is required' })
  @MaxLength(PASSWORD_MAX)
  new_password: string;
}
