import { Route, Routes, useLocation } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIssue } from '@leadpulse/common';
import { sessionClient } from '../../features/auth/session';
import { renderWithApp, stubApi } from '../../test/render';
import { memberSession } from '../../test/session';
import { ContentPage } from './ContentPage';
import { DashboardLayout } from './DashboardLayout';
import { PaymentIssueBanner } from './PaymentIssueBanner';
import { SettingsPage } from './SettingsPage';

const grace: PaymentIssue = {
  since: '2027-03-03T10:00:00.000Z',
  grace_ends_at: '2027-03-10T10:00:00.000Z',
  blocked: false,
  amount_cents: 7_500,
  next_attempt_at: '2027-03-06T10:00:00.000Z',
};
const blocked: PaymentIssue = { ...grace, blocked: true, next_attempt_at: null };

const session = memberSession();

const owing = (issue: PaymentIssue | null) => ({
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'active',
  is_admin: false,
  founding_member: false,
  subscription_plan: 'prospector',
  subscription_status: issue ? 'past_due' : 'active',
  stripe_customer_id: 'cus_1',
  stripe_subscription_id: 'sub_1',
  notification_preferences: {
    emailUpdates: true,
    featureAnnouncements: true,
    billingAlerts: true,
    weeklyDigest: false,
  },
  plan_badge: { label: 'Prospector', colour: 'blue' },
  payment_issue: issue,
});

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The member area at `url`, with its Content and Settings pages. */
function renderMemberArea(url: string) {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<p>Dashboard home</p>} />
          <Route path="content" element={<ContentPage />} />
          <Route path="settings" element={<SettingsPage />} />
        </Route>
      </Routes>
      <Address />
    </>,
    url,
  );
}

