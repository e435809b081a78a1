import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { parseEnvironment } from './environment.js';
import type { TrustProxy } from './trust-proxy.js';

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** 32 bytes from 64 hex characters or from base64 (standard or URL-safe), as the setting allows. */
export function parseEncryptionKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

type ConfigValues = Omit<AppConfig, 'version' | 'with'>;

/** The typed configuration, built once at boot and injected wherever it is needed. */
export class AppConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  /** Public URL of the product; e-mail links are built from it, never from a request's Host. */
  readonly appUrl: string;
  readonly appName: string;
  /** A PostgreSQL server's URL, or undefined for the embedded database. */
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  /** Absolute path of the data folder (embedded database, generated secrets). */
  readonly dataDir: string;
  /** Absolute path of this instance's scratch folder for lead imports. */
  readonly uploadDir: string;
  /** Which instance this is, on the Health page and in the metrics. */
  readonly instanceId: string;
  readonly jwtSecret: string | undefined;
  /** The AES-256 key of two-step verification secrets (32 bytes). */
  readonly mfaEncryptionKey: Buffer | undefined;
  /** Required to read /api/metrics when set. */
  readonly metricsToken: string | undefined;
  readonly corsOrigins: string[];
  readonly logLevel: string;
  readonly shutdownTimeoutMs: number;
  readonly mail: {
    sendgridApiKey: string | undefined;
    sendgridApiUrl: string;
    sendgridTimeoutSeconds: number;
    /** Verifies SendGrid's signed event webhook (base64 of the ECDSA public key). */
    sendgridWebhookPublicKey: string | undefined;
    from: string;
    supportEmail: string;
    retryDelaySeconds: number;
    retryLimit: number;
  };
  readonly jobsPollIntervalSeconds: number;
  /** A job still running after this long is taken as lost with its worker, and retried. */
  readonly jobsExpireSeconds: number;
  /** How often the queue looks for such lost jobs. */
  readonly jobsMaintenanceIntervalSeconds: number;
  readonly healthSampleIntervalSeconds: number;
  readonly auth: {
    accessTtlSeconds: number;
    refreshTtlDays: number;
    passwordMinLength: number;
    adminEmail: string | undefined;
    adminPassword: string | undefined;
    /** Administrators without a verified two-step factor are refused every admin route. */
    adminMfaRequired: boolean;
  };
  readonly redisUrl: string | undefined;
  readonly demoVideoUrl: string | undefined;
  readonly billing: {
    /** Days a member keeps their plan after a renewal's first failed payment. */
    graceDays: number;
  };
  readonly stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
    eventsRetryDelaySeconds: number;
    /** Stripe price id per catalogue plan code. */
    prices: Record<'founding_member' | 'prospector' | 'networker' | 'rainmaker', string>;
  };
  /** The comment drafts' LLM; undefined: the offline writer alone. */
  readonly llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  readonly automation: {
    /** Webhooks may reach loopback and private addresses and plain HTTP (development, tests). */
    webhookAllowPrivate: boolean;
    webhookRetryDelaySeconds: number;
    webhookRetryLimit: number;
  };
  readonly trustProxy: TrustProxy;
  readonly rateLimits: {
    loginPerAccount: { limit: number; windowSeconds: number };
    loginPerIp: { limit: number; windowSeconds: number };
    signup: { limit: number; windowSeconds: number };
    recover: { limit: number; windowSeconds: number };
    confirm: { limit: number; windowSeconds: number };
    refresh: { limit: number; windowSeconds: number };
    subscribe: { limit: number; windowSeconds: number };
    clientLogs: { limit: number; windowSeconds: number };
    checkout: { limit: number; windowSeconds: number };
    /** Downloads of one's own data, per account. */
    export: { limit: number; windowSeconds: number };
    /** Live founding holds per client address. */
    foundingHoldsPerAddress: number;
  };
  /** The backend package's version (the Health page's System Info). */
  readonly version: string = PACKAGE_VERSION;

  constructor(values: ConfigValues) {
    Object.assign(this, values);
  }

  static fromEnvironment(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
    const vars = parseEnvironment(env);
    const appUrl = (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
    return new AppConfig({
      env: vars.NODE_ENV,
      isProduction: vars.NODE_ENV === 'production',
      port: vars.PORT,
      host: vars.HOST,
      appUrl,
      appName: vars.APP_NAME,
      databaseUrl: vars.DATABASE_URL,
      databasePoolSize: vars.DATABASE_POOL_SIZE,
      dataDir: isAbsolute(vars.DATA_DIR) ? vars.DATA_DIR : resolve(cwd, vars.DATA_DIR),
      uploadDir: resolve(cwd, vars.UPLOAD_DIR ?? join(vars.DATA_DIR, 'uploads')),
      instanceId: vars.INSTANCE_ID ?? `${hostname()}:${process.pid}`,
      jwtSecret: vars.JWT_SECRET,
      mfaEncryptionKey: vars.MFA_ENCRYPTION_KEY
        ? parseEncryptionKey(vars.MFA_ENCRYPTION_KEY)
        : undefined,
      metricsToken: vars.METRICS_TOKEN,
      corsOrigins: [
        new URL(appUrl).origin,
        ...(vars.CORS_ORIGINS ?? '')
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ],
      logLevel: vars.LOG_LEVEL,
      shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
      mail: {
        sendgridApiKey: vars.SENDGRID_API_KEY,
        sendgridApiUrl: vars.SENDGRID_API_URL.replace(/\/+$/, ''),
        sendgridTimeoutSeconds: vars.SENDGRID_TIMEOUT_SECONDS,
        sendgridWebhookPublicKey: vars.SENDGRID_WEBHOOK_PUBLIC_KEY,
        from: vars.MAIL_FROM ?? `${vars.APP_NAME} <no-reply@${new URL(appUrl).hostname}>`,
        supportEmail: vars.SUPPORT_EMAIL ?? `support@${new URL(appUrl).hostname}`,
        retryDelaySeconds: vars.MAIL_RETRY_DELAY_SECONDS,
        retryLimit: vars.MAIL_RETRY_LIMIT,
      },
      jobsPollIntervalSeconds: vars.JOBS_POLL_INTERVAL_SECONDS,
      jobsExpireSeconds: vars.JOBS_EXPIRE_SECONDS,
      jobsMaintenanceIntervalSeconds: vars.JOBS_MAINTENANCE_INTERVAL_SECONDS,
      healthSampleIntervalSeconds: vars.HEALTH_SAMPLE_INTERVAL_SECONDS,
      auth: {
        accessTtlSeconds: vars.JWT_ACCESS_TTL_SECONDS,
        refreshTtlDays: vars.REFRESH_TOKEN_TTL_DAYS,
        passwordMinLength: vars.PASSWORD_MIN_LENGTH,
        adminEmail: vars.ADMIN_EMAIL,
        adminPassword: vars.ADMIN_PASSWORD,
        adminMfaRequired: vars.ADMIN_MFA_REQUIRED ?? vars.NODE_ENV === 'production',
      },
      redisUrl: vars.REDIS_URL,
      demoVideoUrl: vars.DEMO_VIDEO_URL,
      billing: { graceDays: vars.BILLING_GRACE_DAYS },
      stripe: {
        secretKey: vars.STRIPE_SECRET_KEY,
        webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
        apiUrl: vars.STRIPE_API_URL,
        eventsRetryDelaySeconds: vars.STRIPE_EVENTS_RETRY_DELAY_SECONDS,
        prices: {
          founding_member: vars.STRIPE_PRICE_FOUNDING ?? 'price_founding_member',
          prospector: vars.STRIPE_PRICE_PROSPECTOR ?? 'price_prospector',
          networker: vars.STRIPE_PRICE_NETWORKER ?? 'price_networker',
          rainmaker: vars.STRIPE_PRICE_RAINMAKER ?? 'price_rainmaker',
        },
      },
      llm:
        vars.LLM_BASE_URL && vars.LLM_API_KEY && vars.LLM_MODEL
          ? {
              baseUrl: vars.LLM_BASE_URL,
              apiKey: vars.LLM_API_KEY,
              model: vars.LLM_MODEL,
              timeoutMs: vars.LLM_TIMEOUT_MS,
            }
          : undefined,
      automation: {
        webhookAllowPrivate:
          vars.AUTOMATION_WEBHOOK_ALLOW_PRIVATE ?? vars.NODE_ENV !== 'production',
        webhookRetryDelaySeconds: vars.AUTOMATION_WEBHOOK_RETRY_DELAY_SECONDS,
        webhookRetryLimit: vars.AUTOMATION_WEBHOOK_RETRY_LIMIT,
      },
      trustProxy: vars.TRUST_PROXY,
      rateLimits: {
        loginPerAccount: {
          limit: vars.LOGIN_MAX_FAILURES_PER_ACCOUNT,
          windowSeconds: vars.LOGIN_ACCOUNT_WINDOW_SECONDS,
        },
        loginPerIp: {
          limit: vars.LOGIN_MAX_FAILURES_PER_IP,
          windowSeconds: vars.LOGIN_IP_WINDOW_SECONDS,
        },
        signup: { limit: vars.RATE_LIMIT_SIGNUP, windowSeconds: 900 },
        recover: { limit: vars.RATE_LIMIT_RECOVER, windowSeconds: 900 },
        confirm: { limit: vars.RATE_LIMIT_CONFIRM, windowSeconds: 900 },
        refresh: { limit: vars.RATE_LIMIT_REFRESH, windowSeconds: 900 },
        subscribe: { limit: vars.RATE_LIMIT_SUBSCRIBE, windowSeconds: 900 },
        clientLogs: { limit: vars.RATE_LIMIT_CLIENT_LOGS, windowSeconds: 900 },
        checkout: { limit: vars.RATE_LIMIT_CHECKOUT, windowSeconds: 900 },
        export: { limit: vars.RATE_LIMIT_EXPORT, windowSeconds: 3600 },
        foundingHoldsPerAddress: vars.FOUNDING_HOLDS_PER_ADDRESS,
      },
    });
  }

  /** A copy with some values replaced: for tests and for the address the server really got. */
  with(overrides: Partial<ConfigValues>): AppConfig {
    return new AppConfig({ ...this, ...overrides });
  }
}
