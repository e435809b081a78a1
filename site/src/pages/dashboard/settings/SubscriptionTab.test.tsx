import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberBilling, OwnMemberRecord } from '@leadpulse/common';
import { renderWithApp, stubApi } from '../../../test/render';
import { CHECKOUT_POLL_MS, SubscriptionTab } from './SubscriptionTab';

const member = (fields: Partial<OwnMemberRecord>): OwnMemberRecord => ({
  id: 'u1',
  auth_user_id: 'acc1',
  email: 'a@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  company: null,
  job_title: null,
  status: 'active',
  is_admin: false,
  founding_member: false,
  founding_member_purchased_at: null,
  founding_member_transitioned_at: null,
  founding_reminder_sent_at: null,
  suspended_at: null,
  suspension_reason: null,
  status_before_suspension: null,
  deleted_at: null,
  password_set: true,
  subscription_plan: null,
  subscription_status: null,
  current_plan_id: null,
  current_period_end: null,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  promo_active: false,
  promo_type: null,
  promo_expiration_date: null,
  billing_name: null,
  billing_email: null,
  billing_phone: null,
  billing_address: null,
  last_sync_at: null,
  complimentary_plan: null,
  complimentary_expires_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  time_zone: null,
  notification_preferences: {
    emailUpdates: true,
    featureAnnouncements: true,
    billingAlerts: true,
    weeklyDigest: false,
    dailyDigest: false,
  },
  display_status: 'Active',
  plan_badge: { label: 'Free', colour: 'grey' },
  payment_issue: null,
  ...fields,
});

