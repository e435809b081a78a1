import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberBilling, OwnMemberRecord } from '@leadpulse/common';
import { renderWithApp, stubApi } from '../../../test/render';
import { SubscriptionTab } from './SubscriptionTab';

const paying = {
  id: 'u1',
  auth_user_id: 'acc1',
  email: 'a@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'active',
  is_admin: false,
  founding_member: false,
  subscription_plan: 'prospector',
  subscription_status: 'active',
  stripe_customer_id: 'cus_1',
  stripe_subscription_id: 'sub_1',
  notification_preferences: {
    emailUpdates: true,
    featureAnnouncements: true,
    billingAlerts: true,
    weeklyDigest: false,
  },
  plan_badge: { label: 'Prospector', colour: 'blue' },
  payment_issue: null,
} as unknown as OwnMemberRecord;

const active: MemberBilling = {
  plan: 'prospector',
  status: 'active',
  current_period_end: '2027-03-03T10:00:00.000Z',
  cancel_at_period_end: false,
  next_invoice: { amount_cents: 7_500, date: '2027-03-03T10:00:00.000Z' },
  founding_transition: null,
  invoices: [
    {
      id: 'in_2',
      amount_cents: 7_500,
      status: 'paid',
      date: '2027-02-03T10:00:00.000Z',
      receipt_url: 'https://pay.example/receipts/ch_2',
    },
    {
      id: 'in_1',
      amount_cents: 14_500,
      status: 'open',
      date: '2027-01-03T10:00:00.000Z',
      receipt_url: 'https://pay.example/receipts/ch_1',
    },
  ],
};
const ending: MemberBilling = { ...active, cancel_at_period_end: true, next_invoice: null };

const body = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path));
  return call ? JSON.parse(String((call[1] as RequestInit).body ?? 'null')) : undefined;
};

describe('SubscriptionTab billing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the next charge and the invoices with their receipts', async () => {
    stubApi({ 'GET /me/billing': [200, active] });
    renderWithApp(<SubscriptionTab member={paying} />);
    const billing = screen.getByRole('region', { name: 'Billing' });
    expect(await within(billing).findByText('$75 on March 3, 2027')).toBeInTheDocument();
    const rows = within(within(billing).getByRole('table', { name: 'Invoices' })).getAllByRole(
      'row',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateAmountStatusReceipt',
      'Feb 3, 2027$75PaidReceipt',
      'Jan 3, 2027$145DueView',
    ]);
    expect(
      within(billing).getByRole('link', {
        name: 'Receipt for February 3, 2027 (opens in a new tab)',
      }),
    ).toHaveAttribute('href', 'https://pay.example/receipts/ch_2');
    expect(within(billing).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it('shows a founding member the date and price of the move to Prospector', async () => {
    stubApi({
      'GET /me/billing': [
        200,
        {
          ...active,
          plan: 'founding_member',
          founding_transition: { date: '2027-04-01T00:00:00.000Z', price_cents: 7_500 },
          next_invoice: { amount_cents: 7_500, date: '2027-04-01T00:00:00.000Z' },
        },
      ],
    });
    renderWithApp(
      <SubscriptionTab
        member={{ ...paying, founding_member: true, subscription_plan: 'founding_member' }}
      />,
    );
    expect(
      await screen.findByText(
        'Your founding period ends on April 1, 2027. You then move to Prospector at $75/month.',
      ),
    ).toBeInTheDocument();
  });

  it('cancels with a reason and a comment, then shows the end date and Resume', async () => {
    const fetch = stubApi({
      'GET /me/billing': [200, active],
      'POST /me/subscription/cancel': [200, ending],
    });
    const onChanged = vi.fn(async () => undefined);
    renderWithApp(<SubscriptionTab member={paying} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(
      within(dialog).getByText(
        "You keep your plan until March 3, 2027, and you won't be charged again. You can resume any time before then.",
      ),
    ).toBeInTheDocument();
    const question = within(dialog).getByRole('radiogroup', { name: 'Why are you cancelling?' });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Too expensive', 'Missing features', 'Not using it', 'Other']);
    const confirm = within(dialog).getByRole('button', { name: 'Cancel subscription' });
    expect(confirm).toBeDisabled();
    await user.click(within(question).getByRole('radio', { name: 'Not using it' }));
    await user.type(
      within(dialog).getByLabelText("Anything you'd like to add? (optional)"),
      'Back next season',
    );
    await user.click(confirm);

    expect(await screen.findByText('Your subscription ends on March 3, 2027.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(body(fetch, '/me/subscription/cancel')).toEqual({
      reason: 'not_using',
      comment: 'Back next season',
    });
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Next charge/)).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('resumes before the end, and the next charge comes back', async () => {
    const fetch = stubApi({
      'GET /me/billing': [200, ending],
      'POST /me/subscription/resume': [200, active],
    });
    renderWithApp(<SubscriptionTab member={paying} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Your subscription will continue.')).toBeInTheDocument();
    expect(screen.getByText('$75 on March 3, 2027')).toBeInTheDocument();
    expect(screen.queryByText(/Your subscription ends on/)).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/me/subscription/resume'))).toBe(
      true,
    );
  });

  it('keeps the dialog open with the reason Stripe refused', async () => {
    stubApi({
      'GET /me/billing': [200, active],
      'POST /me/subscription/cancel': [
        502,
        {
          statusCode: 502,
          code: 'stripe_failed',
          message: 'We could not cancel your subscription. Please try again.',
        },
      ],
    });
    renderWithApp(<SubscriptionTab member={paying} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Too expensive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(
      await within(dialog).findByText('We could not cancel your subscription. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it('says so when the billing details cannot be loaded, and tries again', async () => {
    const fetch = stubApi({});
    renderWithApp(<SubscriptionTab member={paying} />);
    expect(
      await screen.findByText('We could not load your billing details. Please try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/me/billing'))).toHaveLength(2);
  });

  it('asks nothing of Stripe for a member who never subscribed', () => {
    const fetch = stubApi({});
    renderWithApp(
      <SubscriptionTab
        member={{ ...paying, stripe_subscription_id: null, subscription_plan: null }}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Billing' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/me/billing'))).toBe(false);
  });
});
