import { useState } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import {
  Form,
  ReferenceArrayInput,
  SaveButton,
  SelectArrayInput,
  useGetIdentity,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { AdminUserRecord, SetUserRolesRequest } from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { useCan } from '../../auth/useCan';
import { Field } from './Section';

/**
 * An administrator's roles as chips ("No roles"), and Change Roles for whoever may manage them,
 * on anyone's profile but their own (nobody changes their own roles).
 */
export function AdminRoles({ user }: { user: AdminUserRecord }) {
  const [editing, setEditing] = useState(false);
  const { identity } = useGetIdentity();
  const canChange = useCan('set_user_roles', 'users') && !!identity && identity.id !== user.id;
  const notify = useNotify();
  const refresh = useRefresh();
  const roles = user.roles ?? [];

  const save = async ({ role_ids }: { role_ids?: string[] }) => {
    try {
      await adminApi<AdminUserRecord>(`/users/${user.id}/roles`, {
        method: 'PUT',
        body: { role_ids: role_ids ?? [] } satisfies SetUserRolesRequest,
      });
      notify('Roles updated', { type: 'success' });
      setEditing(false);
      refresh();
    } catch (error) {
      // e.g. 409 last_owner ("At least one administrator must keep the Owner role."), or 403 for
      // a role granting a permission the administrator lacks.
      notify(errorMessage(error), { type: 'error' });
      return { role_ids: errorMessage(error) };
    }
  };

  if (editing && canChange)
    return (
      <Form
        record={{ id: user.id, role_ids: roles.map((role) => role.id) }}
        onSubmit={save}
        resource="users"
      >
        <ReferenceArrayInput
          source="role_ids"
          reference="roles"
          sort={{ field: 'name', order: 'ASC' }}
          perPage={100}
        >
          <SelectArrayInput label="Roles" optionText="name" fullWidth size="small" />
        </ReferenceArrayInput>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <SaveButton label="Save Roles" alwaysEnable />
          <Button onClick={() => setEditing(false)}>Cancel</Button>
        </Stack>
      </Form>
    );

  return (
    <Field label="Roles">
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        aria-label="Roles"
      >
        {roles.length ? (
          roles.map((role) => <Chip key={role.id} label={role.name} size="small" />)
        ) : (
          <Typography variant="body2" color="text.secondary">
            No roles
          </Typography>
        )}
        {canChange && (
          <Button size="small" onClick={() => setEditing(true)}>
            Change Roles
          </Button>
        )}
      </Stack>
    </Field>
  );
}
