import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roadmap } from '@leadpulse/common/roadmap';
import { MemberProvider } from '../../features/member/MemberProvider';
import { renderWithApp, stubApi } from '../../test/render';
import { WelcomePage } from './WelcomePage';

describe('WelcomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the greeting when the member cannot be loaded, and loads it again on Retry', async () => {
    const fetch = stubApi({
      'GET /me': [500, { statusCode: 500, code: 'internal', message: 'x' }],
    });
    renderWithApp(
      <MemberProvider>
        <WelcomePage />
      </MemberProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: /^Welcome to LeadPulse, User!/ }),
    ).toBeVisible();
    expect(screen.getByText("We couldn't load your account details just now.")).toBeVisible();
    expect(screen.getByRole('heading', { name: "What's Coming" })).toBeVisible();

    fetch.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', founding_member: true }),
          { status: 200 },
        ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome to LeadPulse, Ada Lovelace!' }),
    ).toBeVisible();
    expect(screen.getByText("You're a founding member")).toBeVisible();
    expect(screen.queryByText("We couldn't load your account details just now.")).toBeNull();
  });

  it('shows the built capabilities as live links and no past dates', async () => {
    stubApi({ 'GET /me': [200, { first_name: 'Ada', last_name: '' }] });
    renderWithApp(
      <MemberProvider>
        <WelcomePage />
      </MemberProvider>,
    );
    await screen.findByRole('heading', { name: "What's Coming" });
    const live = roadmap().filter((feature) => feature.live);
    expect(live.map((feature) => feature.title)).toEqual(
      expect.arrayContaining(['Analytics Dashboard', 'AI Lead Scoring', 'Lead Monitoring']),
    );
    expect(screen.getAllByText('Live')).toHaveLength(live.length);
    expect(screen.queryAllByText('Coming Soon')).toHaveLength(roadmap().length - live.length);
    for (const feature of live)
      expect(screen.getByRole('link', { name: new RegExp(feature.title) })).toHaveAttribute(
        'href',
        feature.to,
      );
    expect(screen.getByRole('link', { name: /Analytics Dashboard/ })).toHaveAttribute(
      'href',
      '/dashboard/analytics',
    );
    expect(screen.getByRole('link', { name: /Personalized Comment Generation/ })).toHaveAttribute(
      'href',
      '/dashboard/comments',
    );
    expect(screen.getByRole('link', { name: /LinkedIn Export Import/ })).toHaveAttribute(
      'href',
      '/dashboard/imports',
    );
    expect(screen.queryByText(/profile monitoring|who engages/i)).toBeNull();
    expect(screen.queryByText(/Q\d 2024/)).toBeNull();
  });

  it('names the plan a founding member moves to as it is scheduled, the one they changed to included', async () => {
    stubApi({
      'GET /me': [
        200,
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          founding_member: true,
          subscription_plan: 'founding_member',
        },
      ],
      'GET /me/billing': [
        200,
        {
          plan: 'founding_member',
          status: 'active',
          current_period_end: '2027-03-03T10:00:00.000Z',
          cancel_at_period_end: false,
          next_invoice: { amount_cents: 14_500, date: '2027-03-03T10:00:00.000Z' },
          founding_transition: { date: '2027-03-03T10:00:00.000Z', price_cents: 14_500 },
          invoices: [],
        },
      ],
    });
    renderWithApp(
      <MemberProvider>
        <WelcomePage />
      </MemberProvider>,
    );
    expect(
      await screen.findByText(
        'As a founding member you paid $50 for your first 3 months; after that your membership moves automatically to the Networker plan at $145/month.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Prospector/)).toBeNull();
  });
});
