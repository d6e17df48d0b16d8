import {
  CATALOG_TEXT,
  catalogApi,
  DEBOUNCE_MS,
  LINE_ITEM_CSV_COLUMNS,
  type LineItem,
  type LineItemListQuery,
  MSG,
  NOTIFY_MS,
  PAGE_SIZE,
  WEB_TEXT,
} from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentRoute } from '../../../app/routeContext.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { TablePager } from '../../../components/data-table/TablePager.tsx';
import type { DataColumn, RowId } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { type ItemScope, useDeleteItem, useImportItemCsv, useItemList } from '../api.ts';
import { CsvImportDialog } from '../components/CsvImportDialog.tsx';
import { ExportCsvButton } from '../components/ExportCsvButton.tsx';
import { type CodeFilters, EMPTY_FILTERS, ListFilters } from '../components/ListFilters.tsx';
import { BulkUpdateDialog } from './BulkUpdateDialog.tsx';
import { GroupPreviewDialog } from './GroupPreviewDialog.tsx';
import { LineItemFormDialog } from './LineItemFormDialog.tsx';

type ExportNameFilter = '' | 'YES' | 'NO';

const size = (i: LineItem) =>
  [i.width, i.height, i.depth].every((v) => v === null)
    ? ''
    : [i.width, i.height, i.depth].map((v) => v ?? '–').join(' × ');

function itemColumns(onPreview: ((item: LineItem) => void) | null): DataColumn<LineItem>[] {
  return [
    {
      key: 'manufacturer_code',
      header: CATALOG_TEXT.manufacturerCode,
      noWrap: true,
      render: (item) =>
        onPreview && !item.is_attachment ? (
          <Link
            component="button"
            type="button"
            onClick={() => onPreview(item)}
            sx={{ fontWeight: 700, textAlign: 'left' }}
            data-testid={`preview-${item.manufacturer_code}`}
          >
            {item.manufacturer_code}
          </Link>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <strong>{item.manufacturer_code}</strong>
            {onPreview && item.is_attachment && (
              <Tooltip title={CATALOG_TEXT.attachmentRow}>
                <Chip label={CATALOG_TEXT.attachment} size="small" variant="outlined" />
              </Tooltip>
            )}
          </Box>
        ),
    },
    {
      key: 'description',
      header: CATALOG_TEXT.description,
      optional: true,
      render: (i) => i.description,
      minWidth: 200,
    },
    {
      key: 'category',
      header: CATALOG_TEXT.category,
      optional: true,
      render: (i) => i.category?.name ?? '',
      noWrap: true,
    },
    {
      key: 'base_category',
      header: CATALOG_TEXT.baseCategory,
      optional: true,
      hiddenByDefault: true,
      render: (i) => i.base_category ?? '',
    },
    { key: 'size', header: CATALOG_TEXT.size, optional: true, render: size, noWrap: true },
    { key: 'hinge', header: CATALOG_TEXT.hinge, optional: true, hiddenByDefault: true, render: (i) => i.hinge },
    {
      key: 'doors',
      header: CATALOG_TEXT.doors,
      optional: true,
      align: 'right',
      render: (i) => i.nb_base_door + i.nb_wall_door + i.nb_tall_door,
    },
    { key: 'drawers', header: CATALOG_TEXT.drawers, optional: true, align: 'right', render: (i) => i.nb_drawer },
    {
      key: 'shelves',
      header: CATALOG_TEXT.shelves,
      optional: true,
      hiddenByDefault: true,
      align: 'right',
      render: (i) => i.nb_adjustable_shelf,
    },
    {
      key: 'export_name_1',
      header: CATALOG_TEXT.exportNameN(1),
      optional: true,
      hiddenByDefault: true,
      render: (i) => i.export_name_1,
    },
    {
      key: 'flags',
      header: CATALOG_TEXT.flags,
      optional: true,
      hiddenByDefault: true,
      render: (i) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {i.manual_work_required && <Chip size="small" label={CATALOG_TEXT.manualWorkRequired} />}
          {i.export_with_finish_side && <Chip size="small" label={CATALOG_TEXT.exportWithFinishSide} />}
          {i.is_corner_cabinet && <Chip size="small" label={CATALOG_TEXT.isCornerCabinet} />}
        </Box>
      ),
    },
    { key: 'price', header: CATALOG_TEXT.price, align: 'right', noWrap: true, render: (i) => formatMoney(i.price) },
  ];
}

/**
 * SPEC 2 "Line Items list" (scope items: Add Item, Import csv, Public Catalog, Update Selected (n),
 * group preview on the manufacturer code, export-name filter) and "Attachments list" (Add, Import
 * csv). Both: edit and delete per row, Filter, column menu, 50 a page.
 */
