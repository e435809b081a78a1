import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { forgetIdentity } from '../providers/authProvider';
import { OWNER, SESSION, SESSION_KEY, stubApi } from '../test-utils';

const enrolmentRequired = {
  statusCode: 403,
  code: 'mfa_enrollment_required',
  message: 'Set up two-step verification to use the admin portal.',
};
const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) =>
  JSON.parse(
    String(fetch.mock.calls.find(([input]) => String(input).endsWith(path))?.[1]?.body),
  ) as unknown;

async function signInWithPassword() {
  window.history.pushState({}, '', '/admin/login');
  render(<App />);
  const user = userEvent.setup();
  await user.type(
    await screen.findByLabelText(/^Email/, undefined, { timeout: 8000 }),
    'ada@example.com',
  );
  await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  return user;
}

describe('two-step verification in the admin', () => {
  beforeEach(() => {
    window.localStorage.clear();
    forgetIdentity();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code after the password, then opens the portal', async () => {
    const fetch = stubApi({
      'POST /api/auth/login': [200, { mfa_required: true, mfa_token: 'mfa-1' }],
      'POST /api/auth/mfa/challenge': [200, SESSION],
      'GET /api/admin/identity': [200, OWNER],
    });
    const user = await signInWithPassword();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await user.type(screen.getByLabelText(/^Authentication code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Welcome Ada Lovelace', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/auth/mfa/challenge')).toEqual({
      mfa_token: 'mfa-1',
      code: '123456',
    });
  }, 15_000);

  it('takes a recovery code, and starts again from the password once the sign-in expired', async () => {
    const fetch = stubApi({
      'POST /api/auth/login': [200, { mfa_required: true, mfa_token: 'mfa-2' }],
      'POST /api/auth/mfa/challenge': [
        401,
        {
          statusCode: 401,
          code: 'invalid_mfa_token',
          message: 'Your sign-in has expired. Please sign in again.',
        },
      ],
    });
    const user = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'AAAA-BBBB-CCCC-0001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your sign-in has expired. Please sign in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(bodyOf(fetch, '/api/auth/mfa/challenge')).toEqual({
      mfa_token: 'mfa-2',
      recovery_code: 'AAAA-BBBB-CCCC-0001',
    });
  }, 15_000);

  it('leads an administrator without a factor through enrolment before anything else', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    let enrolled = false;
    const fetch = stubApi({
      'GET /api/admin/identity': () => (enrolled ? [200, OWNER] : [403, enrolmentRequired]),
      'POST /api/auth/mfa/totp/enroll': [
        200,
        {
          factor_id: 'f1',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/LeadPulse:ada%40example.com',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        },
      ],
      'POST /api/auth/mfa/totp/verify': () => {
        enrolled = true;
        return [200, { recovery_codes: codes }];
      },
    });
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Set up two-step verification' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Welcome Ada Lovelace')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(bodyOf(fetch, '/api/auth/mfa/totp/verify')).toEqual({
      factor_id: 'f1',
      code: '654321',
    });

    await user.click(screen.getByRole('button', { name: 'Continue to the admin portal' }));
    expect(
      await screen.findByText('Welcome Ada Lovelace', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 20_000);
});
