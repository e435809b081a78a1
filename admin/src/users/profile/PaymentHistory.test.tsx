import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRecord } from '@leadpulse/common';
import { renderAdmin, stubFetch } from '../../test-utils';
import { PaymentHistory } from './PaymentHistory';

const user = { id: 'u1', email: 'ada@example.com', stripe_customer_id: null } as AdminUserRecord;

describe('Payment History', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows Refresh Payment History disabled, with the reason, for a user without a customer id', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/admin/users/u1/payments': [200, { payment_methods: [], transactions: [] }],
      }),
    );
    renderAdmin(<PaymentHistory user={user} />, { permissions: ['manage_billing'] });
    const refresh = await screen.findByRole('button', { name: 'Refresh Payment History' });
    expect(refresh).toBeDisabled();
    await userEvent.hover(refresh.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'This user has no Stripe customer yet, so there is nothing to refresh.',
    );
  });

  it('enables it for a user Stripe knows', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/admin/users/u1/payments': [200, { payment_methods: [], transactions: [] }],
      }),
    );
    renderAdmin(<PaymentHistory user={{ ...user, stripe_customer_id: 'cus_1' }} />, {
      permissions: ['manage_billing'],
    });
    expect(await screen.findByRole('button', { name: 'Refresh Payment History' })).toBeEnabled();
  });
});
