import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberRecord, OwnMemberRecord } from '@leadpulse/common';
import { MemberProvider } from '../../../features/member/MemberProvider';
import { timeZoneChoices, timeZoneLabel } from '../../../features/member/time-zones';
import { renderWithApp, stubApi } from '../../../test/render';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';

const member = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  company: null,
  job_title: null,
  time_zone: null,
  notification_preferences: {
    emailUpdates: true,
    featureAnnouncements: true,
    billingAlerts: true,
    weeklyDigest: false,
    dailyDigest: true,
  },
} as unknown as OwnMemberRecord;

const sent = (fetch: ReturnType<typeof stubApi>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === method)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

/** The browser says it is in Tokyo. */
function inTokyo() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Tokyo' };
  });
}

describe('the time zone in Profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the IANA zones, UTC first, with a saved zone the list lacks', () => {
    const zones = timeZoneChoices('Asia/Calcutta');
    expect(zones[0]).toBe('UTC');
    expect(zones).toEqual(expect.arrayContaining(['America/Los_Angeles', 'Asia/Tokyo']));
    expect(zones).toContain('Asia/Calcutta');
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America / Los Angeles');
  });

  it('offers the browser’s zone until one is saved, and saves the one chosen', async () => {
    inTokyo();
    const saved = { ...member, time_zone: 'America/Los_Angeles' };
    const fetch = stubApi({ 'GET /me': [200, member], 'PATCH /me': [200, saved] });
    renderWithApp(
      <MemberProvider>
        <ProfileTab member={member as MemberRecord} />
      </MemberProvider>,
    );
    expect(screen.getByText('Asia / Tokyo (from your browser, not saved yet)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const field = screen.getByRole('combobox', { name: 'Time Zone' });
    expect(field).toHaveValue('Asia / Tokyo');
    await user.clear(field);
    await user.type(field, 'Los Ang');
    await user.click(await screen.findByRole('option', { name: 'America / Los Angeles' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent(fetch, 'PATCH')).toHaveLength(1));
    expect(sent(fetch, 'PATCH')[0]).toMatchObject({ time_zone: 'America/Los_Angeles' });
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  });

  it('says what the server said of a zone it does not know', async () => {
    const message =
      'Choose your time zone from the list, such as America/New_York or Europe/Paris.';
    stubApi({
      'GET /me': [200, member],
      'PATCH /me': [400, { statusCode: 400, code: 'invalid_time_zone', message }],
    });
    renderWithApp(
      <MemberProvider>
        <ProfileTab member={{ ...member, time_zone: 'Asia/Calcutta' } as MemberRecord} />
      </MemberProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // Still editing: the member can pick another.
    expect(screen.getByRole('combobox', { name: 'Time Zone' })).toBeInTheDocument();
  });
});

describe('the daily digest switch in Notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the digest as the server answers it, with its hour and zone, and saves it', async () => {
    const off = {
      ...member.notification_preferences,
      dailyDigest: false,
    };
    const fetch = stubApi({ 'GET /me': [200, member], 'PUT /me/notifications': [200, off] });
    renderWithApp(
      <MemberProvider>
        <NotificationsTab member={{ ...member, time_zone: 'Europe/Paris' }} />
      </MemberProvider>,
    );
    const digest = screen.getByRole('switch', { name: 'Daily Digest' });
    expect(digest).toBeChecked();
    expect(digest).toHaveAccessibleDescription(/each morning at 8:00 \(Europe \/ Paris\)/);
    const user = userEvent.setup();
    await user.click(digest);
    expect(digest).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await vi.waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1));
    expect(sent(fetch, 'PUT')[0]).toEqual(off);
    expect(await screen.findByText('Notification preferences saved.')).toBeInTheDocument();
  });

  it('is off for a free member who has not turned it on', () => {
    stubApi({ 'GET /me': [200, member] });
    renderWithApp(
      <MemberProvider>
        <NotificationsTab
          member={{
            ...member,
            notification_preferences: { ...member.notification_preferences, dailyDigest: false },
          }}
        />
      </MemberProvider>,
    );
    const digest = screen.getByRole('switch', { name: 'Daily Digest' });
    expect(digest).not.toBeChecked();
    expect(within(digest.closest('div')!.parentElement!).getByText(/\(UTC\)/)).toBeTruthy();
  });
});
