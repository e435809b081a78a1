import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberRecord } from '@leadpulse/common';
import { MemberProvider } from '../../../features/member/MemberProvider';
import { renderWithApp, stubApi } from '../../../test/render';
import { ProfileTab } from './ProfileTab';

const member = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '5551234567',
  company: null,
  job_title: null,
} as MemberRecord;

function renderProfile() {
  return renderWithApp(
    <MemberProvider>
      <ProfileTab member={member} />
    </MemberProvider>,
  );
}

const patches = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');

describe('ProfileTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty first name, as sign-up refuses an empty name', async () => {
    const fetch = stubApi({ 'GET /me': [200, member], 'PATCH /me': [200, member] });
    renderProfile();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/^First Name/));
    await user.type(screen.getByLabelText(/^First Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter your first name.')).toBeInTheDocument();
    expect(patches(fetch)).toHaveLength(0);
  });

  it('shows and saves the phone in the founding form format', async () => {
    const fetch = stubApi({ 'GET /me': [200, member], 'PATCH /me': [200, member] });
    renderProfile();
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '212.555.0199');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('(212) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    const [, init] = patches(fetch)[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      first_name: 'Ada',
      phone: '(212) 555-0199',
    });
  });
});

describe('Download my data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves what the server answers as a dated JSON file', async () => {
    const exported = { exported_at: '2026-11-24T07:00:00.000Z', profile: { email: member.email } };
    stubApi({ 'GET /me': [200, member], 'GET /me/export': [200, exported] });
    // jsdom has no object URLs: record the file instead.
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:data');
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderProfile();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(names).toEqual(['leadpulse-data-2026-11-24.json']));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(JSON.parse(text)).toEqual(exported);
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('says why when the download is refused', async () => {
    stubApi({
      'GET /me': [200, member],
      'GET /me/export': [
        429,
        {
          statusCode: 429,
          code: 'too_many_requests',
          message: 'Too many requests. Please wait a moment and try again.',
        },
      ],
    });
    renderProfile();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
  });
});