describe('PaymentIssueBanner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('says what failed, when the card is tried again and until when the plan lasts', async () => {
    const onUpdate = vi.fn();
    renderWithApp(<PaymentIssueBanner issue={grace} planName="Prospector" onUpdate={onUpdate} />);
    const banner = screen.getByRole('region', { name: 'Payment issue' });
    expect(within(banner).getByText('Your payment didn’t go through')).toBeVisible();
    expect(banner).toHaveTextContent(
      'We couldn’t charge $75 for your Prospector plan on March 3, 2027. We’ll try your card again on March 6, 2027. You keep your plan until March 10, 2027; update your payment method to keep it after that.',
    );
    expect(banner).toHaveClass('MuiAlert-colorWarning');
    await userEvent
      .setup()
      .click(within(banner).getByRole('button', { name: 'Update payment method' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('reads as suspended once the grace period is over', () => {
    renderWithApp(
      <PaymentIssueBanner issue={blocked} planName="Prospector" onUpdate={() => undefined} />,
    );
    const banner = screen.getByRole('region', { name: 'Payment issue' });
    expect(
      within(banner).getByText('Your Prospector plan is suspended for non-payment'),
    ).toBeVisible();
    expect(banner).toHaveTextContent(
      'We couldn’t charge $75 on March 3, 2027, and the grace period ended on March 10, 2027. Your Prospector features are paused until the payment goes through',
    );
    expect(banner).not.toHaveTextContent('try your card again');
    expect(banner).toHaveClass('MuiAlert-colorError');
  });

  it('shows on every member page while a renewal is unpaid, and opens the portal’s payment method page', async () => {
    sessionClient.setSession(session);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = stubApi({
      'GET /me': [200, owing(grace)],
      'POST /billing/portal/payment-method': [200, { url: 'https://billing.example/pm' }],
    });
    renderMemberArea('/dashboard');
    expect(await screen.findByRole('region', { name: 'Payment issue' })).toBeVisible();
    expect(screen.getByText('Dashboard home')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/pm'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/billing/portal/payment-method',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows nothing while the member owes nothing', async () => {
    sessionClient.setSession(session);
    stubApi({ 'GET /me': [200, owing(null)] });
    renderMemberArea('/dashboard');
    expect(await screen.findByText('Dashboard home')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Ada'),
    );
    expect(screen.queryByRole('region', { name: 'Payment issue' })).toBeNull();
  });

  it('pauses Content once the plan is suspended, and says how to bring it back', async () => {
    sessionClient.setSession(session);
    stubApi({ 'GET /me': [200, owing(blocked)] });
    renderMemberArea('/dashboard/content');
    const paused = await screen.findByRole('region', { name: 'Content is paused' });
    expect(paused).toHaveTextContent(
      'Content is part of your Prospector plan, which is suspended until its payment of $75 goes through. Everything you set up here is kept, and comes back as soon as it does.',
    );
    expect(within(paused).getByRole('button', { name: 'Update payment method' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Discover Feeds' })).toBeNull();
  });

  it('opens the portal at once when the e-mail’s link is followed, once signed in', async () => {
    sessionClient.setSession(session);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubApi({
      'GET /me': [200, owing(grace)],
      'GET /me/billing': [500, { statusCode: 500, code: 'x', message: 'x' }],
      'POST /billing/portal/payment-method': [200, { url: 'https://billing.example/pm' }],
    });
    renderMemberArea('/dashboard/settings?tab=subscription&action=update-payment-method');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/pm'));
    expect(assign).toHaveBeenCalledTimes(1);
    // The router moves in a transition.
    await waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent(
        /^\/dashboard\/settings\?tab=subscription$/,
      ),
    );
    expect(screen.getByText('Opening the secure payment page…')).toBeVisible();
  });

  it('charges the new card on the way back from the portal, and the banner goes', async () => {
    sessionClient.setSession(session);
    const fetch = stubApi({
      'GET /me': [200, owing(grace)],
      'GET /me/billing': [500, { statusCode: 500, code: 'x', message: 'x' }],
      'POST /me/subscription/pay': [200, owing(null)],
    });
    renderMemberArea('/dashboard/settings?tab=subscription&payment_method=updated');
    expect(await screen.findByText('Thank you! Your payment of $75 went through.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Payment issue' })).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/me/subscription/pay')).toHaveLength(1);
    // The router moves in a transition.
    await waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent(
        /^\/dashboard\/settings\?tab=subscription$/,
      ),
    );
  });

  it('says so when the new card is declined too, and keeps the banner', async () => {
    sessionClient.setSession(session);
    stubApi({
      'GET /me': [200, owing(blocked)],
      'GET /me/billing': [500, { statusCode: 500, code: 'x', message: 'x' }],
      'POST /me/subscription/pay': [
        402,
        {
          statusCode: 402,
          code: 'payment_declined',
          message: 'Your card was declined. Please update your payment method and try again.',
        },
      ],
    });
    renderMemberArea('/dashboard/settings?tab=subscription&payment_method=updated');
    expect(
      await screen.findByText(
        'Your card was declined. Please update your payment method and try again.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Payment issue' })).toBeVisible();
    expect(screen.getByText('Suspended for non-payment')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Plan features (paused)' })).toBeVisible();
  });

  it('goes on to the e-mail’s link after signing in, when it was followed signed out', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    // A session that cannot be refreshed: signed out.
    sessionClient.setSession({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 });
    stubApi({
      'POST /auth/refresh': [401, { statusCode: 401, code: 'invalid_token', message: 'x' }],
      'GET /me': [200, owing(grace)],
      'GET /me/billing': [500, { statusCode: 500, code: 'x', message: 'x' }],
      'POST /billing/portal/payment-method': [200, { url: 'https://billing.example/pm' }],
    });
    const view = renderMemberArea(
      '/dashboard/settings?tab=subscription&action=update-payment-method',
    );
    expect(await screen.findByText('Authentication Required')).toBeVisible();
    view.unmount();
    // Signed in, the member lands on the dashboard, then goes on to where the link led.
    sessionClient.setSession(session);
    renderMemberArea('/dashboard');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/pm'));
  });
});