describe('SubscriptionTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [{ is_admin: true, founding_member: true }, 'Administrator', 'User management'],
    [{ founding_member: true }, 'Founding Member', '3 months premium access'],
    [{ subscription_plan: 'rainmaker' }, 'Rainmaker', 'Track 500 leads by stage'],
    [{}, 'Free', 'Product updates'],
  ])('labels %j as %s with its features', (fields, label, feature) => {
    stubApi({});
    renderWithApp(<SubscriptionTab member={member(fields)} />);
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText(label)).toBeInTheDocument();
    expect(screen.getByText(feature)).toBeInTheDocument();
  });

  it('offers the founding membership to a free member, prefilled and for their own account', async () => {
    stubApi({});
    renderWithApp(<SubscriptionTab member={member({ phone: '5551234567' })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Become a Founding Member' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('a@example.com');
    expect(screen.getByLabelText(/^Email/)).toBeDisabled();
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('(555) 123-4567');
  });

  it('does not offer it to a founding member or an administrator', () => {
    stubApi({});
    renderWithApp(
      <SubscriptionTab member={member({ founding_member: true, stripe_customer_id: 'cus_1' })} />,
    );
    expect(
      screen.queryByRole('button', { name: 'Become a Founding Member' }),
    ).not.toBeInTheDocument();
  });

  it('opens the customer portal with Manage Billing', async () => {
    stubApi({ 'POST /billing/portal': [200, { url: 'https://billing.example/session/abc' }] });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithApp(<SubscriptionTab member={member({ stripe_customer_id: 'cus_1' })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Billing' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.example/session/abc'),
    );
  });

  it('explains when there is no billing account yet', async () => {
    stubApi({
      'POST /billing/portal': [409, { statusCode: 409, code: 'no_billing_account', message: 'x' }],
    });
    renderWithApp(<SubscriptionTab member={member({})} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(
      await screen.findByText(
        'Billing management will be available once payment processing is set up.',
      ),
    ).toBeInTheDocument();
  });

  it('offers the monthly plans to a member without a subscription, through Stripe Checkout', async () => {
    const fetch = stubApi({
      'POST /billing/checkout': [200, { url: 'https://checkout.example/cs_test_1' }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    renderWithApp(<SubscriptionTab member={member({})} />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Networker' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_1'),
    );
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/billing/checkout'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ plan: 'networker' });
  });

  it('lets a paying member change plan instead of subscribing again, after confirming', async () => {
    const fetch = stubApi({
      'GET /billing/plan/preview?plan=rainmaker': [
        200,
        { amount_due_cents: 6_200, credit_cents: 0, after_founding: false },
      ],
      'POST /billing/plan': [200, member({ subscription_plan: 'rainmaker' })],
    });
    const onChanged = vi.fn(async () => undefined);
    renderWithApp(
      <SubscriptionTab
        member={member({
          subscription_plan: 'prospector',
          subscription_status: 'active',
          stripe_subscription_id: 'sub_1',
          stripe_customer_id: 'cus_1',
        })}
        onChanged={onChanged}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Subscribe to/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('New plan'));
    expect(screen.getByRole('option', { name: /^Prospector/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('option', { name: /^Rainmaker/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Rainmaker?' });
    expect(
      within(dialog).getByText('From Prospector ($75/month) to Rainmaker ($199/month).'),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        "You'll be charged $62 now for the rest of this billing period, then $199/month.",
      ),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/billing/plan'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText('Your plan is now Rainmaker.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('after a plan checkout fetches the member again until the plan shows, then drops the notice', async () => {
    vi.useFakeTimers();
    const paying = member({
      subscription_plan: 'networker',
      subscription_status: 'active',
      stripe_subscription_id: 'sub_1',
      stripe_customer_id: 'cus_1',
    });
    let answers = 0;
    function Harness() {
      const [current, setCurrent] = useState(member({}));
      const reload = useCallback(async () => {
        answers += 1;
        if (answers === 2) setCurrent(paying);
      }, []);
      return (
        <>
          <SubscriptionTab member={current} onChanged={reload} />
          <output aria-label="address">{useLocation().search}</output>
        </>
      );
    }
    stubApi({});
    try {
      renderWithApp(<Harness />, '/dashboard/settings?tab=subscription&checkout=success');
      const notice = 'Thank you! Your subscription is being set up.';
      expect(screen.getByText(notice)).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Your plan' })).getByText('Free'));

      await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS));
      expect(screen.getByText(notice)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS));

      expect(
        within(screen.getByRole('region', { name: 'Your plan' })).getByText('Networker'),
      ).toBeInTheDocument();
      expect(screen.queryByText(notice)).not.toBeInTheDocument();
      expect(screen.getByLabelText('address')).toHaveTextContent(/^\?tab=subscription$/);
      await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 3));
      expect(answers).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('changes nothing when the member cancels the confirmation', async () => {
    const fetch = stubApi({
      'GET /billing/plan/preview?plan=networker': [
        200,
        { amount_due_cents: 0, credit_cents: 0, after_founding: true },
      ],
    });
    renderWithApp(
      <SubscriptionTab
        member={member({
          founding_member: true,
          subscription_plan: 'founding_member',
          subscription_status: 'active',
          stripe_subscription_id: 'sub_1',
          stripe_customer_id: 'cus_1',
        })}
      />,
    );
    await userEvent.click(screen.getByLabelText('New plan'));
    await userEvent.click(screen.getByRole('option', { name: /^Networker/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Networker?' });
    expect(
      await within(dialog).findByText(
        'Nothing changes during your founding period. When it ends, you move to Networker at $145/month.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/billing/plan'))).toBe(false);
  });

  it("moves a founding member's Billing to the new plan without a reload, and prices the founding period as it is", async () => {
    const founding = (price: number): MemberBilling => ({
      plan: 'founding_member',
      status: 'active',
      current_period_end: '2027-03-03T10:00:00.000Z',
      cancel_at_period_end: false,
      next_invoice: { amount_cents: price, date: '2027-03-03T10:00:00.000Z' },
      founding_transition: { date: '2027-03-03T10:00:00.000Z', price_cents: price },
      invoices: [],
    });
    const routes: Record<string, [number, unknown?]> = {
      'GET /me/billing': [200, founding(7_500)],
      'GET /billing/plan/preview?plan=networker': [
        200,
        { amount_due_cents: 0, credit_cents: 0, after_founding: true },
      ],
      'POST /billing/plan': [200, member({ subscription_plan: 'founding_member' })],
    };
    stubApi(routes);
    renderWithApp(
      <SubscriptionTab
        member={member({
          founding_member: true,
          subscription_plan: 'founding_member',
          subscription_status: 'active',
          stripe_subscription_id: 'sub_1',
          stripe_customer_id: 'cus_1',
        })}
      />,
    );
    const billing = screen.getByRole('region', { name: 'Billing' });
    expect(
      await within(billing).findByText(/You then\s+move to Prospector at \$75\/month\./),
    ).toBeVisible();

    await userEvent.click(screen.getByLabelText('New plan'));
    await userEvent.click(screen.getByRole('option', { name: /^Networker/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Networker?' });
    expect(
      within(dialog).getByText(
        'From Founding Member ($50 for the first 3 months) to Networker ($145/month).',
      ),
    ).toBeInTheDocument();
    routes['GET /me/billing'] = [200, founding(14_500)];
    await within(dialog).findByText(/Nothing changes during your founding period/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));
    expect(
      await screen.findByText('After your founding period you will move to Networker.'),
    ).toBeInTheDocument();
    const reread = screen.getByRole('region', { name: 'Billing' });
    expect(
      await within(reread).findByText(/You then\s+move to Networker at \$145\/month\./),
    ).toBeVisible();
    expect(within(reread).getByText('$145 on March 3, 2027', { exact: false })).toBeVisible();
    expect(within(reread).queryByText(/Prospector/)).not.toBeInTheDocument();
  });
});
