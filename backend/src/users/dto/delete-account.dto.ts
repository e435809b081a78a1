import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { DeleteAccountRequest } from '@leadpulse/common';

/** "Delete my account": the member's password, and a two-step code when they have a factor. */
export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(1024)
  password: string;

  @ApiPropertyOptional({ description: 'A current two-step code or a recovery code' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{6,32}$/, { message: 'Please enter the code from your app.' })
  code?: string;
}
