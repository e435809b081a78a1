import { screen } from '@testing-library/react';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../providers/queryClient';
import { renderAdmin, stubFetch } from '../test-utils';
import { UserProfile } from './UserProfile';

function renderProfile(getOne: () => Promise<never>) {
  renderAdmin(
    <ResourceContextProvider value="users">
      <Routes>
        <Route path="/users/:id/show" element={<UserProfile />} />
      </Routes>
    </ResourceContextProvider>,
    {
      permissions: [],
      dataProvider: { getOne },
      path: '/users/7d0e3a4c-0000-4000-8000-000000000000/show',
      queryClient: createQueryClient(),
    },
  );
}

describe('the user profile of an unknown id', () => {
  it('says the user was not found after one request, with a link back to Users', async () => {
    const getOne = vi.fn(async () => {
      throw new HttpError('Not found.', 404, { statusCode: 404, message: 'Not found.' });
    });
    renderProfile(getOne);
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/users');
    expect(screen.queryByText('Error loading user. Please try again')).not.toBeInTheDocument();
    expect(getOne).toHaveBeenCalledTimes(1);
  });

  it('keeps the load error for a failure that is not a 404', async () => {
    renderProfile(async () => {
      throw new HttpError('Forbidden', 403, { statusCode: 403, message: 'Forbidden' });
    });
    expect(await screen.findByText('Error loading user. Please try again')).toBeInTheDocument();
  });
});

describe('the user profile of a deleted account', () => {
  it('says so, shows the history, and offers no action', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/admin/users/u9/payments': [200, { payment_methods: [], transactions: [] }],
        'GET /api/admin/users/u9/activity': [
          200,
          [
            {
              id: 'a1',
              created_at: '2026-11-20T10:00:00.000Z',
              type: 'member_delete_account',
              description: 'Deleted their account',
              admin_name: 'deleted-u9@deleted.invalid',
              old_values: null,
              new_values: null,
            },
          ],
        ],
      }),
    );
    const deleted = {
      id: 'u9',
      email: 'deleted-u9@deleted.invalid',
      first_name: '',
      last_name: '',
      status: 'deleted',
      deleted_at: '2026-11-20T10:00:00.000Z',
      display_status: 'Deleted',
      plan_badge: { label: 'Free', colour: 'grey' },
      stripe_customer_id: null,
      roles: [],
    };
    renderProfile(async () => ({ data: deleted }) as never);
    expect(
      await screen.findByText(/The member deleted this account on Nov 20, 2026/),
    ).toBeInTheDocument();
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(screen.getByText('Activity History')).toBeInTheDocument();
    expect(await screen.findByText('Deleted their account')).toBeInTheDocument();
    expect(screen.getByText(/^deleted-u9@deleted\.invalid \(member\) · /)).toBeInTheDocument();
    expect(screen.queryByText('Quick Actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit User' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
