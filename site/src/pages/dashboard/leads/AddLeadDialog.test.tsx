import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { AddLeadDialog } from './AddLeadDialog';

describe('AddLeadDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('suggests the name from the profile URL, tracks by default, and links to a lead already there', async () => {
    const api = apiTable({
      'POST /leads': [
        409,
        {
          statusCode: 409,
          code: 'lead_exists',
          message: 'This lead is already in your workspace.',
          errors: { lead_id: 'l9' },
        },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderWithApp(<AddLeadDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Add a lead' });

    await user.type(
      within(dialog).getByLabelText('LinkedIn profile URL'),
      'https://www.linkedin.com/in/grace-hopper-7a1b2c/',
    );
    await user.tab();
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Grace');
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Hopper');
    await user.type(within(dialog).getByLabelText('Company'), 'US Navy');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));

    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      profile_url: 'https://www.linkedin.com/in/grace-hopper-7a1b2c/',
      position: null,
      company: 'US Navy',
      location: null,
      email: null,
      stage: 'new',
    });
    expect(await within(dialog).findByRole('link', { name: 'Open the lead' })).toHaveAttribute(
      'href',
      '/dashboard/leads/l9',
    );
  });

  it('refuses a URL that is not a LinkedIn profile before sending anything', async () => {
    const api = apiTable({});
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderWithApp(<AddLeadDialog open onClose={() => undefined} />);
    await user.type(screen.getByLabelText('LinkedIn profile URL'), 'https://example.com/grace');
    await user.tab();
    expect(screen.getByText(/Enter a LinkedIn profile URL/)).toBeVisible();
    await user.type(screen.getByLabelText(/First name/), 'Grace');
    expect(screen.getByRole('button', { name: 'Add lead' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
  });
});
