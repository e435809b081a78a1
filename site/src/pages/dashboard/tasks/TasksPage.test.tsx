import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Paged, TaskWithLead } from '@leadpulse/common';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { TasksPage } from './TasksPage';

const task = (id: string, title: string): TaskWithLead => ({
  id,
  lead_id: 'l1',
  title,
  due_at: '2026-11-20T10:00:00.000Z',
  done_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  lead: { id: 'l1', first_name: 'Ada', last_name: 'Lovelace', company: null },
});
const paged = (data: TaskWithLead[]): Paged<TaskWithLead> => ({
  data,
  count: data.length,
  page: 1,
  pageSize: 100,
  totalPages: 1,
});

describe('TasksPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists tasks by period and takes one off when ticked', async () => {
    let overdue = [task('t1', 'Send the deck'), task('t2', 'Call back')];
    const api = apiTable({
      'GET /tasks': (url) => [200, paged(url.searchParams.get('due') === 'overdue' ? overdue : [])],
      'PATCH /tasks/t1': () => {
        overdue = overdue.filter((t) => t.id !== 't1');
        return [200, { ...task('t1', 'Send the deck'), done_at: '2026-11-28T10:00:00.000Z' }];
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<TasksPage />, '/dashboard/tasks');
    const section = await screen.findByRole('region', { name: 'Overdue (2)' });
    expect(within(section).getByText('Send the deck')).toBeInTheDocument();
    expect(screen.getByText('Nothing due today.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mark “Send the deck” done' }));
    await waitFor(() => expect(screen.queryByText('Send the deck')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ done: true });
    expect(await screen.findByRole('region', { name: 'Overdue (1)' })).toBeInTheDocument();
  });
});
