import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { UserEntity } from '../src/users/user.entity.js';
import { bearer, post } from './support/accounts.js';
import { resetDatabase, startTestApp, testDatabaseUrl, type TestApp } from './support/test-app.js';

const run = promisify(execFile);
const createAdmin = fileURLToPath(new URL('../dist/auth/create-admin.js', import.meta.url));

describe('the first administrator', () => {
  const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first admin passphrase' };
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('is created at start from ADMIN_EMAIL and ADMIN_PASSWORD, confirmed and admitted to the admin API', async () => {
    // The table was emptied after this app started: start another, as a restart would.
    const restarted = await startTestApp({ env });
    try {
      const login = await post(restarted.app, '/api/auth/login', {
        email: 'boss@example.com',
        password: env.ADMIN_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      const identity = await restarted.app.inject({
        method: 'GET',
        url: '/api/admin/identity',
        headers: bearer(login.json()),
      });
      expect(identity.statusCode).toBe(200);
      expect(identity.json()).toMatchObject({
        email: 'boss@example.com',
        is_admin: true,
        status: 'active',
        display_status: 'Active',
      });
    } finally {
      await restarted.close();
    }
  });

  it('is idempotent: another start keeps one account and the password its owner chose', async () => {
    await t.dataSource.query(
      `UPDATE auth_accounts SET password_hash = (SELECT password_hash FROM auth_accounts WHERE email = 'boss@example.com') WHERE email = 'boss@example.com'`,
    );
    const login = await post(t.app, '/api/auth/login', {
      email: 'boss@example.com',
      password: env.ADMIN_PASSWORD,
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(login.json()),
      payload: { current_password: env.ADMIN_PASSWORD, new_password: 'the owner chose this one' },
    });
    const again = await startTestApp({ env });
    try {
      expect(
        await again.dataSource.getRepository(UserEntity).countBy({ email: 'boss@example.com' }),
      ).toBe(1);
      expect(
        (
          await post(again.app, '/api/auth/login', {
            email: 'boss@example.com',
            password: 'the owner chose this one',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('can be created or promoted by hand with npm run create-admin', async () => {
    await t.dataSource
      .getRepository(UserEntity)
      .insert({ email: 'promote@example.com', status: 'pending', first_name: 'Pro' });
    const { stdout } = await run(
      process.execPath,
      [createAdmin, '--email', 'promote@example.com', '--password', 'promoted passphrase'],
      {
        env: { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent' },
      },
    );
    expect(stdout).toContain('Created administrator promote@example.com');
    expect(
      await t.dataSource
        .getRepository(UserEntity)
        .findOneByOrFail({ email: 'promote@example.com' }),
    ).toMatchObject({
      is_admin: true,
      status: 'active',
      first_name: 'Pro',
    });
    const login = await post(t.app, '/api/auth/login', {
      email: 'promote@example.com',
      password: 'promoted passphrase',
    });
    expect(login.statusCode).toBe(200);

    await expect(
      run(process.execPath, [createAdmin, '--email', 'x@example.com'], { env: process.env }),
    ).rejects.toMatchObject({
      code: 2,
    });
  }, 30_000); // two Node processes start, which takes seconds on a busy machine
});
