import {
  formatWireMoney,
  NOTIFY_MS,
  ORDER_DATE_RANGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderListRow,
  type OrderStatus,
  PAGE_SIZE,
  ORDERS_WEB_TEXT as T,
} from '@cab/shared';
import BookmarkAddedOutlined from '@mui/icons-material/BookmarkAddedOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FilterText, FilterToolbar } from '../../../components/data-table/FilterToolbar.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useMeFilters, useOrderList, useSaveMeFilters } from '../api.ts';
import { formatDay } from './day.ts';
import {
  ANY_RANGE,
  defaultOrderFilter,
  effectiveOrderFilter,
  ORDER_LIST_FILTERS,
  type OrderListFilters,
  orderListFilterQuery,
  statusParam,
  toSavedFilter,
} from './filters.ts';
import { StatusChip } from './StatusChip.tsx';

const SORTS = Object.keys(T.sortLabels);
const DEFAULT_SORT = '-id';
/** Any date first (a value of its own, so the field never shows empty), then the ranges. */
const RANGE_OPTIONS = [ANY_RANGE, ...ORDER_DATE_RANGES];
const RANGE_LABELS = { ...T.rangeLabels, [ANY_RANGE]: T.anyRange };

function ErrorsCell({ row }: { row: OrderListRow }) {
  if (row.error_count === 0 && row.warning_count === 0) return null;
  return (
    <Tooltip title={T.errorsTitle(row.error_count, row.warning_count)}>
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        data-testid="order-errors"
        aria-label={T.errorsTitle(row.error_count, row.warning_count)}
      >
        {row.error_count > 0 ? (
          <ErrorOutlineRounded fontSize="small" color="error" />
        ) : (
          <WarningAmberRounded fontSize="small" color="warning" />
        )}
        {row.error_count || row.warning_count}
      </Box>
    </Tooltip>
  );
}

const columns: DataColumn<OrderListRow>[] = [
  { key: 'id', header: T.colId, render: (o) => o.id, width: 70 },
  {
    key: 'name',
    header: T.colName,
    minWidth: 160,
    render: (o) => (
      <Link component={RouterLink} to={`/orders/${o.id}`} sx={{ fontWeight: 600 }} onClick={(e) => e.stopPropagation()}>
        {o.name}
      </Link>
    ),
  },
  { key: 'customer', header: T.colCustomer, render: (o) => o.customer_display, minWidth: 160 },
  { key: 'status', header: T.colStatus, render: (o) => <StatusChip status={o.status} />, noWrap: true },
  { key: 'created', header: T.colCreated, render: (o) => formatDateTime(o.created_at), noWrap: true },
  {
    key: 'due',
    header: T.colDue,
    render: (o) => formatDay(o.requested_date ?? o.due_date),
    noWrap: true,
  },
  { key: 'items', header: T.colItems, align: 'right', render: (o) => o.item_count },
  { key: 'total', header: T.colTotal, align: 'right', noWrap: true, render: (o) => formatWireMoney(o.total_price) },
  { key: 'errors', header: T.colErrors, align: 'center', render: (o) => <ErrorsCell row={o} /> },
];

export interface OrderListViewProps {
  /** Names the list's remembered state. */
  listKey: string;
  /** Bid Volume: only BID orders, no status filter. */
  fixedStatus?: OrderStatus;
  actions?: ReactNode;
}

/** A custom date range: from and to. */
const CUSTOM_RANGE = [
  { name: 'date_after', label: T.filterFrom, testId: 'order-date-after' },
  { name: 'date_before', label: T.filterTo, testId: 'order-date-before' },
] as const;

/**
 * An order list (SPEC 3/4 Order filter): name, statuses (the user's saved filter, else the server
 * default, else VERIFIED, ORDERED, IN_PROGRESS), a date range, sort; server-side paging; the state
 * is in the URL. A row opens the order.
 */
