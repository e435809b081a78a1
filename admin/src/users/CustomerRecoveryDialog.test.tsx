import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, stubFetch } from '../test-utils';
import { CustomerRecoveryDialog } from './CustomerRecoveryDialog';

const candidate = {
  id: 'u9',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  status: 'paid',
  reason: 'password_not_set',
};

describe('Get Password Link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says the link went by e-mail, and copies nothing, for an administrator's account", async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/admin/recovery': [200, [candidate]],
        'POST /api/admin/recovery/password-link': [
          200,
          {
            success: true,
            sentByEmail: true,
            message: 'Password setup link sent by e-mail to grace@example.com',
          },
        ],
      }),
    );
    renderAdmin(<CustomerRecoveryDialog open onClose={() => {}} />, {
      permissions: ['manage_users'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Password Link' }));
    // react-admin shows one notification at a time: this one may wait for the list's own.
    expect(
      await screen.findByText(
        'Password setup link sent by e-mail to grace@example.com',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();
  });
});
