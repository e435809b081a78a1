import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_MAX_LENGTH } from '@leadpulse/common';
import { renderWithApp, stubApi } from '../../test/render';
import { FoundingDialog } from './FoundingDialog';

async function fillForm(phone = '555 123 4567 99') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^First Name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Phone/), phone);
  return user;
}

describe('FoundingDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('formats the phone as (###) ###-####, digits only, at most 10', async () => {
    stubApi({});
    renderWithApp(<FoundingDialog open onClose={() => undefined} redirect={() => undefined} />);
    await fillForm('5a5b5-123-4567 89');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('(555) 123-4567');
  });

  it('asks for every field', async () => {
    stubApi({});
    renderWithApp(<FoundingDialog open onClose={() => undefined} redirect={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Please fill in all fields.')).toBeInTheDocument();
  });

  it('does not block a signed-in member whose sign-up name had no last name', async () => {
    const fetch = stubApi({
      'POST /founding/checkout': [201, { url: 'https://checkout.example/c/cs_2' }],
    });
    const redirect = vi.fn();
    renderWithApp(
      <FoundingDialog
        open
        onClose={() => undefined}
        redirect={redirect}
        initial={{
          firstName: 'Cher',
          lastName: '',
          email: 'cher@example.com',
          phone: '5551234567',
        }}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await vi.waitFor(() =>
      expect(redirect).toHaveBeenCalledWith('https://checkout.example/c/cs_2'),
    );
    expect(screen.queryByText('Please fill in all fields.')).not.toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/founding/checkout'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      firstName: 'Cher',
      lastName: '',
    });
  });

  it('goes through processing to the checkout URL', async () => {
    const fetch = stubApi({
      'POST /founding/checkout': [201, { url: 'https://checkout.example/c/cs_1' }],
    });
    const redirect = vi.fn();
    renderWithApp(<FoundingDialog open onClose={() => undefined} redirect={redirect} />);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await vi.waitFor(() =>
      expect(redirect).toHaveBeenCalledWith('https://checkout.example/c/cs_1'),
    );
    expect(JSON.parse(fetch.mock.calls.at(-1)![1]!.body as string)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
    });
    expect(screen.getByText('Taking you to secure checkout…')).toBeInTheDocument();
  });

  it("returns to the form with the server's message, or the spec's default", async () => {
    stubApi({
      'POST /founding/checkout': [
        409,
        {
          statusCode: 409,
          code: 'already_active',
          message: 'User already has an active account. Please sign in instead.',
        },
      ],
    });
    renderWithApp(<FoundingDialog open onClose={() => undefined} redirect={() => undefined} />);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await screen.findByText('User already has an active account. Please sign in instead.'),
    ).toBeInTheDocument();

    stubApi({
      'POST /founding/checkout': [
        500,
        { statusCode: 500, code: 'internal_error', message: 'boom' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await screen.findByText(
        'There was an error creating your checkout session. Please try again.',
      ),
    ).toBeInTheDocument();
  });

  it('takes names up to the length the server accepts', async () => {
    stubApi({});
    renderWithApp(<FoundingDialog open onClose={() => undefined} redirect={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^First Name/));
    await user.paste('a'.repeat(NAME_MAX_LENGTH + 5));
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('a'.repeat(NAME_MAX_LENGTH));
    expect(screen.getByLabelText(/^Last Name/)).toHaveAttribute(
      'maxlength',
      String(NAME_MAX_LENGTH),
    );
  });
});
