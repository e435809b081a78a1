import { AutocompleteInput, DataTable, ReferenceInput, SelectInput } from 'react-admin';
import { AdminList } from '../lists/AdminList';
import { changes, formatDateTime } from '../format';

interface AuditRow {
  id: string;
  created_at: string;
  action_type: string;
  description: string;
  admin_name: string;
  target_email: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

const ACTION_TYPES = [
  'create_user',
  'update_user',
  'apply_promo',
  'remove_promo',
  'grant_complimentary_access',
  'end_complimentary_access',
  'send_welcome_email',
  'send_password_reset',
  'resend_email',
  'create_role',
  'update_role',
  'delete_role',
  'reconcile_checkout',
  'reconcile_subscription',
  'reconcile_customer',
].map((id) => ({ id, name: id.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase()) }));

const userName = (user: { email: string; first_name?: string; last_name?: string }) =>
  `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim()
    ? `${user.first_name} ${user.last_name} (${user.email})`
    : user.email;

const filters = [
  <SelectInput
    key="action_type"
    source="action_type"
    label="Action"
    choices={ACTION_TYPES}
    emptyText="All Actions"
    alwaysOn
  />,
  <ReferenceInput
    key="admin_id"
    source="admin_id"
    reference="users"
    filter={{ segment: 'admins' }}
    sort={{ field: 'email', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput label="Admin" optionText={userName} emptyText="All Admins" />
  </ReferenceInput>,
  <ReferenceInput
    key="target_user_id"
    source="target_user_id"
    reference="users"
    sort={{ field: 'email', order: 'ASC' }}
    alwaysOn
  >
    <AutocompleteInput
      label="Target User"
      optionText={userName}
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
];

/** The audit log: every admin action and system repair, filtered by admin, target and action. */
export function AuditLog() {
  return (
    <AdminList
      noun="audit log"
      title="Audit Log"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          source="created_at"
          label="When"
          render={(row: AuditRow) => formatDateTime(row.created_at)}
        />
        <DataTable.Col source="admin_name" label="Admin" disableSort />
        <DataTable.Col source="action_type" label="Action" />
        <DataTable.Col
          source="target_email"
          label="Target"
          disableSort
          render={(row: AuditRow) => row.target_email ?? '—'}
        />
        <DataTable.Col source="description" label="Description" disableSort />
        <DataTable.Col
          label="Changes"
          disableSort
          render={(row: AuditRow) => changes(row) || '—'}
        />
      </DataTable>
    </AdminList>
  );
}
