import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { CreateUserRequest } from '@leadpulse/common';
import { renderAdmin } from '../test-utils';
import { CreateUserDialog } from './CreateUserDialog';

describe('Create New User', () => {
  it('sends the typed fields and the chosen plan and status, and no empty optional field', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: CreateUserRequest }) => ({
      data: { ...data, id: 'u1' },
    }));
    const onClose = vi.fn();
    renderAdmin(
      <ResourceContextProvider value="users">
        <CreateUserDialog open onClose={onClose} />
      </ResourceContextProvider>,
      { permissions: ['manage_users'], dataProvider: { create: create as never } },
    );
    await screen.findByRole('dialog', { name: 'Create New User' });
    const submit = screen.getByRole('button', { name: 'Create User' });
    expect(submit).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/^First Name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Company/), 'Analytical Engines');
    await userEvent.click(screen.getByLabelText('Admin Access'));
    await userEvent.click(submit);

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledTimes(1);
    // What goes on the wire: the empty Phone and Job Title are not sent.
    expect(JSON.parse(JSON.stringify(create.mock.calls[0][1].data))).toStrictEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      subscription_plan: 'prospector',
      status: 'active',
      is_admin: true,
      founding_member: false,
    });
  });
});
