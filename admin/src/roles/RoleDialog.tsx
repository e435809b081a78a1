import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useCreate, useNotify, useRefresh, useUpdate } from 'react-admin';
import {
  ADMIN_TOASTS,
  PERMISSION_LABELS,
  ROLE_PERMISSIONS,
  type CreateRoleRequest,
  type RoleRecord,
  type UpdateRoleRequest,
} from '@leadpulse/common';
import { errorMessage } from '../api';

/** Create or edit a role: name (unique), description, permissions. */
export function RoleDialog({
  role,
  open,
  onClose,
}: {
  role?: RoleRecord;
  open: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<string[]>(() =>
    Object.keys(role?.permissions ?? {}).filter((key) => role?.permissions[key]),
  );
  const [failure, setFailure] = useState<string>();
  const [create, creating] = useCreate();
  const [update, updating] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const data = {
    name,
    description,
    permissions: Object.fromEntries(permissions.map((permission) => [permission, true])),
  } satisfies CreateRoleRequest & UpdateRoleRequest;
  const done = () => {
    refresh();
    onClose();
  };
  const failed = (error: unknown) => {
    setFailure(errorMessage(error));
    if (role) notify(ADMIN_TOASTS.roleEditFailed, { type: 'error' });
  };
  const save = () =>
    role
      ? update(
          'roles',
          { id: role.id, data, previousData: role },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('Role updated', { type: 'success' });
              done();
            },
            onError: failed,
          },
        )
      : create(
          'roles',
          { data },
          {
            onSuccess: () => {
              notify('Role created', { type: 'success' });
              done();
            },
            onError: failed,
          },
        );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="role-title">
      <DialogTitle id="role-title">{role ? 'Edit Role' : 'Create Role'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!!failure}
            helperText={failure}
          />
          <TextField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <FormGroup>
            <FormLabel>Permissions</FormLabel>
            {ROLE_PERMISSIONS.map((permission) => (
              <FormControlLabel
                key={permission}
                label={PERMISSION_LABELS[permission]}
                control={
                  <Checkbox
                    checked={permissions.includes(permission)}
                    onChange={(event) =>
                      setPermissions(
                        event.target.checked
                          ? [...permissions, permission]
                          : permissions.filter((item) => item !== permission),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!name.trim() || creating.isPending || updating.isPending}
          onClick={save}
        >
          {role ? 'Save Role' : 'Create Role'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
