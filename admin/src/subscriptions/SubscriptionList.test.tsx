import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS, type SubscriptionRecord } from '@leadpulse/common';
import { renderAdmin, stubFetch, type StubAnswer } from '../test-utils';
import { SubscriptionList } from './SubscriptionList';

const cancelled: SubscriptionRecord = {
  id: 's1',
  stripe_subscription_id: 'sub_old',
  stripe_customer_id: 'cus_1',
  user_id: 'u1',
  plan_name: 'prospector',
  plan_type: 'monthly',
  status: 'canceled',
  amount_cents: 7_500,
  cancel_at_period_end: false,
  current_period_end: '2026-12-01T00:00:00.000Z',
  canceled_at: '2026-11-20T00:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
  user: { id: 'u1', email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
};

const CHARGE = {
  statusCode: 409,
  code: 'charge_confirmation_required',
  message: 'Reactivating charges the customer $75 now. Confirm the amount to go ahead.',
  amount_cents: 7_500,
  currency: 'usd',
  description:
    "A new Prospector subscription: $75 charged now to the customer's saved payment method, then $75 every month.",
};

function renderList(reactivate: () => StubAnswer) {
  const bodies: unknown[] = [];
  const answer = stubFetch({ 'POST /api/admin/subscriptions/s1/reactivate': reactivate });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/reactivate')) bodies.push(JSON.parse(String(init?.body ?? '{}')));
    return answer(input, init);
  });
  renderAdmin(
    <ResourceContextProvider value="subscriptions">
      <SubscriptionList />
    </ResourceContextProvider>,
    {
      permissions: [...ROLE_PERMISSIONS],
      dataProvider: { getList: async () => ({ data: [cancelled], total: 1 }) as never },
    },
  );
  return bodies;
}

async function chooseReactivate() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for sub_old' }));
  await user.click(screen.getByRole('menuitem', { name: 'Reactivate Subscription' }));
  return user;
}

describe('Reactivate Subscription', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what it will charge and charges only on confirmation, with that amount', async () => {
    let calls = 0;
    const bodies = renderList(() =>
      ++calls === 1
        ? [409, CHARGE]
        : [200, { message: 'subscription reactivated', subscription: cancelled }],
    );
    const user = await chooseReactivate();
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Subscription' });
    expect(within(dialog).getByText(CHARGE.description)).toBeVisible();
    expect(within(dialog).getByText(/charges the customer \$75 USD now/)).toBeVisible();
    expect(bodies).toEqual([{}]);

    await user.click(within(dialog).getByRole('button', { name: 'Charge $75 and Reactivate' }));
    expect(await screen.findByText('subscription reactivated')).toBeVisible();
    expect(bodies).toEqual([{}, { confirm_amount_cents: 7_500 }]);
  });

  it("charges nothing when the administrator declines, and shows the server's reason on a refusal", async () => {
    let calls = 0;
    const bodies = renderList(() =>
      ++calls === 1
        ? [409, CHARGE]
        : [
            409,
            {
              statusCode: 409,
              code: 'already_subscribed',
              message: 'This customer already has a live subscription (sub_new).',
            },
          ],
    );
    const user = await chooseReactivate();
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Subscription' });
    await user.click(within(dialog).getByRole('button', { name: "Don't Charge" }));
    expect(bodies).toEqual([{}]);

    await chooseReactivate();
    expect(
      await screen.findByText(
        'Failed to reactivate subscription: This customer already has a live subscription (sub_new).',
      ),
    ).toBeVisible();
  });
});
