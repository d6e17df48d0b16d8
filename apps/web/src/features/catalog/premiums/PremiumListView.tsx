import {
  CATALOG_TEXT,
  catalogApi,
  MSG,
  NOTIFY_MS,
  PAGE_SIZE,
  PREMIUM_CSV_COLUMNS,
  type Premium,
  type PremiumListQuery,
  WEB_TEXT,
} from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { TablePager } from '../../../components/data-table/TablePager.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { useDeletePremium, useImportPremiumCsv, usePremiumCodes, usePremiumList } from '../api.ts';
import { CsvImportDialog } from '../components/CsvImportDialog.tsx';
import { ExportCsvButton } from '../components/ExportCsvButton.tsx';
import { type CodeFilters, EMPTY_FILTERS, ListFilters } from '../components/ListFilters.tsx';
import { PremiumImagesDialog } from '../components/PremiumImagesDialog.tsx';
import { GROUPED_ORDER, type KindConfig, PLAIN_ORDER } from '../kinds.ts';
import { GroupHeader } from './GroupHeader.tsx';
import { PremiumFormDialog } from './PremiumFormDialog.tsx';

const codes = (ids: number[], map: Map<number, string> | undefined) =>
  ids.map((id) => map?.get(id) ?? `#${id}`).join(', ');

function premiumColumns(config: KindConfig, finishCodes?: Map<number, string>, woodCodes?: Map<number, string>) {
  const f = config.fields;
  const columns: DataColumn<Premium>[] = [
    {
      key: 'code',
      header: CATALOG_TEXT.code,
      render: (p) => <strong>{p.code}</strong>,
      noWrap: true,
    },
    {
      key: 'description',
      header: CATALOG_TEXT.description,
      render: (p) => p.description,
      optional: true,
      minWidth: 160,
    },
    {
      key: 'categories',
      header: CATALOG_TEXT.categories,
      optional: true,
      render: (p) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {p.categories.map((c) => (
            <Chip key={c.id} label={c.name} size="small" variant="outlined" />
          ))}
        </Box>
      ),
    },
  ];
  if (f.finishOptions) {
    columns.push({
      key: 'finish_options',
      header: CATALOG_TEXT.finishOptions,
      optional: true,
      render: (p) => codes(p.finish_options, finishCodes),
      minWidth: 160,
    });
  }
  if (f.woodSpecies) {
    columns.push({
      key: 'wood_species',
      header: CATALOG_TEXT.woodSpecies,
      optional: true,
      render: (p) => codes(p.wood_species, woodCodes),
      minWidth: 160,
    });
  }
  if (f.doorStyleAttrs) {
    columns.push(
      {
        key: 'outside_edge',
        header: CATALOG_TEXT.outsideEdge,
        optional: true,
        render: (p) => p.config.door_style_attrs.outside_edge,
      },
      {
        key: 'panel_detail',
        header: CATALOG_TEXT.panelDetail,
        optional: true,
        hiddenByDefault: true,
        render: (p) => p.config.door_style_attrs.panel_detail,
      },
      {
        key: 'inside_edge',
        header: CATALOG_TEXT.insideEdge,
        optional: true,
        hiddenByDefault: true,
        render: (p) => p.config.door_style_attrs.inside_edge,
      },
      {
        key: 'route_pattern',
        header: CATALOG_TEXT.routePattern,
        optional: true,
        hiddenByDefault: true,
        render: (p) => p.config.door_style_attrs.route_pattern,
      },
    );
  }
  columns.push({ key: 'export_name', header: CATALOG_TEXT.exportName, optional: true, render: (p) => p.export_name });
  if (f.exportCategory) {
    columns.push({
      key: 'export_category',
      header: CATALOG_TEXT.exportCategory,
      optional: true,
      render: (p) => p.export_category_display ?? '',
      noWrap: true,
    });
  }
  if (f.constructionVertical) {
    columns.push({
      key: 'vertical',
      header: CATALOG_TEXT.vertical,
      optional: true,
      hiddenByDefault: true,
      render: (p) => (p.is_cabinet_construction_vertical ? WEB_TEXT.yes : WEB_TEXT.no),
    });
  }
  columns.push(
    {
      key: 'price',
      header: CATALOG_TEXT.price,
      align: 'right',
      render: (p) => formatMoney(p.price),
      noWrap: true,
    },
    {
      key: 'percentage',
      header: CATALOG_TEXT.percentage,
      align: 'right',
      render: (p) => formatPercent(p.percentage),
      noWrap: true,
    },
    { key: 'index', header: CATALOG_TEXT.index, align: 'right', optional: true, render: (p) => p.index },
    {
      key: 'tags',
      header: CATALOG_TEXT.tags,
      optional: true,
      hiddenByDefault: true,
      render: (p) => p.tags.map((t) => t.display).join(', '),
    },
  );
  return columns;
}

interface Props {
  config: KindConfig;
  /** Selection mode (SPEC 2): 50 a page, double-click a row to select it, no row actions. */
  onSelect?: (premium: Premium) => void;
  /** Narrows the list (e.g. door styles offered in a wood species). */
  extraQuery?: Partial<PremiumListQuery>;
  /** Heading level content above the list (tabs). */
  header?: boolean;
}

/**
 * SPEC 2 "Premium list" of one kind: title by type, Add and Import csv, row actions edit,
 * delete and images, rows grouped by header with an editable group Index, Filter with the column
 * menu, server paging (10 a page).
 */
