import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS, sessionStorageKey, type Permission } from '@leadpulse/common';
import { SESSION, stubFetch } from '../test-utils';
import { allows } from './access';
import { authProvider, forgetIdentity } from './authProvider';

describe('allows', () => {
  it('lets every administrator read every screen, without a role', () => {
    for (const resource of ['users', 'roles', 'subscriptions', 'admin-actions', 'stripe-events'])
      for (const action of ['list', 'show', 'export'])
        expect(allows([], { action, resource })).toBe(true);
  });

  it.each<[string, string, Permission]>([
    ['create', 'users', 'manage_users'],
    ['edit', 'users', 'manage_users'],
    ['create', 'promotions', 'manage_promotions'],
    ['edit', 'promotions', 'manage_promotions'],
    ['delete', 'promotions', 'manage_promotions'],
    ['create', 'roles', 'manage_roles'],
    ['delete', 'roles', 'manage_roles'],
    ['edit', 'newsletter', 'manage_newsletter'],
    ['replay', 'stripe-events', 'replay_webhooks'],
    ['process_refund', 'users', 'manage_billing'],
    ['cancel_subscription', 'subscriptions', 'manage_billing'],
    ['apply_promo', 'users', 'manage_promotions'],
    ['grant_complimentary_access', 'users', 'manage_billing'],
    ['set_user_roles', 'users', 'manage_roles'],
    ['resend_email', 'emails', 'manage_users'],
    ['run_reconciliation', 'users', 'manage_billing'],
  ])('lets %s on %s through with %s, and with no other permission', (action, resource, needed) => {
    expect(allows([needed], { action, resource })).toBe(true);
    expect(
      allows(
        ROLE_PERMISSIONS.filter((p) => p !== needed),
        { action, resource },
      ),
    ).toBe(false);
  });

  it('never edits or deletes the built-in Owner role, nor writes to a read-only screen', () => {
    const owner = { id: 'r1', is_owner: true };
    expect(
      allows([...ROLE_PERMISSIONS], { action: 'edit', resource: 'roles', record: owner }),
    ).toBe(false);
    expect(
      allows([...ROLE_PERMISSIONS], { action: 'delete', resource: 'roles', record: owner }),
    ).toBe(false);
    expect(allows([...ROLE_PERMISSIONS], { action: 'delete', resource: 'admin-actions' })).toBe(
      false,
    );
    expect(allows([...ROLE_PERMISSIONS], { action: 'reconcile_checkout', resource: 'users' })).toBe(
      false,
    );
  });
});

describe('authProvider', () => {
  const session = SESSION;
  const identity = {
    id: 'u1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    is_admin: true,
    name: 'Ada Lovelace',
    roles: [{ id: 'r2', name: 'Support' }],
    permissions: ['manage_users'],
  };

  beforeEach(() => {
    window.localStorage.setItem(sessionStorageKey(window.location.host), JSON.stringify(session));
    forgetIdentity();
  });
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('answers canAccess from the permissions of GET /api/admin/identity, asked once', async () => {
    const fetch = vi.fn(stubFetch({ 'GET /api/admin/identity': [200, identity] }));
    vi.stubGlobal('fetch', fetch);
    const can = (action: string, resource = 'users') =>
      authProvider.canAccess!({ action, resource });
    expect(await can('edit')).toBe(true);
    expect(await can('send_password_reset')).toBe(true);
    expect(await can('process_refund')).toBe(false);
    expect(await can('cancel_subscription', 'subscriptions')).toBe(false);
    expect(await can('list', 'subscriptions')).toBe(true);
    expect(await authProvider.getPermissions!({})).toEqual(['manage_users']);
    expect(await authProvider.getIdentity!()).toMatchObject({
      fullName: 'Ada Lovelace',
      roles: [{ id: 'r2', name: 'Support' }],
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refuses everything to a signed-in member who is not an administrator', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/admin/identity': [403, { statusCode: 403, code: 'forbidden', message: 'no' }],
      }),
    );
    expect(await authProvider.canAccess!({ action: 'list', resource: 'users' })).toBe(false);
    expect(await authProvider.getPermissions!({})).toBeNull();
  });
});
