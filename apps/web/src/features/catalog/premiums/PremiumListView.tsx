import {
  CATALOG_TEXT,
  catalogApi,
  formatWireMoney,
  formatWirePercent,
  PAGE_SIZE,
  PREMIUM_CSV_COLUMNS,
  type Premium,
  WEB_TEXT,
} from '@cab/shared';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import { FilterToolbar } from '../../../components/data-table/FilterToolbar.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import { DeleteAction, EditAction, RowAction } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { CODE_FILTERS, useDeletePremium, useImportPremiumCsv, usePremiumCodes, usePremiumPage } from '../api.ts';
import { CodeFilterFields } from '../components/CodeFilters.tsx';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { CsvImportDialog } from '../components/CsvImportDialog.tsx';
import { ExportCsvButton } from '../components/ExportCsvButton.tsx';
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
      render: (p) => formatWireMoney(p.price),
      noWrap: true,
    },
    {
      key: 'percentage',
      header: CATALOG_TEXT.percentage,
      align: 'right',
      render: (p) => formatWirePercent(p.percentage, { twoPlaces: true }),
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
  /** URL parameter prefix where a screen shows several premium lists (tabs). */
  prefix?: string;
}

/**
 * SPEC 2 "Premium list" of one kind: title by type, Add and Import csv, row actions edit,
 * delete and images, rows grouped by header with an editable group Index, Filter with the column
 * menu, server paging (10 a page).
 */
export function PremiumListView({ config, prefix }: Props) {
  const list = useListState({
    key: `premium.${config.kind}`,
    prefix,
    pageSize: PAGE_SIZE.premiumList,
    orderBy: config.grouped ? GROUPED_ORDER : PLAIN_ORDER,
    filters: CODE_FILTERS,
  });
  const [editing, setEditing] = useState<Premium | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Premium | null>(null);
  const [imagesOf, setImagesOf] = useState<Premium | null>(null);
  const [importing, setImporting] = useState(false);

  const query = usePremiumPage(config.kind, list);
  const remove = useDeletePremium(config.kind);
  const importCsv = useImportPremiumCsv(config.kind);
  const finishCodes = usePremiumCodes('finish_option', config.fields.finishOptions);
  const woodCodes = usePremiumCodes('wood_species', config.fields.woodSpecies);

  const columns = useMemo(
    () => premiumColumns(config, finishCodes.data, woodCodes.data),
    [config, finishCodes.data, woodCodes.data],
  );
  const visibility = useColumnVisibility(`premium.${config.kind}`, columns);

  const rowActions = (p: Premium) => (
    <>
      <EditAction name={p.code} onClick={() => setEditing(p)} testId={`edit-${p.code}`} />
      {config.canDelete && <DeleteAction name={p.code} onClick={() => setDeleting(p)} testId={`delete-${p.code}`} />}
      <RowAction
        label={CATALOG_TEXT.images}
        // The badge's count is on screen, so it is in the name too (WCAG 2.5.3 Label in Name).
        name={`${p.code}: ${CATALOG_TEXT.imageCount(p.images.length)}`}
        icon={
          <Badge badgeContent={p.images.length} color="primary" max={99}>
            <PhotoLibraryOutlined fontSize="small" />
          </Badge>
        }
        onClick={() => setImagesOf(p)}
        testId={`images-${p.code}`}
      />
    </>
  );

  return (
    <>
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
              <AddButton variant="contained" onClick={() => setEditing('new')}>
                {CATALOG_TEXT.add}
              </AddButton>
            )}
          </>
        }
      />
      <Card data-testid={`premium-list-${config.kind}`}>
        <FilterToolbar
          list={list}
          end={<ColumnMenu columns={columns} hidden={visibility.hidden} onToggle={visibility.toggle} />}
        >
          <CodeFilterFields list={list} categoryType={config.type} />
        </FilterToolbar>
        <PagedDataTable
          query={query}
          state={list}
          columns={columns}
          hidden={visibility.hidden}
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
                      editable
                    />
                  ),
                })
              : undefined
          }
          rowActions={rowActions}
          rowTestId={(p) => `row-${p.code}`}
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
      <ConfirmDelete
        target={deleting}
        label={(p) => p.code}
        remove={remove}
        onClose={() => setDeleting(null)}
        confirmed={(p) => ({ ...p, unlink: true })}
      />
    </>
  );
}
