import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRecord, Permission } from '@leadpulse/common';
import { accessSettled, renderAdmin, stubFetch } from '../../test-utils';
import { UserProfile } from '../UserProfile';
import { AccountInformation } from './AccountInformation';
import { QuickActions } from './QuickActions';

const customer: AdminUserRecord = {
  id: 'u2',
  auth_user_id: 'acc2',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: null,
  company: 'Navy',
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
  password_set: false,
  subscription_plan: 'prospector',
  subscription_status: 'active',
  current_plan_id: null,
  current_period_end: '2026-12-01T00:00:00.000Z',
  stripe_customer_id: 'cus_1',
  stripe_subscription_id: 'sub_1',
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
  time_zone: null,
  notification_preferences: {
    emailUpdates: true,
    featureAnnouncements: true,
    billingAlerts: true,
    weeklyDigest: false,
    dailyDigest: false,
  },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  display_status: 'Active',
  plan_badge: { label: 'Prospector', colour: 'blue' },
  roles: [],
};

function renderProfile(permissions: Permission[]) {
  renderAdmin(
    <Routes>
      <Route path="/users/:id/show" element={<UserProfile />} />
    </Routes>,
    {
      permissions,
      path: '/users/u2/show',
      dataProvider: { getOne: async () => ({ data: customer }) as never },
    },
  );
}

describe('the user profile, by permission', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/admin/users/u2/payments': [200, { payment_methods: [], transactions: [] }],
        'GET /api/admin/users/u2/activity': [200, []],
      }),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('offers an administrator who only manages users the account edit, and no billing', async () => {
    renderProfile(['manage_users']);
    const account = await screen.findByRole('region', { name: 'Account Information' });
    expect(await within(account).findByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();

    await userEvent.click(within(account).getByRole('button', { name: 'Edit' }));
    expect(within(account).getByLabelText('Company')).toHaveValue('Navy');

    expect(screen.queryByRole('button', { name: 'Process Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Customer Service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Promo' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Refresh Payment History' }),
    ).not.toBeInTheDocument();
    const billing = screen.getByRole('region', { name: 'Billing Information' });
    expect(within(billing).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers billing to an administrator who manages billing, and no account edit', async () => {
    renderProfile(['manage_billing']);
    expect(await screen.findByRole('button', { name: 'Process Refund' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change Subscription' })).toBeEnabled();
    const account = screen.getByRole('region', { name: 'Account Information' });
    expect(within(account).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });
});

describe('the roles of an administrator, in Account Information', () => {
  const admin = { ...customer, is_admin: true, roles: [{ id: 'r1', name: 'Owner' }] };

  it('shows the roles as chips, "No roles" without, and nothing for a member', () => {
    const { unmount } = renderAdmin(<AccountInformation user={admin} />, { permissions: [] });
    expect(screen.getByText('Owner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Roles' })).not.toBeInTheDocument();
    unmount();
    renderAdmin(<AccountInformation user={{ ...admin, roles: [] }} />, { permissions: [] });
    expect(screen.getByText('No roles')).toBeInTheDocument();
  });

  it('offers no Change Roles on the administrator’s own profile', async () => {
    renderAdmin(<AccountInformation user={{ ...admin, id: 'admin-1' }} />, {
      permissions: ['manage_roles'],
    });
    expect(await screen.findByText('Owner')).toBeInTheDocument();
    // The identity loaded (with which another's profile shows the button).
    await accessSettled({ identity: true });
    expect(screen.queryByRole('button', { name: 'Change Roles' })).not.toBeInTheDocument();
  });

  it('hides Roles for a user who is not an administrator', () => {
    renderAdmin(<AccountInformation user={customer} />, { permissions: ['manage_roles'] });
    expect(screen.queryByText('Roles')).not.toBeInTheDocument();
    expect(screen.queryByText('No roles')).not.toBeInTheDocument();
  });

  it('lets whoever manages roles change them, and shows why the server refused', async () => {
    const fetch = vi.fn(
      stubFetch({
        'PUT /api/admin/users/u2/roles': [
          409,
          {
            statusCode: 409,
            code: 'last_owner',
            message: 'At least one administrator must keep the Owner role.',
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const roles = [
      { id: 'r1', name: 'Owner' },
      { id: 'r2', name: 'Support' },
    ];
    renderAdmin(<AccountInformation user={admin} />, {
      permissions: ['manage_roles'],
      dataProvider: {
        getList: async () => ({ data: roles, total: roles.length }) as never,
        getMany: async (_resource, { ids }) =>
          ({ data: roles.filter((role) => ids.includes(role.id)) }) as never,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change Roles' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Support' }));
    await userEvent.click(screen.getByRole('option', { name: 'Owner' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Save Roles' }));

    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ role_ids: ['r2'] });
    expect(
      (await screen.findAllByText('At least one administrator must keep the Owner role.')).length,
    ).toBeGreaterThan(0);
    vi.unstubAllGlobals();
  });

  it('suspends with a reason for whoever manages users', async () => {
    const fetch = vi.fn(
      stubFetch({
        'POST /api/admin/users/u2/suspend': [200, { ...customer, status: 'suspended' }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAdmin(<QuickActions user={customer} />, { permissions: ['manage_users'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend User' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend User' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  Chargeback  ');
    await userEvent.click(confirm);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/admin/users/u2/suspend');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Chargeback' });
    expect(await screen.findByText('grace@example.com suspended')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows a suspended user’s reason, offers Reactivate, and nothing to one without manage_users', async () => {
    const suspended = {
      ...customer,
      status: 'suspended',
      suspended_at: '2026-11-20T10:00:00.000Z',
      suspension_reason: 'Chargeback',
    };
    const { unmount } = renderAdmin(<QuickActions user={suspended} />, {
      permissions: ['manage_users'],
    });
    expect(await screen.findByText(/Suspended Nov 20, 2026: Chargeback/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate User' })).toBeEnabled();
    unmount();
    renderAdmin(<QuickActions user={customer} />, { permissions: [] });
    await screen.findByRole('button', { name: 'Copy Email' });
    expect(screen.queryByRole('button', { name: 'Suspend User' })).not.toBeInTheDocument();
  });
});
