import type { OpenAPIObject } from '@nestjs/swagger';
import { ROLE_PERMISSIONS } from '@leadpulse/common';
import { assertAdminWritesDeclared } from '../admin/admin-write-check.js';
import { powersOfRoles, whyNotActOn } from './admin-targets.js';

const owner = { owner: true, permissions: [...ROLE_PERMISSIONS] };
const everything = { owner: false, permissions: [...ROLE_PERMISSIONS] };
const support = { owner: false, permissions: ['manage_users' as const] };
const lead = { owner: false, permissions: ['manage_users' as const, 'manage_roles' as const] };

describe('acting on an administrator', () => {
  it('lets an Owner act on anyone, and only an Owner act on an Owner', () => {
    expect(whyNotActOn(owner, owner)).toBeNull();
    expect(whyNotActOn(owner, support)).toBeNull();
    expect(whyNotActOn(everything, owner)).toBe('only an Owner may act on an Owner');
  });

  it('needs every permission the other holds', () => {
    expect(whyNotActOn(lead, support)).toBeNull();
    expect(whyNotActOn(support, support)).toBeNull();
    expect(whyNotActOn(support, lead)).toBe(
      'it needs manage_roles, which the acting administrator lacks',
    );
    expect(whyNotActOn(everything, lead)).toBeNull();
  });

  it('reads what roles grant: every permission with the Owner role, true values only', () => {
    expect(powersOfRoles([])).toEqual({ owner: false, permissions: [] });
    expect(
      powersOfRoles([
        { is_owner: false, permissions: { manage_users: true, manage_billing: false, x: true } },
      ]),
    ).toEqual({ owner: false, permissions: ['manage_users'] });
    expect(powersOfRoles([{ is_owner: true, permissions: {} }])).toEqual(owner);
  });
});

describe('the start-up check of admin writes', () => {
  const document = (operation: Record<string, unknown>) =>
    ({
      paths: { '/api/admin/users/{id}/suspend': { post: operation } },
    }) as unknown as OpenAPIObject;

  it("refuses a write on a user's account that does not name the account", () => {
    expect(() =>
      assertAdminWritesDeclared(
        document({ 'x-admin-write': { action: 'suspend_user', permission: 'manage_users' } }),
      ),
    ).toThrow('POST /api/admin/users/{id}/suspend');
    expect(() =>
      assertAdminWritesDeclared(
        document({
          'x-admin-write': { action: 'suspend_user', permission: 'manage_users', account: 'user' },
        }),
      ),
    ).not.toThrow();
  });
});
