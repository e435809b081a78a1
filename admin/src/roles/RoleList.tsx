import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, TopToolbar, useDelete, useNotify } from 'react-admin';
import { ADMIN_TOASTS, permissionsLabel, type RoleRecord } from '@leadpulse/common';
import { errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { DateTimeText, WrappingText } from '../components/DateTimeText';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';
import { RoleDialog } from './RoleDialog';
import { ROW_ACTIONS } from '../lists/RowActions';

function DeleteRoleDialog({ role, onClose }: { role: RoleRecord; onClose: () => void }) {
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
                // The server says why: the role is still held, or it is the Owner role.
                onError: (error) =>
                  notify(`${ADMIN_TOASTS.roleDeleteFailed}: ${errorMessage(error)}`, {
                    type: 'error',
                  }),
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

/** Edit Role and Delete Role, for whoever manages roles, never on the built-in Owner role. */
function RoleActions({
  role,
  onEdit,
  onDelete,
}: {
  role: RoleRecord;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const canEdit = useCan('edit', 'roles', role);
  const canDelete = useCan('delete', 'roles', role);
  return (
    <RowActions
      label={`Actions for ${role.name}`}
      actions={[
        canEdit && { label: 'Edit Role', onClick: onEdit },
        canDelete && { label: 'Delete Role', onClick: onDelete },
      ]}
    />
  );
}

/** Roles, by name: how many administrators hold each; create, edit and delete for real. */
export function RoleList() {
  const [editing, setEditing] = useState<RoleRecord | 'new'>();
  const [deleting, setDeleting] = useState<RoleRecord>();
  const canCreate = useCan('create', 'roles');
  return (
    <>
      <AdminList
        noun="roles"
        title="Roles"
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          canCreate && (
            <TopToolbar>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Create Role
              </Button>
            </TopToolbar>
          )
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="name"
            label="Name"
            render={(role: RoleRecord) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{role.name}</span>
                {role.is_owner && <Chip label="Built-in" size="small" variant="outlined" />}
              </Stack>
            )}
          />
          <DataTable.Col
            source="description"
            label="Description"
            disableSort
            render={(role: RoleRecord) => <WrappingText value={role.description} />}
          />
          <DataTable.Col
            label="Permissions"
            disableSort
            render={(role: RoleRecord) => permissionsLabel(role.permissions)}
          />
          <DataTable.NumberCol source="admin_count" label="Administrators" disableSort />
          <DataTable.Col
            source="created_at"
            label="Created At"
            render={(role: RoleRecord) => <DateTimeText value={role.created_at} />}
          />
          <DataTable.Col
            label=""
            cellClassName={ROW_ACTIONS}
            headerClassName={ROW_ACTIONS}
            disableSort
            render={(role: RoleRecord) => (
              <RoleActions
                role={role}
                onEdit={() => setEditing(role)}
                onDelete={() => setDeleting(role)}
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
