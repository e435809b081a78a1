// Environment settings of sign-in and secrets: JWT, two-step verification key, passwords, the start-up administrator.
import {
  IsBoolean,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { booleanFromEnv, RequiredInProduction, trimmed } from './environment-decorators.js';
import { ServerSettings } from './environment-server.js';

export class AuthSettings extends ServerSettings {
  @RequiredInProduction()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET?: string;

  /**
   * Encrypts two-step verification secrets at rest (AES-256-GCM): 32 bytes as 64 hex characters
   * or base64. Required in production; generated into the data folder in development.
   */
  @RequiredInProduction()
  @Matches(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, {
    message: 'MFA_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64',
  })
  @trimmed()
  MFA_ENCRYPTION_KEY?: string;

  /** Administrators must have two-step verification; unset, true in production only. */
  @IsOptional()
  @booleanFromEnv()
  @IsBoolean()
  ADMIN_MFA_REQUIRED?: boolean;

  @IsInt()
  @Min(60)
  JWT_ACCESS_TTL_SECONDS: number = 3600;

  @IsInt()
  @Min(1)
  REFRESH_TOKEN_TTL_DAYS: number = 30;

  @IsInt()
  @Min(1)
  @Max(128)
  PASSWORD_MIN_LENGTH: number = 6;

  /** With ADMIN_PASSWORD: an administrator created or promoted at every start. */
  @ValidateIf(
    (env: AuthSettings) => env.ADMIN_PASSWORD !== undefined || env.ADMIN_EMAIL !== undefined,
  )
  @IsEmail(
    {},
    { message: 'ADMIN_EMAIL must be an e-mail address, and is required with ADMIN_PASSWORD' },
  )
  ADMIN_EMAIL?: string;

  @ValidateIf((env: AuthSettings) => env.ADMIN_EMAIL !== undefined)
  @IsString({ message: 'ADMIN_PASSWORD is required with ADMIN_EMAIL' })
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters long' })
  ADMIN_PASSWORD?: string;
}
