import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRecord } from '@leadpulse/common';
import { accessSettled, renderAdmin, stubFetch } from '../../test-utils';
import { QuickActions } from './QuickActions';

const user = {
  id: 'u1',
  auth_user_id: 'acc1',
  email: 'ada@example.com',
  stripe_customer_id: null,
  password_set: true,
} as AdminUserRecord;

describe('Reset Two-Step Verification', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks first, then resets the user’s two-step verification and says so', async () => {
    // 204, no body, as the API answers.
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAdmin(<QuickActions user={user} />, { permissions: ['manage_users'] });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reset Two-Step Verification' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reset two-step verification?' });
    expect(dialog).toHaveTextContent("ada@example.com's authenticator app and recovery codes");
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText('Two-step verification reset for ada@example.com'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'DELETE /api/admin/users/u1/mfa',
    ]);
  });

  it('shows the reason when the user has not turned it on', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'DELETE /api/admin/users/u1/mfa': [
          409,
          {
            statusCode: 409,
            code: 'mfa_not_enabled',
            message: 'This user has not turned on two-step verification.',
          },
        ],
      }),
    );
    renderAdmin(<QuickActions user={user} />, { permissions: ['manage_users'] });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reset Two-Step Verification' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText(
        'Failed to reset two-step verification: This user has not turned on two-step verification.',
      ),
    ).toBeInTheDocument();
  });

  it('is not offered without manage_users', async () => {
    renderAdmin(<QuickActions user={user} />, { permissions: ['manage_billing'] });
    await screen.findByRole('button', { name: 'Copy Email' });
    await accessSettled();
    expect(
      screen.queryByRole('button', { name: 'Reset Two-Step Verification' }),
    ).not.toBeInTheDocument();
  });
});
