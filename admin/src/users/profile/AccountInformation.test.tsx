import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AdminUserRecord } from '@leadpulse/common';
import { renderAdmin } from '../../test-utils';
import { AccountInformation } from './AccountInformation';
import { SubscriptionDetails } from './SubscriptionDetails';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  company: null,
  job_title: null,
  status: 'active',
  is_admin: false,
  founding_member: false,
} as unknown as AdminUserRecord;

describe('Account Information', () => {
  it("says why a save failed, in the server's words", async () => {
    renderAdmin(<AccountInformation user={user} />, {
      permissions: ['manage_users'],
      dataProvider: {
        update: async () => {
          throw new HttpError('Conflict', 409, {
            statusCode: 409,
            code: 'email_taken',
            message: 'This email is already in use. Please choose another one.',
          });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(
      await screen.findByText(
        'Failed to update user: This email is already in use. Please choose another one.',
      ),
    ).toBeInTheDocument();
  });

  it('names the status as the list does', async () => {
    renderAdmin(
      <>
        <AccountInformation user={{ ...user, status: 'paid' }} />
        <SubscriptionDetails user={{ ...user, subscription_status: 'past_due' }} />
      </>,
      { permissions: [] },
    );
    expect(await screen.findByText('Setup Required')).toBeInTheDocument();
    expect(screen.getByText('Past due')).toBeInTheDocument();
    expect(screen.queryByText(/past_due|Paid \(setup required\)/)).not.toBeInTheDocument();
  });

  it('leaves a suspended user’s status to Reactivate', async () => {
    renderAdmin(<AccountInformation user={{ ...user, status: 'suspended' }} />, {
      permissions: ['manage_users'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('Reactivate the user to lift the suspension.')).toBeInTheDocument();
  });

  it('offers the statuses an edit may set', async () => {
    renderAdmin(<AccountInformation user={user} />, { permissions: ['manage_users'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).not.toContain('Suspended');
    expect(options).not.toContain('Deleted');
    expect(options).toContain('Inactive');
  });
});