export function OrderListView({ listKey, fixedStatus }: OrderListViewProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState<OrderListFilters>({
    key: listKey,
    pageSize: PAGE_SIZE.orders,
    orderBy: DEFAULT_SORT,
    filters: ORDER_LIST_FILTERS,
  });
  const meFilters = useMeFilters();
  const saveFilters = useSaveMeFilters();
  const me = meFilters.data;
  const defaults = defaultOrderFilter(me);
  const effective = effectiveOrderFilter(list.filters, me);
  const wire = orderListFilterQuery(fixedStatus ? { ...effective, status: [fixedStatus] } : effective);
  // The first page waits for the saved filter (it decides the statuses), not for a retry of it.
  const query = useOrderList(
    { ...list.paging, ...(list.orderBy ? { order_by: list.orderBy } : {}), ...wire },
    !meFilters.isPending,
  );

  const setStatuses = (selected: string[]) => list.setFilter('status', statusParam(selected, defaults.status));
  const setRange = (range: string) => {
    const isDefault = range === (defaults.selected_range || ANY_RANGE);
    list.setFilters({
      selected_range: isDefault ? '' : range,
      date_after: range === 'custom' ? list.filters.date_after : '',
      date_before: range === 'custom' ? list.filters.date_before : '',
    });
  };
  const saveAsDefault = async () => {
    await saveFilters.mutateAsync(toSavedFilter(effective));
    // The selection is now the default: the URL no longer needs to name it.
    list.setFilters({ status: '', selected_range: '', date_after: '', date_before: '' });
    enqueueSnackbar(T.filterSaved, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
  };

  return (
    <Card>
      <FilterToolbar
        list={list}
        end={
          <SelectField
            size="small"
            label={T.sortBy}
            value={SORTS.includes(list.orderBy) ? list.orderBy : DEFAULT_SORT}
            onChange={(e) => list.setOrderBy(e.target.value)}
            sx={{ width: 200 }}
            options={SORTS}
            labels={T.sortLabels}
            data-testid="order-sort"
          />
        }
      >
        <FilterText list={list} name="name" label={T.filterName} testId="order-name-filter" search width={200} />
        {!fixedStatus && (
          <SelectField
            size="small"
            label={T.filterStatus}
            multiple
            value={effective.status}
            onChange={(e) => {
              const value = e.target.value as unknown as string[] | string;
              setStatuses(typeof value === 'string' ? value.split(',') : value);
            }}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{
              select: {
                displayEmpty: true,
                renderValue: (selected) => {
                  const statuses = selected as OrderStatus[];
                  return statuses.length === 0 ? T.allStatuses : statuses.map((s) => ORDER_STATUS_LABELS[s]).join(', ');
                },
              },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'order-status-filter-input' },
            }}
            options={ORDER_STATUSES}
            labels={ORDER_STATUS_LABELS}
            optionTestId={(s) => `status-option-${s}`}
            data-testid="order-status-filter"
          />
        )}
        <SelectField
          size="small"
          label={T.filterRange}
          value={effective.selected_range || ANY_RANGE}
          onChange={(e) => setRange(e.target.value)}
          sx={{ width: { xs: '100%', sm: 170 } }}
          options={RANGE_OPTIONS}
          labels={RANGE_LABELS}
          data-testid="order-range-filter"
        />
        {effective.selected_range === 'custom' &&
          CUSTOM_RANGE.map(({ name, label, testId }) => (
            <TextField
              key={name}
              type="date"
              size="small"
              label={label}
              value={effective[name]}
              onChange={(e) => list.setFilters({ selected_range: 'custom', [name]: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
            />
          ))}
        {!fixedStatus && (
          <Button
            size="small"
            startIcon={<BookmarkAddedOutlined />}
            onClick={() => void saveAsDefault()}
            disabled={saveFilters.isPending}
            data-testid="save-order-filter"
          >
            {T.saveFilter}
          </Button>
        )}
      </FilterToolbar>
      <PagedDataTable
        query={query}
        state={list}
        columns={columns}
        getRowId={(o) => o.id}
        onRowClick={(o) => navigate(`/orders/${o.id}`)}
        emptyText={T.noOrders}
        testId="orders-table"
        rowTestId={(o) => `order-row-${o.id}`}
      />
    </Card>
  );
}
