import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Button, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  FilterForm,
  List,
  useListContext,
  useNotify,
  type FilterFormProps,
  type SortPayload,
} from 'react-admin';
import { listError } from '@leadpulse/common';
import { ListPagination } from './ListPagination';
import { ROW_ACTIONS } from './RowActions';

export const PAGE_SIZE = 20;
/** The search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * react-admin's filter form debounces on its own (500 ms) before the List sees a change; it
 * takes `debounce` at run time though its props type leaves it out.
 */
const searchDebounce = { debounce: SEARCH_DEBOUNCE_MS } as Partial<FilterFormProps>;

interface AdminListProps {
  /**
   * The plural noun of the error message ("Error loading users. Please try again") and of the
   * empty table ("No users found").
   */
  noun: string;
  /** The noun of the empty table when it differs: "audit log entries". */
  emptyNoun?: string;
  title: string;
  filters?: ReactElement[];
  actions?: ReactElement | false;
  sort?: SortPayload;
  filterDefaultValues?: Record<string, unknown>;
  /** The toast when the list cannot be read (the spec's "Failed to fetch users"). */
  errorToast?: string;
  /**
   * On a phone, the page as cards (RecordCards) instead of the table, whose key columns would
   * scroll out of view.
   */
  cards?: ReactNode;
  children: ReactNode;
}

/** The empty table, in the noun's own words: "No promotions found". */
export function NoResults({ noun }: { noun: string }) {
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <CardContent>
      <Typography variant="body2">
        {filtered ? `No ${noun} found using the current filters.` : `No ${noun} found`}
        {filtered && (
          <>
            {' '}
            {/* MUI's button: react-admin's shows an icon alone on a phone, and this has none. */}
            <Button size="small" onClick={() => setFilters({}, [])}>
              Clear filters
            </Button>
          </>
        )}
      </Typography>
    </CardContent>
  );
}

/**
 * The one list of the portal: sortable columns (DataTable), a debounced search box and select
 * filters with an All option, 20 rows a page with the spec's pagination, the red error and the
 * empty text.
 */
export function AdminList({
  noun,
  emptyNoun,
  title,
  filters,
  actions,
  sort,
  filterDefaultValues,
  errorToast,
  cards,
  children,
}: AdminListProps) {
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // react-admin's own empty text names the resource ("No Promotions found"); ours names the noun.
  const table =
    isValidElement<{ empty?: ReactNode }>(children) &&
    children.type === DataTable &&
    children.props.empty === undefined
      ? cloneElement(children, { empty: <NoResults noun={emptyNoun ?? noun} /> })
      : children;
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
        // Column headers are short: "Created At" stays on one line, its column widens instead.
        '& .MuiTableCell-head': { whiteSpace: 'nowrap' },
        [`& .${ROW_ACTIONS}`]: {
          position: { xs: 'sticky', md: 'static' },
          right: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          boxShadow: { xs: '-6px 0 6px -6px rgba(0, 0, 0, 0.35)', md: 'none' },
        },
      }}
      disableSyncWithLocation={false}
      error={
        <Typography color="error" role="alert" sx={{ p: 2 }}>
          {listError(noun)}
        </Typography>
      }
    >
      {phone && cards ? cards : table}
    </List>
  );
}
