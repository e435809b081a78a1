import { Secret, TOTP } from 'otpauth';
import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { parseEncryptionKey } from '../src/config/app-config.js';
import { SecretBox } from '../src/auth/mfa/secret-box.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  PASSWORD,
  bearer,
  makeAdmin,
  newestEmail,
  post,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import {
  NO_RATE_LIMITS,
  TEST_MFA_ENCRYPTION_KEY,
  resetDatabase,
  startTestApp,
  type TestApp,
} from './support/test-app.js';

const STEP_MS = 30_000;

/** A code of the authenticator app, as the phone would show it `offsetMs` from now. */
function codeAt(secret: string, offsetMs = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offsetMs });
}

/** Waits out the end of a time step, so that a code made now is still of this step when checked. */
async function awayFromStepEdge(marginMs = 5_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

interface Enrolled {
  email: string;
  session: SessionBody;
  secret: string;
  factorId: string;
  recoveryCodes: string[];
}

describe('two-step verification', () => {
  let t: TestApp;
  /** Each login comes from its own address: the limits on codes are tested on their own below. */
  let address = 0;
  const nextIp = () => `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    session?: SessionBody,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session ? bearer(session) : {},
      ...(payload ? { payload } : {}),
    });
  const login = (email: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: ip,
    });
  const challenge = (payload: object, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/mfa/challenge', payload, remoteAddress: ip });
  /** The password step of a sign-in with two-step verification: its `mfa_token`. */
  const mfaToken = async (email: string) => {
    const answer = await login(email);
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { mfa_token: string }).mfa_token;
  };

  /** A member who turned two-step verification on with a code of this step. */
  const enrolled = async (prefix = 'two-step'): Promise<Enrolled> => {
    const email = uniqueEmail(prefix);
    const session = await signUpAndConfirm(t.app, t.dataSource, email);
    const enrolment = (await call('POST', '/api/auth/mfa/totp/enroll', session)).json() as {
      factor_id: string;
      secret: string;
    };
    await awayFromStepEdge(2_000);
    const verified = await call('POST', '/api/auth/mfa/totp/verify', session, {
      factor_id: enrolment.factor_id,
      code: codeAt(enrolment.secret),
    });
    expect(verified.statusCode).toBe(200);
    return {
      email,
      session,
      secret: enrolment.secret,
      factorId: enrolment.factor_id,
      recoveryCodes: (verified.json() as { recovery_codes: string[] }).recovery_codes,
    };
  };
  /** Forgets the factor's last accepted step, so that a check sees only the clock. */
  const forgetLastStep = (factorId: string) =>
    t.dataSource.query(`UPDATE mfa_factors SET last_used_step = NULL WHERE id = $1`, [factorId]);

  beforeAll(async () => {
    t = await startTestApp({
      env: { ...NO_RATE_LIMITS, ADMIN_MFA_REQUIRED: 'true', JOBS_POLL_INTERVAL_SECONDS: '0.5' },
    });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('enrols with a QR code and the secret, verifies with a first code, and gives 10 recovery codes once', async () => {
    const email = uniqueEmail('enrol');
    const session = await signUpAndConfirm(t.app, t.dataSource, email);
    expect(session.user.factors).toEqual([]);

    const enrol = await call('POST', '/api/auth/mfa/totp/enroll', session);
    expect(enrol.statusCode).toBe(200);
    expect(enrol.headers['cache-control']).toBe('no-store');
    const enrolment = enrol.json() as {
      factor_id: string;
      secret: string;
      otpauth_url: string;
      qr_svg: string;
    };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_url).toBe(
      `otpauth://totp/LeadPulse:${encodeURIComponent(email)}?issuer=LeadPulse&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qr_svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not on until verified.
    expect((await call('GET', '/api/auth/user', session)).json().factors).toEqual([]);
    expect((await login(email)).json()).toHaveProperty('access_token');

    const wrong = await call('POST', '/api/auth/mfa/totp/verify', session, {
      factor_id: enrolment.factor_id,
      code: codeAt(enrolment.secret, -2 * STEP_MS),
    });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'invalid_mfa_code',
        message: 'That code is not valid. Please check it and try again.',
      },
    });

    const verified = await call('POST', '/api/auth/mfa/totp/verify', session, {
      factor_id: enrolment.factor_id,
      code: codeAt(enrolment.secret),
    });
    expect(verified.statusCode).toBe(200);
    const { recovery_codes } = verified.json() as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

    const user = (await call('GET', '/api/auth/user', session)).json();
    expect(user.factors).toEqual([
      { id: enrolment.factor_id, type: 'totp', created_at: expect.any(String) },
    ]);
    const mail = await newestEmail(t.dataSource, email, 'mfa-enabled');
    expect(mail.data).toEqual({ firstName: 'Ada', link: '/dashboard/settings?tab=security' });

    // Shown once: the enrolment is spent, and a second one is refused while the first is on.
    const again = await call('POST', '/api/auth/mfa/totp/verify', session, {
      factor_id: enrolment.factor_id,
      code: codeAt(enrolment.secret, STEP_MS),
    });
    expect(again.json().code).toBe('mfa_already_enabled');
    expect((await call('POST', '/api/auth/mfa/totp/enroll', session)).statusCode).toBe(409);
  });

  it('keeps secrets sealed with MFA_ENCRYPTION_KEY and recovery codes only as hashes', async () => {
    const member = await enrolled('sealed');
    const [factor] = (await t.dataSource.query(
      `SELECT id, secret_encrypted FROM mfa_factors WHERE id = $1`,
      [member.factorId],
    )) as { id: string; secret_encrypted: string }[];
    expect(factor.secret_encrypted).not.toContain(member.secret);
    expect(factor.secret_encrypted).toMatch(/^v1\./);
    // The stored value opens with the configured key, bound to its row.
    const box = new SecretBox(parseEncryptionKey(TEST_MFA_ENCRYPTION_KEY));
    expect(box.open(factor.secret_encrypted, factor.id)).toBe(member.secret);

    const everything = JSON.stringify(
      await t.dataSource.query(
        `SELECT f.*, c.* FROM mfa_factors f JOIN mfa_recovery_codes c USING (auth_account_id)
          WHERE f.id = $1`,
        [member.factorId],
      ),
    );
    expect(everything).not.toContain(member.secret);
    for (const code of member.recoveryCodes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replace(/-/g, ''));
    }
  });

  it('signs in with a code after the password, and refuses the same code again in its step', async () => {
    const member = await enrolled('sign-in');
    const first = await login(member.email);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const password = first.json() as Record<string, unknown>;
    expect(password).toEqual({ mfa_required: true, mfa_token: expect.any(String) });

    // The enrolment used this step's code, so the phone's next code signs in.
    const code = codeAt(member.secret, STEP_MS);
    const signedIn = await challenge({ mfa_token: password.mfa_token, code });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json() as SessionBody;
    expect(session.user.factors).toEqual([
      { id: member.factorId, type: 'totp', created_at: expect.any(String) },
    ]);
    expect((await call('GET', '/api/me', session)).statusCode).toBe(200);

    const replay = await challenge({ mfa_token: await mfaToken(member.email), code });
    expect(replay.json()).toMatchObject({ statusCode: 400, code: 'invalid_mfa_code' });
  });

  it('accepts one step of clock skew either way, and refuses two', async () => {
    const member = await enrolled('skew');
    await awayFromStepEdge();
    await forgetLastStep(member.factorId);
    const token = await mfaToken(member.email);
    for (const offset of [-2 * STEP_MS, 2 * STEP_MS]) {
      const refused = await challenge({ mfa_token: token, code: codeAt(member.secret, offset) });
      expect({ offset, status: refused.statusCode }).toEqual({ offset, status: 400 });
    }
    const behind = await challenge({
      mfa_token: token,
      code: codeAt(member.secret, -STEP_MS),
    });
    expect(behind.statusCode).toBe(200);

    await forgetLastStep(member.factorId);
    const ahead = await challenge({
      mfa_token: await mfaToken(member.email),
      code: codeAt(member.secret, STEP_MS),
    });
    expect(ahead.statusCode).toBe(200);
  });

  it('signs in once with each recovery code, typed however', async () => {
    const member = await enrolled('recovery');
    const [code, other] = member.recoveryCodes;
    const used = await challenge({ mfa_token: await mfaToken(member.email), recovery_code: code });
    expect(used.statusCode).toBe(200);
    const reused = await challenge({
      mfa_token: await mfaToken(member.email),
      recovery_code: code,
    });
    expect(reused.json()).toMatchObject({ statusCode: 400, code: 'invalid_mfa_code' });
    const typed = await challenge({
      mfa_token: await mfaToken(member.email),
      recovery_code: other.toLowerCase().replace(/-/g, ' '),
    });
    expect(typed.statusCode).toBe(200);
    const [{ used_codes }] = (await t.dataSource.query(
      `SELECT count(*)::int AS used_codes FROM mfa_recovery_codes c
         JOIN auth_accounts a ON a.id = c.auth_account_id
        WHERE a.email = $1 AND c.used_at IS NOT NULL`,
      [member.email],
    )) as { used_codes: number }[];
    expect(used_codes).toBe(2);
  });

  it('takes five wrong codes per mfa_token and refuses the sixth, even a right one', async () => {
    const member = await enrolled('wrong-codes');
    const token = await mfaToken(member.email);
    const right = codeAt(member.secret, STEP_MS);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      const answer = await challenge({ mfa_token: token, code: wrong });
      expect({ attempt: i, status: answer.statusCode }).toEqual({ attempt: i, status: 400 });
    }
    const sixth = await challenge({ mfa_token: token, code: right });
    expect({ status: sixth.statusCode, body: sixth.json() }).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        code: 'invalid_mfa_token',
        message: 'Your sign-in has expired. Please sign in again.',
      },
    });
    // The password again, and the code signs in.
    const fresh = await challenge({ mfa_token: await mfaToken(member.email), code: right });
    expect(fresh.statusCode).toBe(200);
  });

  it('spends an mfa_token on its sign-in, and lets it expire after 5 minutes', async () => {
    const member = await enrolled('token');
    const token = await mfaToken(member.email);
    const [row] = (await t.dataSource.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM mfa_challenges
        WHERE auth_account_id = $1`,
      [member.session.user.id],
    )) as { lifetime: number }[];
    expect(row.lifetime).toBe(300);
    const code = codeAt(member.secret, STEP_MS);
    expect((await challenge({ mfa_token: token, code })).statusCode).toBe(200);
    const again = await challenge({ mfa_token: token, recovery_code: member.recoveryCodes[0] });
    expect(again.json()).toMatchObject({ statusCode: 401, code: 'invalid_mfa_token' });

    const late = await mfaToken(member.email);
    await t.dataSource.query(
      `UPDATE mfa_challenges SET expires_at = now() - interval '1 second'
        WHERE auth_account_id = $1 AND used_at IS NULL`,
      [member.session.user.id],
    );
    const expired = await challenge({ mfa_token: late, recovery_code: member.recoveryCodes[0] });
    expect(expired.json()).toMatchObject({ statusCode: 401, code: 'invalid_mfa_token' });
    const unknown = await challenge({ mfa_token: 'not-a-token', code });
    expect(unknown.json()).toMatchObject({ statusCode: 401, code: 'invalid_mfa_token' });
  });

  it('keeps refreshing a two-step sign-in without asking for a code again', async () => {
    const member = await enrolled('refresh');
    const session = (
      await challenge({
        mfa_token: await mfaToken(member.email),
        code: codeAt(member.secret, STEP_MS),
      })
    ).json() as SessionBody;
    let current = session;
    for (let i = 0; i < 2; i++) {
      const refreshed = await post(t.app, '/api/auth/refresh', {
        refresh_token: current.refresh_token,
      });
      expect(refreshed.statusCode).toBe(200);
      current = refreshed.json() as SessionBody;
      expect(current.user.factors).toHaveLength(1);
    }
    expect((await call('GET', '/api/me', current)).statusCode).toBe(200);
  });

  it('asks for the code after a password reset too: the e-mailed link proves only the mailbox', async () => {
    const member = await enrolled('reset');
    await post(t.app, '/api/auth/recover', { email: member.email });
    const token = await tokenFromOutbox(t.dataSource, member.email, 'password-reset');
    const reset = await post(t.app, '/api/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const signedIn = await challenge({
      mfa_token: reset.json().mfa_token,
      code: codeAt(member.secret, STEP_MS),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('turns off with a code or a recovery code, and e-mails the member', async () => {
    const member = await enrolled('off');
    const url = `/api/auth/mfa/factors/${member.factorId}`;
    const wrong = await call('DELETE', url, member.session, { code: '000000' });
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'invalid_mfa_code' });
    const other = await enrolled('off-other');
    // Someone else's factor is not found, whatever the code.
    const foreign = await call('DELETE', url, other.session, {
      code: member.recoveryCodes[0],
    });
    expect(foreign.statusCode).toBe(404);

    const off = await call('DELETE', url, member.session, { code: member.recoveryCodes[0] });
    expect(off.statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', member.session)).json().factors).toEqual([]);
    expect(
      (await t.dataSource.query(
        `SELECT count(*)::int AS n FROM mfa_recovery_codes WHERE auth_account_id = $1`,
        [member.session.user.id],
      )) as { n: number }[],
    ).toEqual([{ n: 0 }]);
    await newestEmail(t.dataSource, member.email, 'mfa-disabled');
    expect((await login(member.email)).json()).toHaveProperty('access_token');

    // With the app's current code as well.
    const second = await enrolled('off-code');
    const byCode = await call(
      'DELETE',
      `/api/auth/mfa/factors/${second.factorId}`,
      second.session,
      {
        code: codeAt(second.secret, STEP_MS),
      },
    );
    expect(byCode.statusCode).toBe(204);
  });

  describe('administrators, with ADMIN_MFA_REQUIRED', () => {
    let owner: Enrolled;
    let ownerId: string;

    beforeAll(async () => {
      owner = await enrolled('owner');
      await makeAdmin(t.dataSource, owner.email);
      ownerId = (
        await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: owner.email })
      ).id;
    });

    it('refuses an administrator without a factor every admin route until they enrol', async () => {
      const email = uniqueEmail('new-admin');
      const admin = await signUpAndConfirm(t.app, t.dataSource, email);
      await makeAdmin(t.dataSource, email);
      const required = {
        statusCode: 403,
        code: 'mfa_enrollment_required',
        message: 'Set up two-step verification to use the admin portal.',
      };
      for (const [method, url] of [
        ['GET', '/api/admin/identity'],
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/stats'],
        ['POST', `/api/admin/users/${ownerId}/password-reset`],
      ] as const)
        expect({ url, body: (await call(method, url, admin)).json() }).toEqual({
          url,
          body: required,
        });
      // A member who is no administrator is refused as before.
      const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('plain'));
      expect((await call('GET', '/api/admin/identity', member)).json().code).toBe('forbidden');

      const enrolment = (await call('POST', '/api/auth/mfa/totp/enroll', admin)).json() as {
        factor_id: string;
        secret: string;
      };
      const verified = await call('POST', '/api/auth/mfa/totp/verify', admin, {
        factor_id: enrolment.factor_id,
        code: codeAt(enrolment.secret),
      });
      expect(verified.statusCode).toBe(200);
      const identity = await call('GET', '/api/admin/identity', admin);
      expect(identity.statusCode).toBe(200);
      expect(identity.json().email).toBe(email);
    });

    it("lets an Owner reset another user's factors, audited and e-mailed; refused without manage_users", async () => {
      const member = await enrolled('reset-me');
      const memberId = (
        await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: member.email })
      ).id;
      const url = `/api/admin/users/${memberId}/mfa`;

      const helper = await enrolled('helper');
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/roles',
        headers: bearer(owner.session),
        payload: { name: 'Billing desk', permissions: { manage_billing: true } },
      });
      await makeAdmin(t.dataSource, helper.email, ['Billing desk']);
      const refused = await call('DELETE', url, helper.session);
      expect(refused.json()).toEqual({
        statusCode: 403,
        code: 'forbidden',
        message: 'You do not have permission to do this.',
      });
      expect((await call('GET', '/api/auth/user', member.session)).json().factors).toHaveLength(1);

      const reset = await call('DELETE', url, owner.session);
      expect(reset.statusCode).toBe(204);
      expect((await call('GET', '/api/auth/user', member.session)).json().factors).toEqual([]);
      const audit = await t.dataSource
        .getRepository(AdminActionEntity)
        .findBy({ target_user_id: memberId, action_type: 'reset_mfa' });
      expect(
        audit
          .map((row) => ({ outcome: row.outcome, admin: row.admin_id, about: row.details }))
          .sort((a, b) => a.outcome.localeCompare(b.outcome)),
      ).toEqual([
        {
          outcome: 'refused',
          admin: expect.any(String),
          about: expect.objectContaining({ description: expect.stringContaining('Refused') }),
        },
        {
          outcome: 'success',
          admin: ownerId,
          about: {
            description: `Two-step verification reset for ${member.email}`,
            old_values: { two_step_verification: 'on' },
            new_values: { two_step_verification: 'off' },
          },
        },
      ]);
      const mail = await newestEmail(t.dataSource, member.email, 'mfa-reset');
      expect(mail.user_id).toBe(memberId);
      // The member signs in with the password alone, and can enrol again.
      expect((await login(member.email)).json()).toHaveProperty('access_token');

      expect((await call('DELETE', url, owner.session)).json().code).toBe('mfa_not_enabled');
      expect(
        (await call('DELETE', `/api/admin/users/${ownerId}/mfa`, owner.session)).json().code,
      ).toBe('own_mfa_reset');
    });
  });
});

describe('the sign-in limits, applied to codes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('counts wrong codes as failed sign-ins of the account, whatever the mfa_token', async () => {
    const email = uniqueEmail('limits');
    const session = await signUpAndConfirm(t.app, t.dataSource, email);
    const enrolment = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/totp/enroll',
        headers: bearer(session),
      })
    ).json() as { factor_id: string; secret: string };
    await awayFromStepEdge(2_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/totp/verify',
      headers: bearer(session),
      payload: { factor_id: enrolment.factor_id, code: codeAt(enrolment.secret) },
    });
    const token = async () =>
      (await post(t.app, '/api/auth/login', { email, password: PASSWORD })).json()
        .mfa_token as string;
    const answers: number[] = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        (await post(t.app, '/api/auth/mfa/challenge', { mfa_token: await token(), code: '000000' }))
          .statusCode,
      );
    expect(answers).toEqual([400, 400, 400]);
    const limited = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
  });
});
