import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { PasswordsService } from '../src/auth/passwords.service.js';
import { PASSWORD, bearer, signUpAndConfirm, uniqueEmail } from './support/accounts.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The defaults: 10 failures per account (and address), 30 per address, 100 per account. */
const PER_ACCOUNT = 10;
const ACCOUNT_CEILING = 100;
/** A hundred argon2 checks take seconds on a busy machine. */
const SLOW = 30_000;

/** Limits on password checks hold however requests are timed, and guessers cannot lock owners out. */
describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
])('password attempt limits with counters in %s', (_store, storeEnv: Record<string, string>) => {
  let t: TestApp;
  let verify: jest.SpiedFunction<PasswordsService['verify']>;
  let address = 0;
  /** Each test speaks from its own addresses so counters never leak between tests. */
  const nextIp = () => `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const login = (ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });
  const codes = (responses: { statusCode: number; json(): { code: string } }[]) =>
    responses.map((response) => `${response.statusCode} ${response.json().code}`);
  const count = (list: string[], value: string) => list.filter((item) => item === value).length;
  /** Resolves once `verify` has been called `calls` times (polled without delay). */
  const verificationsStarted = async (calls: number) => {
    const deadline = Date.now() + 30_000;
    while (verify.mock.calls.length < calls) {
      if (Date.now() > deadline) throw new Error(`only ${verify.mock.calls.length} verifications`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  beforeAll(async () => {
    if (storeEnv.REDIS_URL) {
      const redis = new Redis(storeEnv.REDIS_URL);
      const keys = await redis.keys('leadpulse:rl:*');
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    t = await startTestApp({
      env: { ...storeEnv, JOBS_POLL_INTERVAL_SECONDS: '0.5', RATE_LIMIT_CONFIRM: '1000' },
    });
    await resetDatabase(t.dataSource);
  });
  beforeEach(() => {
    verify = jest.spyOn(t.app.get(PasswordsService), 'verify');
  });
  afterEach(() => verify.mockRestore());
  afterAll(() => t.close());

  it(
    'checks at most the limit of 100 concurrent guesses from one address, and then refuses the right password',
    async () => {
      const { email } = (await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('burst'))).user;
      verify.mockClear();
      const ip = nextIp();
      const guesses = Promise.all(
        Array.from({ length: 100 }, (_, i) => login(ip, email, `wrong guess ${i}`)),
      );
      // The right password arrives while the guesses are still being checked.
      await verificationsStarted(PER_ACCOUNT);
      const right = await login(ip, email, PASSWORD);
      const answers = codes(await guesses);

      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({
        statusCode: 429,
        code: 'too_many_requests',
        message: 'Too many login attempts. Please wait a moment and try again.',
      });
      expect(count(answers, '400 invalid_credentials')).toBe(PER_ACCOUNT);
      expect(count(answers, '429 too_many_requests')).toBe(100 - PER_ACCOUNT);
      expect(verify).toHaveBeenCalledTimes(PER_ACCOUNT);
    },
    SLOW,
  );

  it(
    'stops guessing spread over many addresses at the per-account ceiling, yet lets the owner in from an address that never failed',
    async () => {
      const { email } = (await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('spread'))).user;
      verify.mockClear();
      // 110 wrong passwords from 11 addresses, all at once: one over the ceiling.
      const guessers = Array.from({ length: 11 }, () => nextIp());
      const answers = codes(
        await Promise.all(
          guessers.flatMap((ip) =>
            Array.from({ length: PER_ACCOUNT }, (_, i) => login(ip, email, `wrong guess ${i}`)),
          ),
        ),
      );
      // Each address's first try is checked whatever the ceiling; the rest stop at it.
      const checked = count(answers, '400 invalid_credentials');
      expect(checked).toBeGreaterThanOrEqual(ACCOUNT_CEILING);
      expect(checked).toBeLessThanOrEqual(ACCOUNT_CEILING + guessers.length);
      expect(count(answers, '429 too_many_requests')).toBe(110 - checked);
      expect(verify).toHaveBeenCalledTimes(checked);

      // Every address that failed stays refused, the right password included.
      for (const ip of guessers) expect((await login(ip, email, PASSWORD)).statusCode).toBe(429);
      // The owner, from an address that has never failed, signs in.
      expect((await login(nextIp(), email, PASSWORD)).statusCode).toBe(200);
      // A new guessing address gets one try, then is refused too.
      const fresh = nextIp();
      expect((await login(fresh, email, 'one more guess')).statusCode).toBe(400);
      verify.mockClear();
      expect((await login(fresh, email, 'and another')).statusCode).toBe(429);
      expect(verify).not.toHaveBeenCalled();
    },
    SLOW,
  );

  it('counts an IPv6 client by its /64 network, so fresh addresses from one network are one client', async () => {
    const { email } = (await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('ipv6'))).user;
    const network = `2001:db8:${(address++).toString(16)}:1`;
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt++)
      expect(
        (await login(`${network}::${attempt + 1}`, email, `wrong ${attempt}`)).statusCode,
      ).toBe(400);
    expect((await login(`${network}::ffff`, email, 'wrong again')).statusCode).toBe(429);
  });

  it('lets the owner in from another address while the guessing address stays locked', async () => {
    const { email } = (await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('owner'))).user;
    const [guesser, owner] = [nextIp(), nextIp()];
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt++)
      expect((await login(guesser, email, `wrong guess ${attempt}`)).statusCode).toBe(400);

    expect((await login(owner, email, PASSWORD)).statusCode).toBe(200);
    const locked = await login(guesser, email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_requests');
  });

  it(
    'limits checks of the current password when changing it, however they are timed',
    async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('change'));
      const change = (currentPassword: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/auth/password',
          headers: bearer(session),
          payload: { current_password: currentPassword, new_password: 'a brand new passphrase' },
          remoteAddress: nextIp(),
        });
      verify.mockClear();
      const guesses = Promise.all(Array.from({ length: 40 }, (_, i) => change(`wrong ${i}`)));
      await verificationsStarted(PER_ACCOUNT);
      const right = await change(PASSWORD);
      const answers = codes(await guesses);

      expect(count(answers, '400 invalid_current_password')).toBe(PER_ACCOUNT);
      expect(count(answers, '429 too_many_requests')).toBe(40 - PER_ACCOUNT);
      expect(verify).toHaveBeenCalledTimes(PER_ACCOUNT);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({
        statusCode: 429,
        code: 'too_many_requests',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    },
    SLOW,
  );
});
