import { Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry } from '@leadpulse/common';
import { aLead, apiTable } from '../../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../../test/render';
import { LeadPage } from './LeadPage';

const connected: TimelineEntry = {
  type: 'signal',
  at: '2026-10-01T10:00:00.000Z',
  signal: {
    id: 's1',
    lead_id: 'l1',
    kind: 'connected',
    occurred_at: '2026-10-01T10:00:00.000Z',
    source: 'import:i1',
    detail: {},
    created_at: '2026-10-01T10:00:00.000Z',
  },
};

const renderLead = () =>
  renderWithApp(
    <Routes>
      <Route path="/dashboard/leads/:id" element={<LeadPage />} />
      <Route path="/dashboard/leads" element={<p>All leads list</p>} />
    </Routes>,
    '/dashboard/leads/l1',
  );

describe('LeadPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('logs engagement with its date and post link, and shows it first on the timeline', async () => {
    const entries: TimelineEntry[] = [connected];
    const api = apiTable({
      'GET /leads/l1': [200, aLead()],
      'GET /leads/l1/timeline': () => [200, { data: [...entries] }],
      'POST /leads/l1/signals': (_url, init) => {
        const body = JSON.parse(String(init!.body));
        const signal = {
          id: 's2',
          lead_id: 'l1',
          kind: body.kind,
          occurred_at: body.occurred_at,
          source: 'manual',
          detail: { post_url: body.post_url },
          created_at: body.occurred_at,
        };
        entries.unshift({ type: 'signal', at: body.occurred_at, signal });
        return [201, signal];
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderLead();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByText('CTO at Analytical Engines')).toBeVisible();
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Connected')).toBeVisible();
    expect(within(timeline).getByText('From an import')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Log engagement' }));
    const dialog = screen.getByRole('dialog', { name: 'Log engagement' });
    await user.click(within(dialog).getByLabelText('Commented on my post'));
    const when = within(dialog).getByLabelText(/When/);
    await user.clear(when);
    await user.type(when, '2026-11-02');
    await user.type(
      within(dialog).getByLabelText('Post link (optional)'),
      'https://www.linkedin.com/posts/x',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Log engagement' }));

    const posted = api.calls.find((call) => call.method === 'POST')!;
    expect(posted.body).toMatchObject({
      kind: 'commented_my_post',
      post_url: 'https://www.linkedin.com/posts/x',
    });
    expect(new Date((posted.body as { occurred_at: string }).occurred_at).getDate()).toBe(2);
    const first = (await screen.findAllByRole('listitem')).find((item) =>
      within(item).queryByText('Commented on my post'),
    )!;
    expect(within(first).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/posts/x',
    );
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')[0]).toBe(
      first,
    );
  });

  it('deletes the lead only after confirmation, then goes back to the list', async () => {
    const api = apiTable({
      'GET /leads/l1': [200, aLead()],
      'GET /leads/l1/timeline': [200, { data: [] }],
      'DELETE /leads/l1': [204],
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderLead();

    expect(await screen.findByText('Nothing yet.', { exact: false })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete lead' }));
    expect(await screen.findByText('All leads list')).toBeVisible();
  });

  it('says so when the lead does not exist', async () => {
    vi.stubGlobal('fetch', apiTable({}).fetch);
    renderLead();
    expect(await screen.findByText(/We could not find that lead/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'All leads' })).toHaveAttribute(
      'href',
      '/dashboard/leads',
    );
  });
});
