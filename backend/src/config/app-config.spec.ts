import { AppConfig } from './app-config.js';
import { ConfigError } from './environment.js';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    AppConfig.fromEnvironment(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('AppConfig', () => {
  it('runs with no variables at all, on the embedded database', () => {
    const config = AppConfig.fromEnvironment({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      appUrl: 'http://localhost:3000',
      appName: 'LeadPulse',
      databaseUrl: undefined,
      dataDir: '/srv/app/.data',
      corsOrigins: ['http://localhost:3000'],
      logLevel: 'info',
    });
  });

  it('converts and keeps the values it is given', () => {
    const config = AppConfig.fromEnvironment(
      {
        PORT: '8080',
        APP_URL: 'https://app.example.com/',
        DATABASE_URL: 'postgres://u@db:5432/app',
        DATA_DIR: '/var/lib/app',
        CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://app.example.com',
      databaseUrl: 'postgres://u@db:5432/app',
      dataDir: '/var/lib/app',
      corsOrigins: ['https://app.example.com', 'https://a.example.com', 'https://b.example.com'],
    });
  });

  it('treats an empty value as unset', () => {
    expect(AppConfig.fromEnvironment({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  it('names a bad variable', () => {
    const problems = problemsOf({ PORT: 'eighty' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT/);
    expect(problemsOf({ LOG_LEVEL: 'loud' })[0]).toMatch(/^LOG_LEVEL/);
    expect(problemsOf({ APP_URL: 'not a url' })[0]).toMatch(/^APP_URL/);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL/);
  });

  it('requires a database server, secrets and Stripe keys in production, and names them', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'DATABASE_URL',
      'METRICS_TOKEN',
      'JWT_SECRET',
      'MFA_ENCRYPTION_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems.join('\n')).toContain('(missing)');
  });

  it('refuses a short JWT secret', () => {
    expect(problemsOf({ JWT_SECRET: 'short' })[0]).toMatch(/^JWT_SECRET.*32 characters/);
  });

  const PRODUCTION = {
    DATABASE_URL: 'postgresql://app@db/app',
    JWT_SECRET: 'x'.repeat(48),
    MFA_ENCRYPTION_KEY: 'ab'.repeat(32),
    METRICS_TOKEN: 'm'.repeat(24),
    STRIPE_SECRET_KEY: 'sk_live_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    STRIPE_PRICE_FOUNDING: 'price_founding123',
  };

  it('starts in production with a server and a strong secret', () => {
    const config = AppConfig.fromEnvironment({ NODE_ENV: 'production', ...PRODUCTION });
    expect(config.isProduction).toBe(true);
    expect(config.mfaEncryptionKey).toEqual(Buffer.alloc(32, 0xab));
    // Administrators need two-step verification in production unless told otherwise.
    expect(config.auth.adminMfaRequired).toBe(true);
  });

  it('reads the two-step verification key as hex or base64, and refuses any other length', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
    for (const written of [
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
      key.toString('base64'),
      key.toString('base64url'),
    ])
      expect(AppConfig.fromEnvironment({ MFA_ENCRYPTION_KEY: written }).mfaEncryptionKey).toEqual(
        key,
      );
    for (const wrong of ['ab'.repeat(31), 'ab'.repeat(33), key.toString('base64').slice(0, 40)])
      expect(problemsOf({ MFA_ENCRYPTION_KEY: wrong })[0]).toBe(
        'MFA_ENCRYPTION_KEY: MFA_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64',
      );
  });

  it('requires two-step verification of administrators only in production, unless set', () => {
    expect(AppConfig.fromEnvironment({}).auth.adminMfaRequired).toBe(false);
    expect(AppConfig.fromEnvironment({ NODE_ENV: 'test' }).auth.adminMfaRequired).toBe(false);
    expect(AppConfig.fromEnvironment({ ADMIN_MFA_REQUIRED: 'true' }).auth.adminMfaRequired).toBe(
      true,
    );
    expect(
      AppConfig.fromEnvironment({
        NODE_ENV: 'production',
        ADMIN_MFA_REQUIRED: 'false',
        ...PRODUCTION,
      }).auth.adminMfaRequired,
    ).toBe(false);
    expect(problemsOf({ ADMIN_MFA_REQUIRED: 'maybe' })[0]).toMatch(/^ADMIN_MFA_REQUIRED/);
  });

  it('reads false as false in every boolean setting', () => {
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(problemsOf({ TRUST_PROXY: 'yes please' })[0]).toMatch(/^TRUST_PROXY/);
  });

  it('reads TRUST_PROXY as a number of proxy hops or a list of proxy addresses', () => {
    expect(AppConfig.fromEnvironment({}).trustProxy).toBe(false);
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      AppConfig.fromEnvironment({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const wrong of ['-1', '1.5', '10.0.0.0/33', '10.0.0.1,nginx', 'fd00::/129', '10.0.0'])
      expect(problemsOf({ TRUST_PROXY: wrong })[0]).toMatch(
        /^TRUST_PROXY: TRUST_PROXY must be false, a number/,
      );
  });

  it('lists every problem in its message', () => {
    const error = (() => {
      try {
        AppConfig.fromEnvironment({ PORT: '-1', NODE_ENV: 'staging' });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toContain('PORT');
    expect(error?.message).toContain('NODE_ENV');
  });

  it('reads the LLM settings only all together, with a 15 s timeout by default', () => {
    expect(AppConfig.fromEnvironment({}).llm).toBeUndefined();
    const llm = {
      LLM_BASE_URL: 'http://127.0.0.1:9999/v1',
      LLM_API_KEY: 'sk-abc',
      LLM_MODEL: 'gpt-4o-mini',
    };
    expect(AppConfig.fromEnvironment(llm).llm).toEqual({
      baseUrl: 'http://127.0.0.1:9999/v1',
      apiKey: 'sk-abc',
      model: 'gpt-4o-mini',
      timeoutMs: 15_000,
    });
    expect(problemsOf({ LLM_BASE_URL: llm.LLM_BASE_URL }).join('\n')).toMatch(
      /LLM_API_KEY[\s\S]*LLM_MODEL/,
    );
    expect(problemsOf({ ...llm, LLM_BASE_URL: 'not a url' })[0]).toMatch(/^LLM_BASE_URL/);
  });
});
