import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { AutomationPage } from './AutomationPage';

const empty = { data: [], count: 0, page: 1, pageSize: 25, totalPages: 0 };
const created = {
  id: 'r1',
  name: 'Warm commenters',
  enabled: true,
  trigger: { kind: 'new_signal', signal_kinds: ['commented_my_post'] },
  conditions: { min_score: 10 },
  actions: [
    { type: 'create_task', title: 'Follow up', due_in_days: 1 },
    { type: 'webhook', url: 'https://hooks.example.com/lp' },
  ],
  runs_count: 0,
  last_run_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  webhook_secret: 'whsec_shown_once',
};

describe('AutomationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds a rule from choices, previews its leads and shows the webhook secret once', async () => {
    let rules = empty as object;
    const api = apiTable({
      'GET /automation-rules': () => [200, rules],
      'GET /automation-runs': [200, empty],
      'POST /automation-rules/preview': [
        200,
        {
          count: 1,
          leads: [
            {
              id: 'l1',
              first_name: 'Grace',
              last_name: 'Hopper',
              company: 'US Navy',
              position: 'Rear Admiral',
              score: 72,
              stage: null,
              monitored: false,
            },
          ],
        },
      ],
      'POST /automation-rules': () => {
        rules = { ...empty, data: [created], count: 1, totalPages: 1 };
        return [201, created];
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AutomationPage />, '/dashboard/automation');
    expect(await screen.findByText('No rules yet. Build your first one below.')).toBeVisible();
    expect(await screen.findByText(/^No runs yet\./)).toBeVisible();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Rule name/), 'Warm commenters');
    await user.type(screen.getByLabelText('Minimum score'), '10');
    await user.click(screen.getByLabelText('Call a webhook'));
    await user.type(screen.getByLabelText('Webhook address'), 'https://hooks.example.com/lp');
    await user.click(screen.getByRole('button', { name: 'Preview matching leads' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('1 current lead matches this rule.')).toBeVisible();
    expect(within(preview).getByText('Grace Hopper')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('whsec_shown_once')).toBeVisible();
    expect(
      api.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/automation-rules')!
        .body,
    ).toEqual({
      name: 'Warm commenters',
      trigger: { kind: 'new_signal', signal_kinds: ['commented_my_post'] },
      conditions: { min_score: 10 },
      actions: [
        { type: 'create_task', title: 'Follow up', due_in_days: 1 },
        { type: 'webhook', url: 'https://hooks.example.com/lp' },
      ],
    });
    const list = await screen.findByRole('region', { name: 'Your rules' });
    expect(
      await within(list).findByText(
        'Then create the task “Follow up” due in 1 day, then call https://hooks.example.com/lp.',
      ),
    ).toBeVisible();
  });
});
