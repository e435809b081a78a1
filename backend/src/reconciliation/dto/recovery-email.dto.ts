import { IsEmail } from 'class-validator';

export class RecoveryEmailDto {
  @IsEmail({}, { message: 'Please enter a valid email address.' }) email: string;
}
