import { IsEmail } from 'class-validator';
import type { RecoveryEmailRequest } from '@leadpulse/common';

export class RecoveryEmailDto implements RecoveryEmailRequest {
  @IsEmail({}, { message: 'Please enter a valid email address.' }) email: string;
}
