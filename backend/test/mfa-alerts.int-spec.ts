import { Secret, TOTP } from 'otpauth';
import { EmailEntity } from '../src/mail/email.entity.js';
import { PASSWORD, bearer, signUpAndConfirm, uniqueEmail } from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** A code the authenticator would not show now: the right one plus one. */
function wrongCode(secret: string): string {
  const right = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  return String((Number(right) + 1) % 1_000_000).padStart(6, '0');
}

describe('the e-mail after a burst of wrong two-step codes', () => {
  let t: TestApp;
  let address = 0;
  const nextIp = () => `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const alerts = (email: string) =>
    t.dataSource.getRepository(EmailEntity).findBy({ to_email: email, template: 'mfa-failures' });

  /** A member with two-step verification on, and its secret. */
  const enrolled = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    const session = await signUpAndConfirm(t.app, t.dataSource, email);
    const enrol = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/totp/enroll',
        headers: bearer(session),
      })
    ).json<{ factor_id: string; secret: string }>();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/totp/verify',
      headers: bearer(session),
      payload: {
        factor_id: enrol.factor_id,
        code: new TOTP({ secret: Secret.fromBase32(enrol.secret) }).generate(),
      },
    });
    expect(verified.statusCode).toBe(200);
    return { email, session, secret: enrol.secret, factorId: enrol.factor_id };
  };
  const signInWith = async (email: string, code: string) => {
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    const { mfa_token } = password.json<{ mfa_token: string }>();
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/challenge',
      payload: { mfa_token, code },
      remoteAddress: nextIp(),
    });
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('e-mails the account holder at the fifth wrong code in 15 minutes, once for the burst', async () => {
    const member = await enrolled('burst');
    for (let i = 1; i <= 4; i++)
      expect((await signInWith(member.email, wrongCode(member.secret))).statusCode).toBe(400);
    expect(await alerts(member.email)).toHaveLength(0);

    expect((await signInWith(member.email, wrongCode(member.secret))).statusCode).toBe(400);
    const [alert, ...more] = await alerts(member.email);
    expect(more).toHaveLength(0);
    expect(alert.subject).toBe('Wrong two-step codes on your LeadPulse account');
    expect(alert.data).toMatchObject({ attempts: 5, minutes: 15 });

    // The burst goes on, at once and in parallel: still the one e-mail.
    await Promise.all(
      Array.from({ length: 6 }, () => signInWith(member.email, wrongCode(member.secret))),
    );
    expect(await alerts(member.email)).toHaveLength(1);
  });

  it('counts wrong codes given in Settings with the member’s session as well', async () => {
    const member = await enrolled('settings');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/auth/mfa/factors/${member.factorId}`,
          headers: bearer(member.session),
          payload: { code: wrongCode(member.secret) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(await alerts(member.email)).toHaveLength(1);
  });
});
