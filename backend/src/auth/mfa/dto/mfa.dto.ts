import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import type { MfaChallengeRequest, MfaCodeRequest, VerifyTotpRequest } from '@leadpulse/common';

const CODE_REQUIRED = 'Code is required';

export class VerifyTotpDto implements VerifyTotpRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'factor_id must be a UUID' })
  factor_id: string;

  @ApiProperty({ example: '123456', description: 'A code of the authenticator app' })
  @MaxLength(20)
  @IsString({ message: CODE_REQUIRED })
  @IsNotEmpty({ message: CODE_REQUIRED })
  code: string;
}

export class MfaCodeDto implements MfaCodeRequest {
  @ApiProperty({ description: 'A code of the authenticator app, or a recovery code' })
  @MaxLength(40)
  @IsString({ message: CODE_REQUIRED })
  @IsNotEmpty({ message: CODE_REQUIRED })
  code: string;
}

/** `{ mfa_token, code }` or `{ mfa_token, recovery_code }`. */
export class MfaChallengeDto implements MfaChallengeRequest {
  @ApiProperty()
  @MaxLength(200)
  @IsString()
  @IsNotEmpty()
  mfa_token: string;

  @ApiPropertyOptional({ example: '123456', description: 'A code of the authenticator app' })
  @ValidateIf(
    (body: MfaChallengeDto) => body.code !== undefined || body.recovery_code === undefined,
  )
  @MaxLength(20)
  @IsString({ message: CODE_REQUIRED })
  @IsNotEmpty({ message: CODE_REQUIRED })
  code?: string;

  @ApiPropertyOptional({ example: '7K3Q-XM2P-9HDR-TV4B', description: 'One of the recovery codes' })
  @ValidateIf((body: MfaChallengeDto) => body.recovery_code !== undefined)
  @MaxLength(40)
  @IsString()
  @IsNotEmpty()
  recovery_code?: string;
}
