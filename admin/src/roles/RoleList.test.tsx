import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Permission, RoleRecord } from '@leadpulse/common';
import { accessSettled, renderAdmin } from '../test-utils';
import { RoleList } from './RoleList';

const role = (fields: Partial<RoleRecord>): RoleRecord => ({
  id: 'r1',
  name: 'Owner',
  description: 'Every permission',
  permissions: { manage_users: true },
  is_owner: false,
  admin_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const ROLES = [
  role({ id: 'r1', name: 'Owner', is_owner: true, admin_count: 2 }),
  role({ id: 'r2', name: 'Support', description: 'Answers customers', admin_count: 3 }),
  role({ id: 'r3', name: 'Unused', description: 'Nobody', admin_count: 0 }),
];

function renderRoles(permissions: Permission[]) {
  renderAdmin(
    <ResourceContextProvider value="roles">
      <RoleList />
    </ResourceContextProvider>,
    {
      permissions,
      dataProvider: {
        getList: async () => ({ data: ROLES, total: ROLES.length }) as never,
        delete: async () => {
          throw new HttpError('The role is held by 3 administrators.', 409, {
            code: 'role_in_use',
            message: 'The role is held by 3 administrators.',
          });
        },
      },
    },
  );
}

const row = (name: string) => screen.getByText(name, { selector: 'span' }).closest('tr')!;

describe('the Roles list', () => {
  it('counts the administrators holding each role', async () => {
    renderRoles(['manage_roles']);
    expect(await screen.findByRole('columnheader', { name: 'Administrators' })).toBeVisible();
    expect(within(row('Owner')).getByText('2')).toBeInTheDocument();
    expect(within(row('Support')).getByText('3')).toBeInTheDocument();
    expect(within(row('Unused')).getByText('0')).toBeInTheDocument();
  });

  it('marks the Owner role built-in, with no Edit or Delete', async () => {
    renderRoles(['manage_roles']);
    const actions = await screen.findByRole('button', { name: 'Actions for Support' });
    expect(within(row('Owner')).getByText('Built-in')).toBeInTheDocument();
    expect(within(row('Owner')).queryByRole('button', { name: /^Actions/ })).toBeNull();
    await userEvent.click(actions);
    expect(screen.getByRole('menuitem', { name: 'Edit Role' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete Role' })).toBeInTheDocument();
  });

  it("says why the server refused a delete, in the server's words", async () => {
    renderRoles(['manage_roles']);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Support' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Role' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Role' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('Failed to delete role: The role is held by 3 administrators.'),
    ).toBeInTheDocument();
  });

  it('offers no create, edit or delete without manage_roles', async () => {
    renderRoles(['manage_users']);
    await screen.findByText('Support', { selector: 'span' });
    // Every access question answered before looking for what is not there.
    await accessSettled();
    expect(screen.queryByRole('button', { name: 'Create Role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
