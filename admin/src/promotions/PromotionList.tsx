import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRefresh,
} from 'react-admin';
import { formatUsd, type PromotionRecord, type UpdatePromotionRequest } from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { Badge } from '../components/Badge';
import { DateTimeText, WrappingText } from '../components/DateTimeText';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';
import { PromotionDialog } from './PromotionDialog';
import { ROW_ACTIONS } from '../lists/RowActions';
import { FILTER_SELECT } from '../lists/toolbar';

const valueLabel = (promotion: Pick<PromotionRecord, 'type' | 'value'>) =>
  promotion.type === 'percentage' ? `${promotion.value}%` : formatUsd(promotion.value);

const filters = [
  <SearchInput key="q" source="q" placeholder="Search promotions..." alwaysOn />,
  <SelectInput
    {...FILTER_SELECT}
    key="active"
    source="active"
    label="Active"
    choices={[
      { id: 'true', name: 'Active' },
      { id: 'false', name: 'Inactive' },
    ]}
    emptyText="All"
    format={(value: boolean | undefined) => (value === undefined ? '' : String(value))}
    parse={(value: string) => (value === '' ? undefined : value === 'true')}
    alwaysOn
  />,
];

/** Promotions: codes for checkout, kept in step with Stripe; Toggle Active. */
export function PromotionList() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<PromotionRecord | 'new'>();
  const canCreate = useCan('create', 'promotions');
  const canEdit = useCan('edit', 'promotions');
  const toggle = async (promotion: PromotionRecord) => {
    try {
      await adminApi(`/promotions/${promotion.id}`, {
        method: 'PUT',
        body: { active: !promotion.active } satisfies UpdatePromotionRequest,
      });
      notify(`Promotion ${promotion.code} ${promotion.active ? 'deactivated' : 'activated'}`, {
        type: 'success',
      });
      refresh();
    } catch (error) {
      notify(`Failed to update promotion: ${errorMessage(error)}`, { type: 'error' });
    }
  };
  return (
    <>
      <AdminList
        noun="promotions"
        title="Promotions"
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        actions={
          canCreate && (
            <TopToolbar>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Create Promotion
              </Button>
            </TopToolbar>
          )
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="name"
            label="Name"
            render={(row: PromotionRecord) => <WrappingText value={row.name} />}
          />
          <DataTable.Col source="code" label="Code" sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col
            source="type"
            label="Type"
            sx={{ whiteSpace: 'nowrap' }}
            render={(row: PromotionRecord) =>
              row.type === 'percentage' ? 'Percentage' : 'Fixed amount'
            }
          />
          <DataTable.Col
            source="value"
            label="Value"
            render={(row: PromotionRecord) => valueLabel(row)}
          />
          <DataTable.Col
            source="current_uses"
            label="Uses"
            render={(row: PromotionRecord) =>
              row.max_uses ? `${row.current_uses} / ${row.max_uses}` : String(row.current_uses)
            }
          />
          <DataTable.Col
            source="active"
            label="Active"
            render={(row: PromotionRecord) => (
              <Badge
                label={row.active ? 'Active' : 'Inactive'}
                colour={row.active ? 'green' : 'grey'}
              />
            )}
          />
          <DataTable.Col
            source="expires_at"
            label="Expires At"
            render={(row: PromotionRecord) => <DateTimeText value={row.expires_at} />}
          />
          <DataTable.Col
            source="created_at"
            label="Created At"
            render={(row: PromotionRecord) => <DateTimeText value={row.created_at} />}
          />
          <DataTable.Col
            label=""
            cellClassName={ROW_ACTIONS}
            headerClassName={ROW_ACTIONS}
            disableSort
            render={(row: PromotionRecord) => (
              <RowActions
                label={`Actions for ${row.code}`}
                actions={[
                  canEdit && { label: 'Edit Promotion', onClick: () => setEditing(row) },
                  canEdit && { label: 'Toggle Active', onClick: () => void toggle(row) },
                ]}
              />
            )}
          />
        </DataTable>
      </AdminList>
      {editing && (
        <PromotionDialog
          key={editing === 'new' ? 'new' : editing.id}
          promotion={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
