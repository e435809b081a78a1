import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  TopToolbar,
  useCreate,
  useDelete,
  useNotify,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { ADMIN_TOASTS, ROLE_PERMISSIONS, permissionsLabel } from '@leadpulse/common';
import { errorMessage } from '../api';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';

interface Role {
  id: string;
  name: string;
  description: string;
  permissions: Record<string, boolean>;
  created_at: string;
}

const label = (permission: string) =>
  permission.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());

/** Create or edit a role: name (unique), description, permissions. */
function RoleDialog({ role, open, onClose }: { role?: Role; open: boolean; onClose: () => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<string[]>(Object.keys(role?.permissions ?? {}));
  const [failure, setFailure] = useState<string>();
  const [create, creating] = useCreate();
  const [update, updating] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const data = {
    name,
    description,
    permissions: Object.fromEntries(permissions.map((permission) => [permission, true])),
  };
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
                label={label(permission)}
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

function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-role-title">
      <DialogTitle id="delete-role-title">Delete Role</DialogTitle>
      <DialogContent>
        <DialogContentText>Delete the role {role.name}? This cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={isPending}
          onClick={() =>
            remove(
              'roles',
              { id: role.id, previousData: role },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                  notify(`Role ${role.name} deleted`, { type: 'success' });
                  onClose();
                },
                onError: () => notify(ADMIN_TOASTS.roleDeleteFailed, { type: 'error' }),
              },
            )
          }
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Roles, by name: create, edit and delete for real. */
export function RoleList() {
  const [editing, setEditing] = useState<Role | 'new'>();
  const [deleting, setDeleting] = useState<Role>();
  return (
    <>
      <AdminList
        noun="roles"
        title="Roles"
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          <TopToolbar>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Create Role
            </Button>
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col source="description" label="Description" disableSort />
          <DataTable.Col
            label="Permissions"
            disableSort
            render={(role: Role) => permissionsLabel(role.permissions)}
          />
          <DataTable.Col
            source="created_at"
            label="Created At"
            render={(role: Role) => new Date(role.created_at).toLocaleDateString('en-US')}
          />
          <DataTable.Col
            label=""
            disableSort
            render={(role: Role) => (
              <RowActions
                label={`Actions for ${role.name}`}
                actions={[
                  { label: 'Edit Role', onClick: () => setEditing(role) },
                  { label: 'Delete Role', onClick: () => setDeleting(role) },
                ]}
              />
            )}
          />
        </DataTable>
      </AdminList>
      {editing && (
        <RoleDialog
          key={editing === 'new' ? 'new' : editing.id}
          role={editing === 'new' ? undefined : editing}
          open
          onClose={() => setEditing(undefined)}
        />
      )}
      {deleting && <DeleteRoleDialog role={deleting} onClose={() => setDeleting(undefined)} />}
    </>
  );
}