export function PremiumListView({ config, onSelect, extraQuery, header = true }: Props) {
  const selecting = onSelect !== undefined;
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(selecting ? PAGE_SIZE.premiumSelection : PAGE_SIZE.premiumList);
  const [filters, setFilters] = useState<CodeFilters>(EMPTY_FILTERS);
  const [editing, setEditing] = useState<Premium | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Premium | null>(null);
  const [imagesOf, setImagesOf] = useState<Premium | null>(null);
  const [importing, setImporting] = useState(false);

  const query: PremiumListQuery = {
    page,
    page_size: pageSize,
    order_by: config.grouped ? GROUPED_ORDER : PLAIN_ORDER,
    code: filters.code,
    description: filters.description,
    'categories[]': filters.categories.map((c) => c.id),
    select: selecting ? 'true' : undefined,
    ...extraQuery,
  };
  const list = usePremiumList(config.kind, query);
  const remove = useDeletePremium(config.kind);
  const importCsv = useImportPremiumCsv(config.kind);
  const finishCodes = usePremiumCodes('finish_option', config.fields.finishOptions);
  const woodCodes = usePremiumCodes('wood_species', config.fields.woodSpecies);

  const columns = useMemo(
    () => premiumColumns(config, finishCodes.data, woodCodes.data),
    [config, finishCodes.data, woodCodes.data],
  );
  const visibility = useColumnVisibility(`premium.${config.kind}`, columns);

  const changeFilters = (next: CodeFilters) => {
    setFilters(next);
    setPage(1);
  };

  const rowActions = (p: Premium) => (
    <>
      <Tooltip title={CATALOG_TEXT.edit}>
        <IconButton
          size="small"
          aria-label={`${CATALOG_TEXT.edit} ${p.code}`}
          onClick={() => setEditing(p)}
          data-testid={`edit-${p.code}`}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {config.canDelete && (
        <Tooltip title={CATALOG_TEXT.delete}>
          <IconButton
            size="small"
            aria-label={`${CATALOG_TEXT.delete} ${p.code}`}
            onClick={() => setDeleting(p)}
            data-testid={`delete-${p.code}`}
          >
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={CATALOG_TEXT.images}>
        <IconButton
          size="small"
          aria-label={`${CATALOG_TEXT.images} ${p.code}`}
          onClick={() => setImagesOf(p)}
          data-testid={`images-${p.code}`}
        >
          <Badge badgeContent={p.images.length} color="primary" max={99}>
            <PhotoLibraryOutlined fontSize="small" />
          </Badge>
        </IconButton>
      </Tooltip>
    </>
  );

  const data = list.data;
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  // A delete can empty the last page: go back to the new last one.
  useEffect(() => {
    if (data && page > pageCount) setPage(pageCount);
  }, [data, page, pageCount]);
  const lastDeleting = useRef<Premium | null>(null);
  if (deleting) lastDeleting.current = deleting;
  return (
    <>
      {header && (
        <PageHeader
          title={config.title}
          actions={
            <>
              <ExportCsvButton
                endpoint={catalogApi.premiumExportCsv}
                params={{ kind: config.kind }}
                fileName={config.kind}
              />
              {config.canImport && (
                <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => setImporting(true)}>
                  {CATALOG_TEXT.importCsv}
                </Button>
              )}
              {config.canAdd && (
                <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
                  {CATALOG_TEXT.add}
                </Button>
              )}
            </>
          }
        />
      )}
      {selecting && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MSG.doubleClickToSelect}
        </Alert>
      )}
      <Card data-testid={`premium-list-${config.kind}`}>
        <ListFilters
          value={filters}
          onChange={changeFilters}
          categoryType={config.type}
          end={<ColumnMenu columns={columns} hidden={visibility.hidden} onToggle={visibility.toggle} />}
        />
        <DataTable
          columns={columns}
          hidden={visibility.hidden}
          rows={data?.results ?? []}
          getRowId={(p) => p.id}
          loading={list.isPending}
          fetching={list.isFetching}
          skeletonRows={Math.min(pageSize, 10)}
          groupOf={
            config.grouped
              ? (p) => ({
                  key: String(p.premium_group ?? 'none'),
                  header: (
                    <GroupHeader
                      kind={config.kind}
                      type={config.type}
                      id={p.premium_group}
                      name={p.group_name ?? CATALOG_TEXT.noGroup}
                      index={p.group_index}
                      editable={!selecting}
                    />
                  ),
                })
              : undefined
          }
          rowActions={selecting ? undefined : rowActions}
          onRowDoubleClick={onSelect}
          rowTestId={(p) => `row-${p.code}`}
        />
        <TablePager
          page={page}
          pageSize={pageSize}
          total={data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </Card>

      {editing !== null && (
        <PremiumFormDialog
          config={config}
          premium={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {imagesOf && <PremiumImagesDialog kind={config.kind} premium={imagesOf} onClose={() => setImagesOf(null)} />}
      {importing && (
        <CsvImportDialog
          what={config.title}
          columns={PREMIUM_CSV_COLUMNS[config.kind]}
          onImport={(file, onProgress) => importCsv.mutateAsync({ file, onProgress })}
          onClose={() => setImporting(false)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={MSG.deleteConfirm((deleting ?? lastDeleting.current)?.code ?? '')}
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
            enqueueSnackbar(MSG.deleted(deleting.code), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
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
