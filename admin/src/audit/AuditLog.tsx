import { Box, Link, Stack, Typography } from '@mui/material';
import { DataTable, useCreatePath } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { isMemberAction, type AuditEntry } from '@leadpulse/common';
import { Badge } from '../components/Badge';
import { EmailText } from '../components/EmailText';
import { changeLines, formatDate } from '../format';
import { AdminList } from '../lists/AdminList';
import { CardField, RecordCards } from '../lists/RecordCards';
import { auditFilters } from './auditFilters';

/** The fields the action changed, one a line; only these, never ids or idempotency keys. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'old_values' | 'new_values'> }) {
  const lines = changeLines(entry);
  if (lines.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Changes">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const createPath = useCreatePath();
  if (!entry.target_user_id)
    return entry.target_email ? <EmailText value={entry.target_email} /> : <>—</>;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource: 'users', id: entry.target_user_id, type: 'show' })}
    >
      {entry.target_email ? <EmailText value={entry.target_email} /> : 'User'}
    </Link>
  );
}

// Narrow columns that wrap between words, so that Changes keeps its room at 1280 px without
// scrolling; below their minimum widths (a phone) the table scrolls inside its card.
const narrow = { width: '1%', verticalAlign: 'top' } as const;
const wrapping = { verticalAlign: 'top', width: 150, minWidth: 130, maxWidth: 180 } as const;
// Wide enough for a usual address on one line; a longer one breaks at its "@" or a dot.
const addresses = { verticalAlign: 'top', minWidth: 190, maxWidth: 240 } as const;

/** An entry on a phone: when, who, what, to whom, the outcome and the changes, all in view. */
function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {entry.action_label}
        </Typography>
        {entry.outcome === 'refused' ? (
          <Badge label="Refused" colour="red" />
        ) : (
          <Badge label="Success" colour="green" />
        )}
      </Stack>
      {entry.description && (
        <Typography variant="caption" color="text.secondary" component="div">
          <EmailText value={entry.description} />
        </Typography>
      )}
      <CardField label="When">
        {formatDate(entry.created_at)} {new Date(entry.created_at).toLocaleTimeString('en-US')}
      </CardField>
      <CardField label="Administrator">
        {entry.admin_name === entry.admin_email ? (
          <EmailText value={entry.admin_name} />
        ) : (
          entry.admin_name
        )}
        {entry.admin_email && entry.admin_email !== entry.admin_name && (
          <Typography variant="caption" color="text.secondary" component="div">
            <EmailText value={entry.admin_email} />
          </Typography>
        )}
        {isMemberAction(entry.action_type) && (
          <Typography variant="caption" color="text.secondary" component="div">
            Member, on their own account
          </Typography>
        )}
      </CardField>
      <CardField label="Target">
        <Target entry={entry} />
      </CardField>
      <CardField label="Changes">
        <AuditChanges entry={entry} />
      </CardField>
    </>
  );
}

/**
 * The Audit Log: every back-office write (billing included), refused attempts and the system's
 * repairs, filtered by action, administrator, target and outcome. Changes takes the room left.
 */
export function AuditLog() {
  return (
    <AdminList
      noun="audit log"
      emptyNoun="audit log entries"
      title="Audit Log"
      filters={auditFilters}
      sort={{ field: 'created_at', order: 'DESC' }}
      cards={
        <RecordCards<AuditEntry>
          noun="audit log entries"
          card={(entry) => <AuditCard entry={entry} />}
        />
      }
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        rowSx={(entry: AuditEntry) =>
          entry.outcome === 'refused' ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : {}
        }
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        <DataTable.Col
          source="created_at"
          label="When"
          sx={{ ...narrow, whiteSpace: 'nowrap' }}
          render={(entry: AuditEntry) => (
            <>
              {formatDate(entry.created_at)}
              <Typography variant="caption" color="text.secondary" component="div">
                {new Date(entry.created_at).toLocaleTimeString('en-US')}
              </Typography>
            </>
          )}
        />
        <DataTable.Col
          source="admin_name"
          label="Administrator"
          disableSort
          sx={addresses}
          render={(entry: AuditEntry) => (
            <>
              {entry.admin_name === entry.admin_email ? (
                <EmailText value={entry.admin_name} />
              ) : (
                entry.admin_name
              )}
              {entry.admin_email && entry.admin_email !== entry.admin_name && (
                <Typography variant="caption" color="text.secondary" component="div">
                  <EmailText value={entry.admin_email} />
                </Typography>
              )}
              {isMemberAction(entry.action_type) && (
                <Typography variant="caption" color="text.secondary" component="div">
                  Member, on their own account
                </Typography>
              )}
            </>
          )}
        />
        <DataTable.Col
          source="action_type"
          label="Action"
          sx={wrapping}
          render={(entry: AuditEntry) => (
            <>
              {entry.action_label}
              {entry.description && (
                <Typography variant="caption" color="text.secondary" component="div">
                  <EmailText value={entry.description} />
                </Typography>
              )}
            </>
          )}
        />
        <DataTable.Col
          source="target_email"
          label="Target"
          disableSort
          sx={addresses}
          render={(entry: AuditEntry) => <Target entry={entry} />}
        />
        <DataTable.Col
          source="outcome"
          label="Outcome"
          disableSort
          sx={narrow}
          render={(entry: AuditEntry) =>
            entry.outcome === 'refused' ? (
              <Badge label="Refused" colour="red" />
            ) : (
              <Badge label="Success" colour="green" />
            )
          }
        />
        <DataTable.Col
          label="Changes"
          disableSort
          sx={{ verticalAlign: 'top', minWidth: 220, overflowWrap: 'anywhere' }}
          render={(entry: AuditEntry) => <AuditChanges entry={entry} />}
        />
      </DataTable>
    </AdminList>
  );
}
