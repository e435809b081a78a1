import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../test/render';
import { SecurityTab } from './SecurityTab';

describe('Delete my account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password, says why it was refused, then deletes and signs out', async () => {
    const fetch = stubApi({
      'DELETE /me': [
        400,
        {
          statusCode: 400,
          code: 'invalid_password',
          message: 'Your current password is incorrect.',
        },
      ],
    });
    renderWithApp(<SecurityTab />, '/dashboard/settings?tab=security');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Password/), 'wrong one');
    await user.click(confirm);
    expect(
      await within(dialog).findByText('Your current password is incorrect.'),
    ).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([, request]) => request?.method === 'DELETE')!;
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'wrong one' });

    stubApi({ 'DELETE /me': [204] });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });
});
