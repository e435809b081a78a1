import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TodayItem } from '@leadpulse/common';
import { aLead, apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { TodayPage } from './TodayPage';

const item = (n: number): TodayItem => ({
  lead: aLead({ id: `l${n}`, first_name: 'Lead', last_name: `Number ${n}`, score: 90 - n }),
  reasons: [`Reason of lead ${n}`],
  next_step: 'Reply to their message of 2 days ago.',
  next_step_kind: 'reply',
  new_signal: false,
});

const names = () =>
  within(screen.getByRole('list', { name: "Today's leads" }))
    .getAllByRole('link', { name: /^Lead Number/ })
    .map((link) => link.textContent);

describe('TodayPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes a lead marked done off at once, and the next one comes in', async () => {
    let pending = [1, 2, 3];
    let release: () => void = () => {};
    const api = apiTable({
      'GET /leads/today': () => [200, { data: pending.slice(0, 2).map(item) }],
      'POST /leads/l1/today/done': () => {
        pending = pending.filter((n) => n !== 1);
        return [204];
      },
    });
    const fetch = vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') await new Promise<void>((resolve) => (release = resolve));
      return api.fetch(input, init);
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<TodayPage />, '/dashboard/today');
    await waitFor(() => expect(names()).toEqual(['Lead Number 1', 'Lead Number 2']));
    expect(screen.getByText('Reason of lead 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Done with Lead Number 1' }));
    // Gone before the server has answered.
    expect(names()).toEqual(['Lead Number 2']);
    release();
    await waitFor(() => expect(names()).toEqual(['Lead Number 2', 'Lead Number 3']));
  });

  it('snoozes for a week through PATCH snoozed_until', async () => {
    const api = apiTable({
      'GET /leads/today': [200, { data: [item(1)] }],
      'PATCH /leads/l1': [200, aLead()],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<TodayPage />, '/dashboard/today');
    await userEvent.click(await screen.findByRole('button', { name: 'Snooze Lead Number 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'For 1 week' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = api.calls.find((c) => c.method === 'PATCH')?.body as { snoozed_until: string };
    const days = (Date.parse(body.snoozed_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('offers comment drafts for each lead, with the lead chosen on the Comments page', async () => {
    vi.stubGlobal('fetch', apiTable({ 'GET /leads/today': [200, { data: [item(1)] }] }).fetch);
    renderWithApp(<TodayPage />, '/dashboard/today');
    expect(
      await screen.findByRole('link', { name: 'Draft comments for Lead Number 1' }),
    ).toHaveAttribute('href', '/dashboard/comments?lead=l1');
  });

  it('says what fills Today when it is empty', async () => {
    vi.stubGlobal('fetch', apiTable({ 'GET /leads/today': [200, { data: [] }] }).fetch);
    renderWithApp(<TodayPage />, '/dashboard/today');
    expect(await screen.findByText('Nothing to do today')).toBeInTheDocument();
  });
});
