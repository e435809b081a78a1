import { screen } from '@testing-library/react';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../providers/queryClient';
import { renderAdmin } from '../test-utils';
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
