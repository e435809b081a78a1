import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEADS_PAGE_SIZE } from '@leadpulse/common';
import { aLead, apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { LeadsPage } from './LeadsPage';

const page = (data: ReturnType<typeof aLead>[], count = data.length) => ({
  data,
  count,
  page: 1,
  pageSize: LEADS_PAGE_SIZE,
  totalPages: Math.max(1, Math.ceil(count / LEADS_PAGE_SIZE)),
});
const usage = {
  profiles_tracked: { used: 25, allowed: 25 },
  profiles_monitored: { used: 0, allowed: 1 },
  ai_credits: { used: 0, allowed: 10, resets_at: '2026-12-01T00:00:00.000Z' },
};

describe('LeadsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a new member one clear start: the export with its three steps, a CSV, or the sample', async () => {
    const api = apiTable({ 'GET /leads': [200, page([])], 'GET /me/usage': [200, usage] });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<LeadsPage />, '/dashboard/leads');

    const start = await screen.findByRole('region', { name: 'Bring your network in' });
    expect(within(start).getByText('Ask LinkedIn for a copy of your data')).toBeVisible();
    expect(within(start).getByText('Choose what to download')).toBeVisible();
    expect(within(start).getByText('Bring the ZIP here')).toBeVisible();
    expect(within(start).getByRole('link', { name: /Get a copy of your data/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/mypreferences/d/download-my-data',
    );
    expect(within(start).getByRole('link', { name: 'Import your LinkedIn export' })).toBeVisible();
    expect(within(start).getByRole('link', { name: 'Upload a CSV' })).toBeVisible();
    expect(within(start).getByRole('button', { name: 'Try the sample data' })).toBeEnabled();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('searches through the address after typing stops, and says when nothing matches', async () => {
    const api = apiTable({
      'GET /leads': (url) => [200, url.searchParams.get('q') ? page([]) : page([aLead()])],
      'GET /me/usage': [200, usage],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<LeadsPage />, '/dashboard/leads');

    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/dashboard/leads/l1',
    );
    expect(screen.getByText('1–1 of 1 lead')).toBeVisible();
    expect(screen.getByText('Tracked 25 of 25 · Monitored 0 of 1')).toBeVisible();

    await userEvent.setup().type(screen.getByLabelText('Search leads'), 'zzz');
    expect(await screen.findByText('No lead matches this search and these filters.')).toBeVisible();
    const searches = api.calls.filter((call) => call.url.pathname === '/api/leads');
    expect(searches.at(-1)!.url.searchParams.get('q')).toBe('zzz');
    expect(searches.filter((call) => call.url.searchParams.has('q'))).toHaveLength(1);
  });

  it('tracks only the selected leads not yet tracked, and offers the upgrade at the limit', async () => {
    const api = apiTable({
      'GET /leads': [
        200,
        page([
          aLead(),
          aLead({ id: 'l2', first_name: 'Grace', last_name: 'Hopper', stage: 'meeting' }),
        ]),
      ],
      'GET /me/usage': [200, usage],
      'PATCH /leads/l1': [
        403,
        {
          statusCode: 403,
          code: 'plan_limit_reached',
          message: 'x',
          limit: 'profiles_tracked',
          used: 25,
          allowed: 25,
        },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderWithApp(<LeadsPage />, '/dashboard/leads');

    await user.click(
      await screen.findByRole('checkbox', { name: 'Select every lead on this page' }),
    );
    expect(screen.getByText('2 leads selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(await screen.findByText('Plan limit reached')).toBeVisible();
    expect(screen.getByText(/Your plan allows 25 tracked leads/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=subscription',
    );
    const patches = api.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/leads/l1', { stage: 'new' }],
    ]);
  });

  it('shows the error with Try Again when the list cannot be loaded', async () => {
    let fail = true;
    const api = apiTable({
      'GET /leads': () =>
        fail
          ? [500, { statusCode: 500, code: 'internal', message: 'The server had a problem.' }]
          : [200, page([aLead()])],
      'GET /me/usage': [200, usage],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<LeadsPage />, '/dashboard/leads');
    expect(await screen.findByText('The server had a problem.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible());
  });
});