export function ItemListView({ scope }: { scope: ItemScope }) {
  const isItems = scope === 'items';
  const route = useCurrentRoute();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(isItems ? PAGE_SIZE.lineItems : PAGE_SIZE.attachments);
  const [filters, setFilters] = useState<CodeFilters>(EMPTY_FILTERS);
  const [exportName, setExportName] = useState<ExportNameFilter>('');
  const [selected, setSelected] = useState<Set<RowId>>(() => new Set());
  const [editing, setEditing] = useState<LineItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LineItem | null>(null);
  const [previewing, setPreviewing] = useState<LineItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);

  const query: LineItemListQuery = {
    page,
    page_size: pageSize,
    order_by: 'manufacturer_code',
    manufacturer_code: filters.code,
    description: filters.description,
    'categories[]': filters.categories.map((c) => c.id),
    export_name: isItems ? exportName || undefined : undefined,
  };
  const list = useItemList(scope, query);
  const remove = useDeleteItem(scope);
  const importCsv = useImportItemCsv(scope);

  const columns = useMemo(() => itemColumns(isItems ? setPreviewing : null), [isItems]);
  const visibility = useColumnVisibility(`items.${scope}`, columns);

  const resetPage = () => setPage(1);
  const data = list.data;
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  // A delete can empty the last page: go back to the new last one.
  useEffect(() => {
    if (data && page > pageCount) setPage(pageCount);
  }, [data, page, pageCount]);
  const lastDeleting = useRef<LineItem | null>(null);
  if (deleting) lastDeleting.current = deleting;

  const rowActions = (item: LineItem) => (
    <>
      <Tooltip title={CATALOG_TEXT.edit}>
        <IconButton
          size="small"
          aria-label={`${CATALOG_TEXT.edit} ${item.manufacturer_code}`}
          onClick={() => setEditing(item)}
          data-testid={`edit-${item.manufacturer_code}`}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={CATALOG_TEXT.delete}>
        <IconButton
          size="small"
          aria-label={`${CATALOG_TEXT.delete} ${item.manufacturer_code}`}
          onClick={() => setDeleting(item)}
          data-testid={`delete-${item.manufacturer_code}`}
        >
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <>
      <PageHeader
        title={route.title}
        actions={
          <>
            {isItems && selected.size > 0 && (
              <Button
                variant="contained"
                color="secondary"
                startIcon={<EditNoteRounded />}
                onClick={() => setBulkOpen(true)}
                data-testid="update-selected"
              >
                {CATALOG_TEXT.updateSelected(selected.size)}
              </Button>
            )}
            {isItems && (
              <Button component={RouterLink} to="/catalog/public" variant="outlined" startIcon={<MenuBookOutlined />}>
                {CATALOG_TEXT.publicCatalog}
              </Button>
            )}
            <ExportCsvButton
              endpoint={isItems ? catalogApi.itemExportCsv : catalogApi.attachmentExportCsv}
              fileName={scope}
            />
            <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => setImporting(true)}>
              {CATALOG_TEXT.importCsv}
            </Button>
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
              {isItems ? CATALOG_TEXT.addItem : CATALOG_TEXT.add}
            </Button>
          </>
        }
      />
      <Card data-testid={`item-list-${scope}`}>
        <ListFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            resetPage();
          }}
          categoryType={isItems ? 'LINE_ITEM' : 'ATTACHMENT'}
          codeLabel={CATALOG_TEXT.manufacturerCode}
          focusCodeAfterMs={DEBOUNCE_MS.focus}
          end={<ColumnMenu columns={columns} hidden={visibility.hidden} onToggle={visibility.toggle} />}
        >
          {isItems && (
            <TextField
              select
              size="small"
              label={CATALOG_TEXT.exportNameFilter}
              value={exportName}
              onChange={(e) => {
                setExportName(e.target.value as ExportNameFilter);
                resetPage();
              }}
              sx={{ width: { xs: '100%', sm: 130 } }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="filter-export-name"
            >
              <MenuItem value="">{CATALOG_TEXT.exportNameBoth}</MenuItem>
              <MenuItem value="YES">{CATALOG_TEXT.exportNameWith}</MenuItem>
              <MenuItem value="NO">{CATALOG_TEXT.exportNameWithout}</MenuItem>
            </TextField>
          )}
        </ListFilters>
        {isItems && selected.size > 0 && (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 1,
              bgcolor: 'primary.50',
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="selected-count">
              {CATALOG_TEXT.selectedCount(selected.size)}
            </Typography>
            <Button size="small" onClick={() => setSelected(new Set())}>
              {CATALOG_TEXT.clearSelection}
            </Button>
          </Box>
        )}
        <DataTable
          columns={columns}
          hidden={visibility.hidden}
          rows={data?.results ?? []}
          getRowId={(i) => i.id}
          loading={list.isPending}
          fetching={list.isFetching}
          skeletonRows={10}
          selection={isItems ? { selected, onChange: setSelected } : undefined}
          rowActions={rowActions}
          rowTestId={(i) => `row-${i.manufacturer_code}`}
        />
        <TablePager
          page={page}
          pageSize={pageSize}
          total={data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(next) => {
            setPageSize(next);
            resetPage();
          }}
        />
      </Card>

      {editing !== null && (
        <LineItemFormDialog scope={scope} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {previewing && <GroupPreviewDialog item={previewing} onClose={() => setPreviewing(null)} />}
      {bulkOpen && (
        <BulkUpdateDialog
          ids={[...selected].map(Number)}
          onClose={() => setBulkOpen(false)}
          onUpdated={() => {
            setBulkOpen(false);
            // SPEC 4: bulk update clears the selection after success.
            setSelected(new Set());
          }}
        />
      )}
      {importing && (
        <CsvImportDialog
          what={route.title}
          columns={LINE_ITEM_CSV_COLUMNS}
          notifyMs={NOTIFY_MS.lineItemImport}
          onImport={(file, onProgress) => importCsv.mutateAsync({ file, onProgress })}
          onClose={() => setImporting(false)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={MSG.deleteConfirm((deleting ?? lastDeleting.current)?.manufacturer_code ?? '')}
        text={MSG.deleteIrreversible}
        confirmLabel={MSG.deleteYes}
        cancelLabel={WEB_TEXT.cancel}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting);
            enqueueSnackbar(MSG.deleted(deleting.manufacturer_code), {
              variant: 'success',
              autoHideDuration: NOTIFY_MS.short,
            });
            setSelected((current) => {
              const next = new Set(current);
              next.delete(deleting.id);
              return next;
            });
          } catch {
            // A failure with a code and message is shown as a dialog by the API client (SPEC 8).
          } finally {
            setDeleting(null);
          }
        }}
      />
    </>
  );
}
