import {
  CATALOG_TEXT,
  catalogApi,
  DEBOUNCE_MS,
  formatWireMoney,
  LINE_ITEM_CSV_COLUMNS,
  type LineItem,
  NOTIFY_MS,
  PAGE_SIZE,
} from '@cab/shared';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AddButton } from '../../../components/AddButton.tsx';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import { FilterSelect, FilterToolbar } from '../../../components/data-table/FilterToolbar.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import { DeleteAction, EditAction } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn, RowId } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import {
  CODE_FILTERS,
  type ItemFilters,
  type ItemScope,
  useDeleteItem,
  useImportItemCsv,
  useItemList,
} from '../api.ts';
import { CodeFilterFields } from '../components/CodeFilters.tsx';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { CsvImportDialog } from '../components/CsvImportDialog.tsx';
import { ExportCsvButton } from '../components/ExportCsvButton.tsx';
import { BulkUpdateDialog } from './BulkUpdateDialog.tsx';
import { GroupPreviewDialog } from './GroupPreviewDialog.tsx';
import { LineItemFormDialog } from './LineItemFormDialog.tsx';

/** The export-name filter of the line items list: with, without or both (''). */
const ITEM_FILTERS: ItemFilters = { ...CODE_FILTERS, export_name: '' };
const EXPORT_NAME_OPTIONS = [
  { value: 'YES', label: CATALOG_TEXT.exportNameWith },
  { value: 'NO', label: CATALOG_TEXT.exportNameWithout },
];

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
    { key: 'price', header: CATALOG_TEXT.price, align: 'right', noWrap: true, render: (i) => formatWireMoney(i.price) },
  ];
}

/**
 * SPEC 2 "Line Items list" (scope items: Add Item, Import csv, Public Catalog, Update Selected (n),
 * group preview on the manufacturer code, export-name filter) and "Attachments list" (Add, Import
 * csv). Both: edit and delete per row, Filter, column menu, 50 a page.
 */
export function ItemListView({
  scope,
  actions,
}: {
  scope: ItemScope;
  /** Extra header buttons of the page. */
  actions?: ReactNode;
}) {
  const isItems = scope === 'items';
  const route = useCurrentRoute();
  const list = useListState({
    key: `items.${scope}`,
    pageSize: isItems ? PAGE_SIZE.lineItems : PAGE_SIZE.attachments,
    orderBy: 'manufacturer_code',
    filters: ITEM_FILTERS,
  });
  const [selected, setSelected] = useState<Set<RowId>>(() => new Set());
  const [editing, setEditing] = useState<LineItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LineItem | null>(null);
  const [previewing, setPreviewing] = useState<LineItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);

  const query = useItemList(scope, list);
  const remove = useDeleteItem(scope);
  const importCsv = useImportItemCsv(scope);

  const columns = useMemo(() => itemColumns(isItems ? setPreviewing : null), [isItems]);
  const visibility = useColumnVisibility(`items.${scope}`, columns);

  const rowActions = (item: LineItem) => (
    <>
      <EditAction
        name={item.manufacturer_code}
        onClick={() => setEditing(item)}
        testId={`edit-${item.manufacturer_code}`}
      />
      <DeleteAction
        name={item.manufacturer_code}
        onClick={() => setDeleting(item)}
        testId={`delete-${item.manufacturer_code}`}
      />
    </>
  );

  return (
    <>
      <PageHeader
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
            {actions}
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
            <AddButton variant="contained" onClick={() => setEditing('new')}>
              {isItems ? CATALOG_TEXT.addItem : CATALOG_TEXT.add}
            </AddButton>
          </>
        }
      />
      <Card data-testid={`item-list-${scope}`}>
        <FilterToolbar
          list={list}
          end={<ColumnMenu columns={columns} hidden={visibility.hidden} onToggle={visibility.toggle} />}
        >
          <CodeFilterFields
            list={list}
            categoryType={isItems ? 'LINE_ITEM' : 'ATTACHMENT'}
            codeLabel={CATALOG_TEXT.manufacturerCode}
            focusCodeAfterMs={DEBOUNCE_MS.focus}
          />
          {isItems && (
            <FilterSelect
              list={list}
              name="export_name"
              label={CATALOG_TEXT.exportNameFilter}
              anyLabel={CATALOG_TEXT.exportNameBoth}
              options={EXPORT_NAME_OPTIONS}
              testId="filter-export-name"
              width={130}
            />
          )}
        </FilterToolbar>
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
        <PagedDataTable
          query={query}
          state={list}
          columns={columns}
          hidden={visibility.hidden}
          selection={isItems ? { selected, onChange: setSelected } : undefined}
          rowActions={rowActions}
          rowTestId={(i) => `row-${i.manufacturer_code}`}
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
      <ConfirmDelete
        target={deleting}
        label={(item) => item.manufacturer_code}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={(item) =>
          setSelected((current) => {
            const next = new Set(current);
            next.delete(item.id);
            return next;
          })
        }
      />
    </>
  );
}
