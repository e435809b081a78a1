import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@leadpulse/common';
import { renderAdmin } from '../test-utils';
import { AuditLog } from './AuditLog';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  created_at: '2026-11-22T10:00:00.000Z',
  action_type: 'update_user',
  action_label: 'User updated',
  outcome: 'success',
  description: 'Updated grace@example.com',
  old_values: null,
  new_values: null,
  admin_id: 'u1',
  admin_name: 'Ada Lovelace',
  admin_email: 'ada@example.com',
  target_user_id: 'u2',
  target_email: 'grace@example.com',
  ...fields,
});

const ROWS = [
  entry({
    id: 'a1',
    old_values: { status: 'active', company: 'Navy', id: 'u2', idempotency_key: 'k1' },
    new_values: { status: 'cancelled', company: 'Navy', id: 'u2', idempotency_key: 'k2' },
  }),
  entry({
    id: 'a2',
    action_type: 'process_refund',
    action_label: 'Refund processed',
    outcome: 'refused',
    description: 'Refused: You do not have permission to do this.',
    old_values: null,
    new_values: { amount_cents: 5000, request_id: 'req-1', stripe_charge_id: 'ch_1' },
  }),
  entry({
    id: 'a3',
    action_type: 'apply_promo',
    action_label: 'Promo applied',
    description: 'Applied promo 1 Week Trial for 7 days',
    old_values: { promo_active: false, promo_type: 'beta_tester' },
    new_values: { promo_active: true, promo_type: 'one_week_trial' },
    target_user_id: null,
    target_email: 'margaret.hamilton@example.com',
  }),
  entry({
    id: 'a4',
    action_type: 'member_cancel_subscription',
    action_label: 'Cancelled by the member',
    description: 'Cancelled their subscription at the end of the period',
    admin_id: 'u2',
    admin_name: 'Grace Hopper',
    admin_email: 'grace@example.com',
    old_values: { cancel_at_period_end: false, cancellation_reason: null },
    new_values: { cancel_at_period_end: true, cancellation_reason: 'too_expensive' },
  }),
];

function renderLog() {
  renderAdmin(
    <ResourceContextProvider value="admin-actions">
      <AuditLog />
    </ResourceContextProvider>,
    {
      permissions: [],
      dataProvider: {
        getList: async (resource) =>
          (resource === 'admin-actions'
            ? { data: ROWS, total: ROWS.length }
            : {
                data: [{ id: 'u1', email: 'ada@example.com', first_name: 'Ada', last_name: 'L' }],
                total: 1,
              }) as never,
      },
    },
  );
}

describe('the Audit Log', () => {
  it('lists only the fields that changed, never internal ones, money in dollars', async () => {
    renderLog();
    const lists = await screen.findAllByRole('list', { name: 'Changes' });
    expect(
      within(lists[0]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status: active → cancelled']);
    expect(
      within(lists[1]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Amount: $50']);
    expect(screen.queryByText(/idempotency|request id|company/)).not.toBeInTheDocument();
  });

  it('names fields as labels and promo types by their label, never their id', async () => {
    renderLog();
    const lists = await screen.findAllByRole('list', { name: 'Changes' });
    expect(
      within(lists[2]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Promo active: no → yes', 'Promo type: Beta Tester → 1 Week Trial']);
    expect(screen.queryByText(/one_week_trial|beta_tester/)).not.toBeInTheDocument();
  });

  it('lets an e-mail address break only before its "@" or after a dot', async () => {
    renderLog();
    const target = await screen.findByText('margaret.hamilton@example.com');
    expect(target.innerHTML).toBe('margaret.<wbr>hamilton<wbr>@example.<wbr>com');
  });

  it('names the action, and marks a refused attempt', async () => {
    renderLog();
    const refused = (await screen.findByText('Refund processed')).closest('tr')!;
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    const done = screen.getByText('User updated').closest('tr')!;
    expect(within(done).getByText('Success')).toBeInTheDocument();
  });

  it('says when the one who acted was a member changing their own account, not an administrator', async () => {
    renderLog();
    const own = (await screen.findByText('Cancelled by the member')).closest('tr')!;
    expect(within(own).getByText('Member, on their own account')).toBeInTheDocument();
    expect(within(own).getByText('Cancellation reason: — → Too expensive')).toBeInTheDocument();
    expect(within(own).queryByText(/too_expensive/)).not.toBeInTheDocument();
    const done = screen.getByText('User updated').closest('tr')!;
    expect(within(done).queryByText('Member, on their own account')).not.toBeInTheDocument();
  });

  it('filters by every action by its label, by administrator or System, and by outcome', async () => {
    renderLog();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Action' }));
    expect(screen.getByRole('option', { name: 'Refund processed' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Plan changed' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Administrator' }));
    expect(await screen.findByRole('option', { name: 'System' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ada L (ada@example.com)' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Outcome' }));
    expect(screen.getByRole('option', { name: 'Refused' })).toBeInTheDocument();
  });
});
