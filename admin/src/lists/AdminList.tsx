import type { ReactElement, ReactNode } from 'react';
import { Typography } from '@mui/material';
import { FilterForm, List, useNotify, type FilterFormProps, type SortPayload } from 'react-admin';
import { listError } from '@leadpulse/common';
import { ListPagination } from './ListPagination';

export const PAGE_SIZE = 20;
/** The search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * react-admin's filter form debounces on its own (500 ms) before the List sees a change; it
 * takes `debounce` at run time though its props type leaves it out.
 */
const searchDebounce = { debounce: SEARCH_DEBOUNCE_MS } as Partial<FilterFormProps>;

interface AdminListProps {
  /** The plural noun of the error message: "Error loading users. Please try again". */
  noun: string;
  title: string;
  filters?: ReactElement[];
  actions?: ReactElement | false;
  sort?: SortPayload;
  filterDefaultValues?: Record<string, unknown>;
  /** The toast when the list cannot be read (the spec's "Failed to fetch users"). */
  errorToast?: string;
  children: ReactNode;
}

/**
 * The one list of the portal: sortable columns (DataTable), a debounced search box and select
 * filters with an All option, 20 rows a page with the spec's pagination, and the red error.
 */
export function AdminList({
  noun,
  title,
  filters,
  actions,
  sort,
  filterDefaultValues,
  errorToast,
  children,
}: AdminListProps) {
  const notify = useNotify();
  return (
    <List
      title={title}
      perPage={PAGE_SIZE}
      debounce={SEARCH_DEBOUNCE_MS}
      filters={filters && <FilterForm filters={filters} {...searchDebounce} />}
      actions={actions ?? false}
      sort={sort}
      filterDefaultValues={filterDefaultValues}
      pagination={<ListPagination />}
      empty={false}
      storeKey={false}
      queryOptions={{
        onError: () => notify(errorToast ?? listError(noun), { type: 'error' }),
      }}
      // Wide tables scroll inside their card on small screens; the page itself never does.
      sx={{
        minWidth: 0,
        '& .RaList-content': { overflowX: 'auto' },
        '& .RaList-main': { minWidth: 0 },
      }}
      disableSyncWithLocation={false}
      error={
        <Typography color="error" role="alert" sx={{ p: 2 }}>
          {listError(noun)}
        </Typography>
      }
    >
      {children}
    </List>
  );
}
