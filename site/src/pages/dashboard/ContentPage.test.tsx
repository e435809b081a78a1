import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { ContentPage } from './ContentPage';

describe('ContentPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('filters feeds, marks unread articles New with at most 3 tags, and enables Create Post only with thoughts', async () => {
    stubApi({ 'POST /logs': [202] });
    renderWithApp(<ContentPage />);
    const user = userEvent.setup();

    expect(screen.getByText('SaaS Sales Weekly')).toBeInTheDocument();
    // Categories and dates read as words, not as stored values.
    const saas = screen.getByText('SaaS Sales Weekly').closest('.MuiCard-root') as HTMLElement;
    expect(saas).toHaveTextContent('updated Nov 20, 2026 · Business');
    await user.click(screen.getByLabelText('Category'));
    expect(screen.getByRole('option', { name: 'All categories' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Tech' }));
    expect(screen.queryByText('SaaS Sales Weekly')).not.toBeInTheDocument();
    expect(screen.getByText('The AI Builder')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Content Review/ }));
    const card = screen
      .getByText('Why social selling beats cold email in 2026')
      .closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).queryByText('email')).not.toBeInTheDocument();
    expect(within(card).getByText('prospecting')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'My Drafts' }));
    const create = screen.getByRole('button', { name: 'Create Post' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Your thoughts'), '   ');
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Your thoughts'), 'an idea');
    expect(create).toBeEnabled();
  });

  it('logs feedback through the client logger', async () => {
    const fetch = stubApi({ 'POST /logs': [202] });
    renderWithApp(<ContentPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Feedback on this page'), 'More feeds please');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/logs', expect.anything()));
    const body = JSON.parse(
      (fetch.mock.calls.find(([url]) => url === '/api/logs')![1] as RequestInit).body as string,
    );
    expect(body).toMatchObject({
      level: 'INFO',
      message: 'Content feedback',
      metadata: { feedback: 'More feeds please' },
    });
  });
});
