import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
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
  ValidateIf,
  validateSync,
} from 'class-validator';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

// The raw string, not `value`: implicit conversion has already made any non-empty string true.
const booleanFromEnv = () =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
  });

const requiredInProduction: string[] = [];
const requiredWithStripeKey: string[] = [];

/** Validated when set, and required in production. */
const RequiredInProduction = (): PropertyDecorator => (target, property) => {
  requiredInProduction.push(String(property));
  ValidateIf(
    (env: EnvironmentVariables, value: unknown) =>
      env.NODE_ENV === 'production' || value !== undefined,
  )(target, property);
};

/** Validated when set, and required with STRIPE_SECRET_KEY. */
const RequiredWithStripeKey = (): PropertyDecorator => (target, property) => {
  requiredWithStripeKey.push(String(property));
  ValidateIf(
    (env: EnvironmentVariables, value: unknown) =>
      env.STRIPE_SECRET_KEY !== undefined || value !== undefined,
  )(target, property);
};

const llmConfigured = (env: EnvironmentVariables) =>
  env.LLM_BASE_URL !== undefined || env.LLM_API_KEY !== undefined || env.LLM_MODEL !== undefined;

/** The environment variables the backend reads; every one is documented in the README. */
export class EnvironmentVariables {
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

  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  @IsInt()
  @Min(0)
  SHUTDOWN_TIMEOUT_MS: number = 10_000;

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
    (env: EnvironmentVariables) =>
      env.ADMIN_PASSWORD !== undefined || env.ADMIN_EMAIL !== undefined,
  )
  @IsEmail(
    {},
    { message: 'ADMIN_EMAIL must be an e-mail address, and is required with ADMIN_PASSWORD' },
  )
  ADMIN_EMAIL?: string;

  @ValidateIf((env: EnvironmentVariables) => env.ADMIN_EMAIL !== undefined)
  @IsString({ message: 'ADMIN_PASSWORD is required with ADMIN_EMAIL' })
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters long' })
  ADMIN_PASSWORD?: string;

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

  /** Required in production; without it, development and tests use the local Stripe sandbox. */
  @RequiredInProduction()
  @Matches(/^(sk|rk)_(live|test)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)',
  })
  STRIPE_SECRET_KEY?: string;

  @RequiredInProduction()
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  /** First retry of a Stripe event whose processing failed; later ones wait about twice as long. */
  @IsInt()
  @Min(1)
  STRIPE_EVENTS_RETRY_DELAY_SECONDS: number = 10;

  /** Stripe price ids of the catalogue; the sandbox knows these defaults. Required with STRIPE_SECRET_KEY. */
  @RequiredWithStripeKey()
  @Matches(/^price_\w+$/, {
    message:
      'STRIPE_PRICE_FOUNDING must be a Stripe price id (price_…), required with STRIPE_SECRET_KEY',
  })
  STRIPE_PRICE_FOUNDING?: string;

  @IsOptional()
  @Matches(/^price_\w+$/, {
    message: 'STRIPE_PRICE_PROSPECTOR must be a Stripe price id (price_…)',
  })
  STRIPE_PRICE_PROSPECTOR?: string;

  @IsOptional()
  @Matches(/^price_\w+$/, { message: 'STRIPE_PRICE_NETWORKER must be a Stripe price id (price_…)' })
  STRIPE_PRICE_NETWORKER?: string;

  @IsOptional()
  @Matches(/^price_\w+$/, { message: 'STRIPE_PRICE_RAINMAKER must be a Stripe price id (price_…)' })
  STRIPE_PRICE_RAINMAKER?: string;

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

  /**
   * Days a member keeps their plan after a renewal's first failed payment; then the plan reads as
   * suspended until the invoice is paid.
   */
  @IsInt()
  @Min(0)
  @Max(90)
  BILLING_GRACE_DAYS: number = 7;

  /**
   * The local Stripe sandbox's Smart Retries: days after a failed renewal's first attempt on
   * which it charges again, comma-separated.
   */
  @trimmed()
  @Matches(/^(\d{1,2}(\s*,\s*\d{1,2})*)?$/, {
    message: 'STRIPE_SANDBOX_RETRY_DAYS must be whole days separated by commas, such as 3,5,7,14',
  })
  STRIPE_SANDBOX_RETRY_DAYS: string = '3,5,7,14';

  /** What the local sandbox makes of a subscription whose last retry failed. */
  @IsIn(['canceled', 'unpaid', 'past_due'])
  STRIPE_SANDBOX_AFTER_RETRIES: 'canceled' | 'unpaid' | 'past_due' = 'canceled';

  /** Where the Stripe SDK sends requests; the local sandbox's address in development and tests. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  STRIPE_API_URL: string = 'https://api.stripe.com';

  /** Replaces the demo clip shipped with the site. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  DEMO_VIDEO_URL?: string;

  /** Without it, e-mails stay in the outbox as `logged` and their links are printed. */
  @IsOptional()
  @IsString()
  @MinLength(10)
  SENDGRID_API_KEY?: string;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  SENDGRID_API_URL: string = 'https://api.sendgrid.com';

  /** The signed event webhook's verification key (Mail Settings); without it the webhook is refused. */
  @IsOptional()
  @IsString()
  @MinLength(40)
  SENDGRID_WEBHOOK_PUBLIC_KEY?: string;

  // A real sender must be verified with SendGrid, so a made-up default would only fail later.
  @ValidateIf(
    (env: EnvironmentVariables) =>
      env.SENDGRID_API_KEY !== undefined || env.MAIL_FROM !== undefined,
  )
  @Matches(/^(.+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
    message:
      'MAIL_FROM must be an address or "Name <address>", and is required with SENDGRID_API_KEY',
  })
  MAIL_FROM?: string;

  @IsOptional()
  @IsString()
  SUPPORT_EMAIL?: string;

  /** First retry delay of a failed delivery; later ones double (about an hour over 6 attempts at 60). */
  @IsInt()
  @Min(1)
  MAIL_RETRY_DELAY_SECONDS: number = 60;

  @IsInt()
  @Min(0)
  @Max(20)
  MAIL_RETRY_LIMIT: number = 5;

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

  /** An OpenAI-compatible API writes the comment drafts when all three LLM_ settings are set. */
  @ValidateIf(llmConfigured)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  LLM_BASE_URL?: string;

  @ValidateIf(llmConfigured)
  @IsString()
  @MinLength(1, { message: 'LLM_API_KEY is required with LLM_BASE_URL and LLM_MODEL' })
  LLM_API_KEY?: string;

  @ValidateIf(llmConfigured)
  @IsString()
  @MinLength(1, { message: 'LLM_MODEL is required with LLM_BASE_URL and LLM_API_KEY' })
  LLM_MODEL?: string;

  /** How long the drafts wait for the LLM before the offline writer takes over. */
  @IsInt()
  @Min(100)
  @Max(120_000)
  LLM_TIMEOUT_MS: number = 15_000;

  /**
   * Automation webhooks may reach loopback and private addresses and plain HTTP: for development
   * and tests. Unset, true outside production; production refuses them.
   */
  @IsOptional()
  @booleanFromEnv()
  @IsBoolean()
  AUTOMATION_WEBHOOK_ALLOW_PRIVATE?: boolean;

  /** First retry of a failed automation webhook; later ones wait about twice as long. */
  @IsInt()
  @Min(1)
  AUTOMATION_WEBHOOK_RETRY_DELAY_SECONDS: number = 30;

  /** Retries of a failed automation webhook after its first attempt. */
  @IsInt()
  @Min(0)
  @Max(20)
  AUTOMATION_WEBHOOK_RETRY_LIMIT: number = 6;

  /** How often the server samples the figures of the admin Health page (the last 100 are kept). */
  @IsNumber()
  @Min(0.1)
  HEALTH_SAMPLE_INTERVAL_SECONDS: number = 60;
}

/**
 * What production cannot start without: the settings it requires, then those required with
 * STRIPE_SECRET_KEY (itself required there). docker-compose.yml must pass each one.
 */
export const PRODUCTION_REQUIRES: readonly string[] = [
  ...requiredInProduction,
  ...requiredWithStripeKey,
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once; an empty value counts as unset. */
export function parseEnvironment(env: NodeJS.ProcessEnv): EnvironmentVariables {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = plainToInstance(EnvironmentVariables, present, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(parsed, { skipMissingProperties: false });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.map((error) => {
        const messages = Object.values(error.constraints ?? {});
        const value = error.property in present ? '' : ' (missing)';
        return `${error.property}${value}: ${messages.join('; ')}`;
      }),
    );
  }
  return parsed;
}
