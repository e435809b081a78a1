import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { PasswordsService } from '../src/auth/passwords.service.js';
import { PASSWORD, signUpAndConfirm, uniqueEmail } from './support/accounts.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
])('rate limits with counters in %s', (_store, storeEnv: Record<string, string>) => {
  let t: TestApp;
  let address = 0;
  /** Each test speaks from its own address so counters never leak between tests. */
  const nextIp = () => `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const from = (ip: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  beforeAll(async () => {
    if (storeEnv.REDIS_URL) {
      const redis = new Redis(storeEnv.REDIS_URL);
      const keys = await redis.keys('leadpulse:rl:*');
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    t = await startTestApp({
      env: {
        ...storeEnv,
        JOBS_POLL_INTERVAL_SECONDS: '0.5',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_MAX_FAILURES_PER_IP: '5',
        RATE_LIMIT_SIGNUP: '2',
        RATE_LIMIT_RECOVER: '2',
        RATE_LIMIT_CONFIRM: '1000',
        RATE_LIMIT_REFRESH: '2',
      },
    });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('locks an account for an address after too many failures from it, answering 429 with Retry-After without checking the password', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('locked'));
    const email = session.user.email;
    const ip = nextIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await from(ip, '/api/auth/login', { email, password: 'wrong password' })).statusCode,
      ).toBe(400);
    }
    const verify = jest.spyOn(t.app.get(PasswordsService), 'verify');
    try {
      const locked = await from(ip, '/api/auth/login', { email, password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        statusCode: 429,
        code: 'too_many_requests',
        message: 'Too many login attempts. Please wait a moment and try again.',
      });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  it('blocks an address after too many failures across accounts, and only that address', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await from(ip, '/api/auth/login', {
        email: uniqueEmail('spray'),
        password: 'guess',
      });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await from(ip, '/api/auth/login', { email: uniqueEmail('spray'), password: 'guess' }))
        .statusCode,
    ).toBe(429);
    expect(
      (await from(nextIp(), '/api/auth/login', { email: uniqueEmail('spray'), password: 'guess' }))
        .statusCode,
    ).toBe(400);
  });

  it('resets the account counter for an address after a successful sign-in from it', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('recovers'));
    const email = session.user.email;
    const ip = nextIp();
    for (let attempt = 0; attempt < 2; attempt++)
      await from(ip, '/api/auth/login', { email, password: 'oops' });
    expect((await from(ip, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await from(ip, '/api/auth/login', { email, password: 'oops' })).statusCode).toBe(400);
    }
  });

  it.each([
    [
      'signup',
      (i: number) => ({ email: uniqueEmail(`limit${i}`), password: PASSWORD, name: 'Limit Test' }),
    ],
    ['recover', () => ({ email: uniqueEmail('limit') })],
  ])('limits %s per address', async (endpoint, body) => {
    const ip = nextIp();
    for (let i = 0; i < 2; i++)
      expect((await from(ip, `/api/auth/${endpoint}`, body(i))).statusCode).toBeLessThan(300);
    const limited = await from(ip, `/api/auth/${endpoint}`, body(9));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
