// Environment settings of rate limits: sign-in failures, requests per endpoint, founding holds per address.
import { IsInt, Min } from 'class-validator';
import { AuthSettings } from './environment-auth.js';

export class LimitSettings extends AuthSettings {
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ACCOUNT: number = 10;

  @IsInt()
  @Min(1)
  LOGIN_ACCOUNT_WINDOW_SECONDS: number = 900;

  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_IP: number = 30;

  @IsInt()
  @Min(1)
  LOGIN_IP_WINDOW_SECONDS: number = 300;

  /** Requests per IP per 15 minutes on the other auth endpoints. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_SIGNUP: number = 20;

  @IsInt()
  @Min(1)
  RATE_LIMIT_RECOVER: number = 20;

  @IsInt()
  @Min(1)
  RATE_LIMIT_CONFIRM: number = 60;

  @IsInt()
  @Min(1)
  RATE_LIMIT_REFRESH: number = 600;

  @IsInt()
  @Min(1)
  RATE_LIMIT_SUBSCRIBE: number = 30;

  /** Browser log entries and error reports per address per 15 minutes. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_CLIENT_LOGS: number = 300;

  @IsInt()
  @Min(1)
  RATE_LIMIT_CHECKOUT: number = 10;

  /** Downloads of a member's own data per account per hour. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_EXPORT: number = 5;

  /** Founding spots one client address may hold at once in unfinished checkouts. */
  @IsInt()
  @Min(1)
  FOUNDING_HOLDS_PER_ADDRESS: number = 2;
}
