import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger as PinoLogger } from 'pino';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.js';
import { AppConfig } from '../../src/config/app-config.js';
import { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { mailboxLogger } from './mailbox.js';
import { SandboxRecorder } from '@leadpulse/stripe-sandbox/fidelity';

export interface TestApp {
  app: NestFastifyApplication;
  dataSource: DataSource;
  config: AppConfig;
  /** The address it listens on, with `listen: true`. */
  url?: string;
  /** The app's own Stripe sandbox, unless the test brought a STRIPE_API_URL. */
  sandbox?: StripeSandbox;
  close(): Promise<void>;
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set: run integration tests through jest --selectProjects integration',
    );
  return url;
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
/** Every per-address and per-account limit out of the way, for tests that send many requests. */
export const NO_RATE_LIMITS: NodeJS.ProcessEnv = Object.fromEntries(
  [
    'RATE_LIMIT_SIGNUP',
    'RATE_LIMIT_CONFIRM',
    'RATE_LIMIT_RECOVER',
    'RATE_LIMIT_REFRESH',
    'RATE_LIMIT_SUBSCRIBE',
    'RATE_LIMIT_CLIENT_LOGS',
    'RATE_LIMIT_CHECKOUT',
    'FOUNDING_HOLDS_PER_ADDRESS',
    'LOGIN_MAX_FAILURES_PER_IP',
    'LOGIN_MAX_FAILURES_PER_ACCOUNT',
  ].map((name) => [name, '1000000']),
);

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const TEST_MFA_ENCRYPTION_KEY = '5a'.repeat(32);

export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  return AppConfig.fromEnvironment({
    NODE_ENV: 'test',
    // Like production: the configuration names the PostgreSQL server the app is given.
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    MFA_ENCRYPTION_KEY: TEST_MFA_ENCRYPTION_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    // Tests wait for the jobs they queue: idle workers look for them as often as pg-boss allows.
    JOBS_POLL_INTERVAL_SECONDS: '0.5',
    ...env,
  });
}

/** The whole application over the real HTTP stack (use `app.inject`), on the run's database. */
export async function startTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    databaseUrl?: string;
    listen?: boolean;
    /** The app's root logger; silent unless TEST_LOG_LEVEL says otherwise (the mailbox reads it). */
    logger?: PinoLogger;
  } = {},
): Promise<TestApp> {
  // Every test app talks to a Stripe sandbox of its own unless the test brings one (or a URL);
  // what it answers is checked against Stripe's types when the app closes.
  const recorder = new SandboxRecorder();
  const sandbox = options.env?.STRIPE_API_URL
    ? undefined
    : new StripeSandbox({
        webhookSecret: TEST_WEBHOOK_SECRET,
        webhookUrl: () => undefined,
        onTraffic: recorder.record,
      });
  const sandboxUrl = sandbox ? await sandbox.start() : undefined;
  const config = testConfig({
    ...(sandboxUrl ? { STRIPE_API_URL: sandboxUrl } : {}),
    ...options.env,
  });
  const logger = options.logger ?? mailboxLogger(process.env.TEST_LOG_LEVEL);
  const app = await createApp({
    config,
    databaseUrl: options.databaseUrl ?? testDatabaseUrl(),
    logger,
    frontEnds: [],
  });
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const address = app.getHttpServer().address();
  const url =
    options.listen && typeof address === 'object' && address
      ? `http://127.0.0.1:${address.port}`
      : undefined;
  return {
    app,
    dataSource: app.get(DataSource),
    config,
    url,
    sandbox,
    close: async () => {
      await app.close();
      await sandbox?.stop();
      await recorder.expectFaithful(expect.getState().testPath);
    },
  };
}

/** Every table but the migrations and the seeded catalogue, emptied: each test file starts clean. */
export async function resetDatabase(dataSource: DataSource): Promise<void> {
  const tables = dataSource.entityMetadatas
    .map((entity) => entity.tableName)
    // The plan catalogue and the built-in Owner role are part of the schema, not of a test's data.
    .filter((table) => table !== 'plans' && table !== 'roles')
    .map((table) => `"${table}"`);
  if (tables.length > 0)
    await dataSource.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
  await dataSource.query(`DELETE FROM roles WHERE NOT is_owner`);
  // Jobs left by an earlier file would keep the workers busy with rows that no longer exist.
  const [{ jobs }] = await dataSource.query(`SELECT to_regclass('pgboss.job') IS NOT NULL AS jobs`);
  if (jobs) await dataSource.query(`DELETE FROM pgboss.job`);
}
