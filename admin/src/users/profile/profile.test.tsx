import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserRecord } from '@leadpulse/common';
import { DurationDialog } from './DurationDialog';
import { NO_STRIPE_CUSTOMER, QuickActions } from './QuickActions';

const TYPES = [
  { id: 'beta_tester', name: 'Beta Tester (50% off)' },
  { id: 'early_adopter', name: 'Early Adopter (25% off)' },
];

function renderDialog(onSubmit = vi.fn(async () => true)) {
  render(
    <DurationDialog
      title="Add Promo Code"
      typeLabel="Promo Type"
      types={TYPES}
      submitLabel="Apply Promo"
      notesPlaceholder="Reason for applying this promo..."
      open
      onClose={() => undefined}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('the Add Promo Code dialog', () => {
  it('keeps Apply Promo disabled until a type is chosen, with 90 days by default', async () => {
    const onSubmit = renderDialog();
    const apply = screen.getByRole('button', { name: 'Apply Promo' });
    expect(apply).toBeDisabled();
    expect(screen.getByLabelText('Duration (days)')).toHaveValue(90);
    expect(screen.getByPlaceholderText('Reason for applying this promo...')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Promo Type'));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Early Adopter (25% off)'));
    expect(apply).toBeEnabled();
    await userEvent.type(screen.getByPlaceholderText('Reason for applying this promo...'), 'VIP');
    await userEvent.click(apply);
    expect(onSubmit).toHaveBeenCalledWith({
      type: 'early_adopter',
      duration_days: 90,
      notes: 'VIP',
    });
  });

  it('sends 90 days when the duration is not a number, and disables Apply while applying', async () => {
    let finish: (done: boolean) => void = () => undefined;
    const onSubmit = renderDialog(
      vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve))),
    );
    await userEvent.click(screen.getByLabelText('Promo Type'));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Beta Tester (50% off)'));
    await userEvent.clear(screen.getByLabelText('Duration (days)'));
    const apply = screen.getByRole('button', { name: 'Apply Promo' });
    await userEvent.click(apply);
    expect(onSubmit).toHaveBeenCalledWith({ type: 'beta_tester', duration_days: 90, notes: '' });
    expect(apply).toBeDisabled();
    finish(false);
    await vi.waitFor(() => expect(apply).toBeEnabled());
  });
});

describe('Quick Actions', () => {
  const user = { id: 'u1', email: 'ada@example.com', stripe_customer_id: null } as AdminUserRecord;

  it('disables Resend Welcome Email once the password is set, saying why', async () => {
    render(
      <AdminContext>
        <QuickActions user={{ ...user, password_set: true }} />
      </AdminContext>,
    );
    const resend = screen.getByRole('button', { name: 'Resend Welcome Email' });
    expect(resend).toBeDisabled();
    await userEvent.hover(resend.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'User has already set up their account',
    );
  });

  it('disables View in Stripe for a user Stripe does not know yet, saying why', async () => {
    render(
      <AdminContext>
        <QuickActions user={{ ...user, password_set: false }} />
      </AdminContext>,
    );
    expect(screen.queryByRole('link', { name: 'View in Stripe' })).not.toBeInTheDocument();
    const view = screen.getByRole('button', { name: 'View in Stripe' });
    expect(view).toBeDisabled();
    await userEvent.hover(view.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NO_STRIPE_CUSTOMER);
  });

  it("offers View in Stripe at the customer's page the server names (test mode's for a test key)", () => {
    render(
      <AdminContext>
        <QuickActions
          user={{
            ...user,
            password_set: false,
            stripe_customer_id: 'cus_123',
            stripe_url: 'https://dashboard.stripe.com/test/customers/cus_123',
          }}
        />
      </AdminContext>,
    );
    expect(screen.getByRole('button', { name: 'Resend Welcome Email' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'View in Stripe' })).toHaveAttribute(
      'href',
      'https://dashboard.stripe.com/test/customers/cus_123',
    );
  });
});
