// Environment settings of the server itself: address, database, data folder, logs, proxies, jobs and health sampling.
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { RequiredInProduction, trimmed } from './environment-decorators.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

export class ServerSettings {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  APP_URL?: string;

  @IsString()
  @MinLength(1)
  APP_NAME: string = 'LeadPulse';

  // Required in production: the embedded database is for development and trials only.
  @RequiredInProduction()
  @Matches(/^postgres(ql)?:\/\/.+/, {
    message: 'DATABASE_URL must be a postgres:// connection URL',
  })
  @trimmed()
  DATABASE_URL?: string;

  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE: number = 10;

  @IsString()
  DATA_DIR: string = '.data';

  /** This instance's scratch folder for lead imports, `$DATA_DIR/uploads` unless told. */
  @IsOptional()
  @IsString()
  @trimmed()
  UPLOAD_DIR?: string;

  /** The name the Health page and the metrics give this instance; host name and process id unless told. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,62}$/, {
    message: 'INSTANCE_ID must be 1 to 63 letters, digits, dots, colons, dashes or underscores',
  })
  INSTANCE_ID?: string;

  /** Bearer token for GET /api/metrics; required in production, optional elsewhere. */
  @RequiredInProduction()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  METRICS_TOKEN?: string;

  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  @IsInt()
  @Min(0)
  SHUTDOWN_TIMEOUT_MS: number = 10_000;

  /** Rate-limit counters live here when set (shared by every instance), else in PostgreSQL. */
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  /**
   * Which X-Forwarded-For entries to believe: false (none: a client could forge its address),
   * a number of proxy hops in front, or a comma-separated list of the proxies' addresses or
   * CIDR ranges. true believes the first entry, which the client writes.
   */
  @Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    return raw === undefined ? false : (parseTrustProxy(raw) ?? raw);
  })
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) => typeof value !== 'string',
      defaultMessage: () =>
        'TRUST_PROXY must be false, a number of proxy hops (1 behind one proxy), a comma-separated list of proxy addresses or CIDR ranges, or true',
    },
  })
  TRUST_PROXY: TrustProxy = false;

  /** Replaces the demo clip shipped with the site. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  DEMO_VIDEO_URL?: string;

  /** How often idle job workers look for new jobs (pg-boss accepts 0.5 and up). */
  @IsNumber()
  @Min(0.5)
  JOBS_POLL_INTERVAL_SECONDS: number = 2;

  /**
   * A job still running after this many seconds is taken as lost (its worker crashed) and
   * retried; handlers are idempotent, so a slow one that finishes later changes nothing.
   */
  @IsInt()
  @Min(1)
  JOBS_EXPIRE_SECONDS: number = 300;

  /** How often the queue looks for lost jobs and retries them. */
  @IsInt()
  @Min(1)
  JOBS_MAINTENANCE_INTERVAL_SECONDS: number = 60;

  /** How often the server samples the figures of the admin Health page (the last 100 are kept). */
  @IsNumber()
  @Min(0.1)
  HEALTH_SAMPLE_INTERVAL_SECONDS: number = 60;
}
