import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRefresh,
} from 'react-admin';
import { formatUsd } from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';
import { Badge } from '../components/Badge';
import { formatDate } from '../format';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';

interface Promotion {
  id: string;
  name: string;
  code: string;
  type: 'percentage' | 'fixed_amount';
  value: number;
  max_uses: number | null;
  current_uses: number;
  active: boolean;
  expires_at: string | null;
  created_at: string;
}

const valueLabel = (promotion: Pick<Promotion, 'type' | 'value'>) =>
  promotion.type === 'percentage' ? `${promotion.value}%` : formatUsd(promotion.value);

const filters = [
  <SearchInput key="q" source="q" placeholder="Search promotions..." alwaysOn />,
  <SelectInput
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

/** Create or edit a promotion: name, code, percentage or fixed amount, value, max uses, expiry. */
function PromotionDialog({ promotion, onClose }: { promotion?: Promotion; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState({
    name: promotion?.name ?? '',
    code: promotion?.code ?? '',
    type: promotion?.type ?? 'percentage',
    value: promotion
      ? String(promotion.type === 'percentage' ? promotion.value : promotion.value / 100)
      : '',
    max_uses: promotion?.max_uses ? String(promotion.max_uses) : '',
    expires_at: promotion?.expires_at ? promotion.expires_at.slice(0, 10) : '',
  });
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value =
    form.type === 'percentage'
      ? Math.round(Number(form.value))
      : Math.round(Number(form.value) * 100);
  const valid = !!form.name.trim() && !!form.code.trim() && Number.isFinite(value) && value > 0;
  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    const body = {
      name: form.name,
      code: form.code,
      type: form.type,
      value,
      max_uses: form.max_uses ? Number(form.max_uses) : null,
      expires_at: form.expires_at ? new Date(`${form.expires_at}T23:59:59`).toISOString() : null,
    };
    try {
      if (promotion) await adminApi(`/promotions/${promotion.id}`, { method: 'PUT', body });
      else await adminApi('/promotions', { method: 'POST', body });
      notify(
        promotion
          ? `Promotion ${body.code.toUpperCase()} updated`
          : `Promotion ${body.code.toUpperCase()} created`,
        {
          type: 'success',
        },
      );
      refresh();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (promotion) notify('Failed to update promotion', { type: 'error' });
      setBusy(false);
    }
  };
  const field = (key: keyof typeof form, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      {...extra}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="promotion-title">
      <DialogTitle id="promotion-title">
        {promotion ? 'Edit Promotion' : 'Create Promotion'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', 'Name', { required: true })}
          {field('code', 'Code', { required: true, helperText: 'Buyers enter it at checkout' })}
          <TextField
            select
            label="Type"
            value={form.type}
            onChange={(event) =>
              setForm({ ...form, type: event.target.value as Promotion['type'] })
            }
          >
            <MenuItem value="percentage">Percentage</MenuItem>
            <MenuItem value="fixed_amount">Fixed amount</MenuItem>
          </TextField>
          {field('value', form.type === 'percentage' ? 'Value (%)' : 'Value (USD)', {
            type: 'number',
            required: true,
          })}
          {field('max_uses', 'Max Uses', { type: 'number', helperText: 'Empty for no limit' })}
          {field('expires_at', 'Expires At', {
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void save()}>
          {promotion ? 'Save Promotion' : 'Create Promotion'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Promotions: codes for checkout, kept in step with Stripe; Toggle Active. */
export function PromotionList() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<Promotion | 'new'>();
  const toggle = async (promotion: Promotion) => {
    try {
      await adminApi(`/promotions/${promotion.id}`, {
        method: 'PUT',
        body: { active: !promotion.active },
      });
      notify(`Promotion ${promotion.code} ${promotion.active ? 'deactivated' : 'activated'}`, {
        type: 'success',
      });
      refresh();
    } catch {
      notify('Failed to update promotion', { type: 'error' });
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
          <TopToolbar>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Create Promotion
            </Button>
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col source="code" label="Code" />
          <DataTable.Col
            source="type"
            label="Type"
            render={(row: Promotion) => (row.type === 'percentage' ? 'Percentage' : 'Fixed amount')}
          />
          <DataTable.Col
            source="value"
            label="Value"
            render={(row: Promotion) => valueLabel(row)}
          />
          <DataTable.Col
            source="current_uses"
            label="Uses"
            render={(row: Promotion) =>
              row.max_uses ? `${row.current_uses} / ${row.max_uses}` : String(row.current_uses)
            }
          />
          <DataTable.Col
            source="active"
            label="Active"
            render={(row: Promotion) => (
              <Badge
                label={row.active ? 'Active' : 'Inactive'}
                colour={row.active ? 'green' : 'grey'}
              />
            )}
          />
          <DataTable.Col
            source="expires_at"
            label="Expires At"
            render={(row: Promotion) => formatDate(row.expires_at)}
          />
          <DataTable.Col
            source="created_at"
            label="Created At"
            render={(row: Promotion) => formatDate(row.created_at)}
          />
          <DataTable.Col
            label=""
            disableSort
            render={(row: Promotion) => (
              <RowActions
                label={`Actions for ${row.code}`}
                actions={[
                  { label: 'Edit Promotion', onClick: () => setEditing(row) },
                  { label: 'Toggle Active', onClick: () => void toggle(row) },
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
