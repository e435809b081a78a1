import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aLead, apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { CommentsPage } from './CommentsPage';

const usage = (used: number) => ({
  profiles_tracked: { used: 0, allowed: 25 },
  profiles_monitored: { used: 0, allowed: 1 },
  ai_credits: { used, allowed: 10, resets_at: '2026-12-01T00:00:00.000Z' },
});
const angles = ['question', 'insight', 'example', 'congratulate', 'resource'] as const;
const set = {
  id: 's1',
  provider: 'offline',
  fallback: false,
  post_text: 'We launched Ledgerly today.',
  post_url: null,
  lead_id: null,
  created_at: '2026-11-28T10:00:00.000Z',
  drafts: angles.map((angle, index) => ({
    id: `d${index}`,
    angle,
    text: `A ${angle} comment.`,
    status: null,
  })),
};
const empty = { data: [], count: 0, page: 1, pageSize: 10, totalPages: 0 };

describe('CommentsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drafts five comments for a pasted post, copies one in a click and marks it used', async () => {
    const api = apiTable({
      'GET /me/usage': [200, usage(3)],
      'GET /comment-drafts': [200, empty],
      'POST /comment-drafts': [201, set],
      'POST /comment-drafts/d3/used': [200, { ...set.drafts[3], status: 'used' }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsPage />, '/dashboard/comments');

    expect(
      await screen.findByText(/7 AI credits left this month .*Credits reset on December 1, 2026/),
    ).toBeVisible();
    expect(
      screen.getByText('Your drafts will appear here once you draft comments for a post.'),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/The post’s text/), 'We launched Ledgerly today.');
    await user.click(screen.getByRole('button', { name: 'Draft five comments' }));

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(5);
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      post_text: 'We launched Ledgerly today.',
    });
    // After userEvent.setup, which puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const congrats = screen.getByRole('article', { name: 'Congratulations draft' });
    await user.click(within(congrats).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('A congratulate comment.');
    await user.click(within(congrats).getByRole('button', { name: 'Mark used' }));
    expect(await within(congrats).findByText('Used')).toBeVisible();
  });

  it('says the plan’s limit is reached at zero credits and offers the upgrade', async () => {
    const api = apiTable({
      'GET /me/usage': [200, usage(10)],
      'GET /comment-drafts': [200, empty],
      'POST /comment-drafts': [
        403,
        {
          statusCode: 403,
          code: 'plan_limit_reached',
          message: 'You have reached your plan’s limit. Upgrade to add more.',
          limit: 'ai_credits',
          used: 10,
          allowed: 10,
        },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsPage />, '/dashboard/comments');
    expect(await screen.findByText(/0 AI credits left this month/)).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/The post’s text/), 'A post');
    await user.click(screen.getByRole('button', { name: 'Draft five comments' }));
    expect(
      await screen.findByText(/Your plan allows 10 AI credits this month, and you have reached it/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  });

  it('keeps the drafts with the lead they were opened from', async () => {
    const api = apiTable({
      'GET /me/usage': [200, usage(0)],
      'GET /comment-drafts': [200, empty],
      'GET /leads/l1': [200, aLead()],
      'POST /comment-drafts': [201, { ...set, lead_id: 'l1' }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsPage />, '/dashboard/comments?lead=l1');
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/The post’s text/), 'A post');
    await user.click(screen.getByRole('button', { name: 'Draft five comments' }));
    await screen.findAllByRole('article');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      post_text: 'A post',
      lead_id: 'l1',
    });
  });
});
