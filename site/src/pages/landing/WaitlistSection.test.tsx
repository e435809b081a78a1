import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_MAX_LENGTH } from '@leadpulse/common';
import { renderWithApp, stubApi } from '../../test/render';
import { WaitlistSection } from './WaitlistSection';

describe('WaitlistSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires an e-mail, then thanks the visitor, then offers Add Another Email', async () => {
    const fetch = stubApi({
      'POST /waitlist': [201, { email: 'a@example.com', created: true, status: 'pending' }],
    });
    renderWithApp(<WaitlistSection />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.type(screen.getByLabelText('First Name (optional)'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(
      screen.getByText('Please confirm through the link we sent to a@example.com.'),
    ).toBeInTheDocument();
    expect(JSON.parse(fetch.mock.calls.at(-1)![1]!.body as string)).toEqual({
      email: 'a@example.com',
      firstName: 'Ada',
    });

    await user.click(screen.getByRole('button', { name: 'Add Another Email' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  });

  it("shows the server's message, or the spec's default", async () => {
    stubApi({
      'POST /waitlist': [
        400,
        { statusCode: 400, code: 'invalid_email', message: 'Please enter a valid email address.' },
      ],
    });
    renderWithApp(<WaitlistSection />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(
      await screen.findByText('Failed to join waitlist. Please try again.'),
    ).toBeInTheDocument();
  });

  it('takes names up to the length the server accepts', async () => {
    stubApi({});
    renderWithApp(<WaitlistSection />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('First Name (optional)'));
    await user.paste('a'.repeat(NAME_MAX_LENGTH + 5));
    expect(screen.getByLabelText('First Name (optional)')).toHaveValue('a'.repeat(NAME_MAX_LENGTH));
    expect(screen.getByLabelText('Last Name (optional)')).toHaveAttribute(
      'maxlength',
      String(NAME_MAX_LENGTH),
    );
  });
});
