import { useState } from 'react';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import DownloadIcon from '@mui/icons-material/Download';
import HealingIcon from '@mui/icons-material/Healing';
import {
  DataTable,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import {
  ADMIN_TOASTS,
  USER_SEGMENTS,
  displayStatusColour,
  subscriptionStatusLabel,
  type AdminUserRecord,
  type DisplayStatus,
  type PlanBadge,
} from '@leadpulse/common';
import { useCan } from '../auth/useCan';
import { Badge } from '../components/Badge';
import { AdminList } from '../lists/AdminList';
import { CardField, RecordCards } from '../lists/RecordCards';
import { TOOLBAR_WRAP, FILTER_SELECT } from '../lists/toolbar';
import { CreateUserDialog } from './CreateUserDialog';
import { CustomerRecoveryDialog } from './CustomerRecoveryDialog';
import { exportUsers } from './exportUsers';
import { ROW_ACTIONS } from '../lists/RowActions';
import { EmailText } from '../components/EmailText';

const filters = [
  <SearchInput key="q" source="q" placeholder="Search users..." alwaysOn />,
  <SelectInput
    {...FILTER_SELECT}
    key="segment"
    source="segment"
    label="Filter"
    choices={USER_SEGMENTS as unknown as { id: string; name: string }[]}
    emptyText="All Users"
    alwaysOn
  />,
];

function UserListActions() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const canCreate = useCan('create', 'users');
  return (
    <TopToolbar sx={TOOLBAR_WRAP}>
      <Button startIcon={<HealingIcon />} onClick={() => setRecovering(true)}>
        Customer Recovery
      </Button>
      <Button
        startIcon={<DownloadIcon />}
        disabled={exporting}
        onClick={async () => {
          setExporting(true);
          try {
            await exportUsers(filterValues);
          } catch {
            notify('Failed to export users', { type: 'error' });
          } finally {
            setExporting(false);
          }
        }}
      >
        Export
      </Button>
      {canCreate && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Add User
        </Button>
      )}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <CustomerRecoveryDialog open={recovering} onClose={() => setRecovering(false)} />
    </TopToolbar>
  );
}

function UserCell() {
  const user = useRecordContext<AdminUserRecord>();
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 220 }}>
      <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>
        {(name || user.email).charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name || 'N/A'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          <EmailText value={user.email} />
        </Typography>
      </Box>
    </Stack>
  );
}

function ViewDetails() {
  const user = useRecordContext<AdminUserRecord>();
  const redirect = useRedirect();
  if (!user) return null;
  return (
    <Button
      size="small"
      onClick={() => redirect('show', 'users', user.id)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      View Details
    </Button>
  );
}

/** The account's status, and a subscription whose renewal is unpaid ("Past due") beside it. */
function StatusCell({ user }: { user: AdminUserRecord }) {
  const owing = user.subscription_status === 'past_due' || user.subscription_status === 'unpaid';
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Badge
        label={user.display_status}
        colour={displayStatusColour(user.display_status as DisplayStatus)}
      />
      {owing && <Badge label={subscriptionStatusLabel(user.subscription_status)} colour="orange" />}
    </Stack>
  );
}

/** A user on a phone: who, their plan and status, when they joined, and View Details. */
function UserCard({ user }: { user: AdminUserRecord }) {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name || 'N/A'}
          {user.is_admin ? ' · Admin' : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          <EmailText value={user.email} />
        </Typography>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        <Badge {...(user.plan_badge as PlanBadge)} />
        <StatusCell user={user} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end' }}>
        <CardField label="Joined">
          {new Date(user.created_at).toLocaleDateString('en-US')}
        </CardField>
        <ViewDetails />
      </Stack>
    </>
  );
}

/** User Management: search, the seven filters, the spec's columns, newest first. */
export function UserList() {
  return (
    <AdminList
      cards={
        <RecordCards<AdminUserRecord> noun="users" card={(user) => <UserCard user={user} />} />
      }
      noun="users"
      title="User Management"
      errorToast={ADMIN_TOASTS.usersFetchFailed}
      filters={filters}
      actions={<UserListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col label="User" source="email" render={() => <UserCell />} />
        <DataTable.Col
          label="Role"
          source="is_admin"
          disableSort
          render={(user: AdminUserRecord) => (user.is_admin ? 'Admin' : 'User')}
        />
        <DataTable.Col
          label="Subscription"
          source="subscription_plan"
          render={(user: AdminUserRecord) => <Badge {...(user.plan_badge as PlanBadge)} />}
        />
        <DataTable.Col
          label="Status"
          source="status"
          render={(user: AdminUserRecord) => <StatusCell user={user} />}
        />
        <DataTable.Col
          label="Joined"
          source="created_at"
          render={(user: AdminUserRecord) => new Date(user.created_at).toLocaleDateString('en-US')}
        />
        <DataTable.Col
          label=""
          disableSort
          cellClassName={ROW_ACTIONS}
          headerClassName={ROW_ACTIONS}
          render={() => <ViewDetails />}
        />
      </DataTable>
    </AdminList>
  );
}
