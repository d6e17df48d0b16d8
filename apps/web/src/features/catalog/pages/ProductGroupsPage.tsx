import { CATALOG_TEXT, catalogApi, PAGE_SIZE, type ProductGroup, STRUCTURE_TEXT } from '@cab/shared';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import { DeleteAction, EditAction, RowAction } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { useCan } from '../../auth/index.ts';
import { useSubcategories } from '../api.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { type ProductGroupFilters, useDeleteProductGroup, useProductGroupPage } from '../structure/api.ts';
import { ProductGroupFormDialog } from '../structure/ProductGroupFormDialog.tsx';
import { ProductGroupImagesDialog } from '../structure/ProductGroupImagesDialog.tsx';
import { StructureListPage } from '../structure/StructureListPage.tsx';

const FILTERS: ProductGroupFilters = { name: '', subcategory: '' };

/** /catalog/groups: every product group with its subcategories, notes and images; admins add, edit and delete. */
export default function ProductGroupsPage() {
  const canWrite = useCan(catalogApi.groupCreate);
  const list = useListQuery(
    {
      key: 'catalog.groups',
      pageSize: PAGE_SIZE.productGroups,
      orderBy: 'name',
      filters: FILTERS,
    },
    useProductGroupPage,
  );
  const subcategories = useSubcategories();
  const remove = useDeleteProductGroup();
  const [editing, setEditing] = useState<ProductGroup | 'new' | null>(null);
  const [imagesOf, setImagesOf] = useState<ProductGroup | null>(null);
  const [deleting, setDeleting] = useState<ProductGroup | null>(null);

  const columns = useMemo((): DataColumn<ProductGroup>[] => {
    const subs = new Map((subcategories.data ?? []).map((s) => [s.id, s]));
    return [
      { key: 'name', header: STRUCTURE_TEXT.name, render: (g) => <strong>{g.name}</strong> },
      {
        key: 'subcategories',
        header: STRUCTURE_TEXT.subcategories,
        render: (g) =>
          g.subcategories.length === 0 ? (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {STRUCTURE_TEXT.noSubcategory}
            </Box>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {g.subcategories.map((id) => (
                <Chip
                  key={id}
                  size="small"
                  variant="outlined"
                  clickable
                  component={RouterLink}
                  to={`/catalog/public/subcategory/${id}`}
                  label={subs.get(id)?.name ?? `#${id}`}
                />
              ))}
            </Box>
          ),
      },
      {
        key: 'notes',
        header: STRUCTURE_TEXT.notes,
        minWidth: 200,
        render: (g) => [g.note, g.secondary_note, g.shelf_note].filter((n) => n.trim() !== '').join(' · '),
      },
      {
        key: 'images',
        header: STRUCTURE_TEXT.images,
        noWrap: true,
        render: (g) => (
          <Link component="button" type="button" onClick={() => setImagesOf(g)}>
            {CATALOG_TEXT.imageCount(g.images.length)}
          </Link>
        ),
      },
    ];
  }, [subcategories.data]);

  const rowActions = (g: ProductGroup) => (
    <>
      <RowAction
        label={CATALOG_TEXT.images}
        name={g.name}
        icon={<ImageOutlined fontSize="small" />}
        onClick={() => setImagesOf(g)}
        testId={`images-group-${g.id}`}
      />
      <EditAction name={g.name} onClick={() => setEditing(g)} testId={`edit-group-${g.id}`} />
      <DeleteAction name={g.name} onClick={() => setDeleting(g)} testId={`delete-group-${g.id}`} />
    </>
  );

  return (
    <>
      <StructureListPage
        addLabel={STRUCTURE_TEXT.addProductGroup}
        canWrite={canWrite}
        onAdd={() => setEditing('new')}
        testId="product-group-list"
      >
        <PagedDataTable
          filters={{
            fields: [
              { kind: 'text', name: 'name', label: STRUCTURE_TEXT.name, testId: 'filter-group-name', search: true },
              {
                kind: 'select',
                name: 'subcategory',
                label: STRUCTURE_TEXT.subcategoryName,
                anyLabel: STRUCTURE_TEXT.anySubcategory,
                options: (subcategories.data ?? []).map((s) => ({
                  value: String(s.id),
                  label: s.category ? `${s.category.name} › ${s.name}` : s.name,
                })),
                testId: 'filter-group-subcategory',
                width: 240,
              },
            ],
          }}
          {...list}
          columns={columns}
          rowActions={canWrite ? rowActions : undefined}
          rowTestId={(g) => `group-row-${g.id}`}
        />
      </StructureListPage>
      {editing !== null && (
        <ProductGroupFormDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {imagesOf && <ProductGroupImagesDialog group={imagesOf} onClose={() => setImagesOf(null)} />}
      <ConfirmDelete target={deleting} label={(g) => g.name} remove={remove} onClose={() => setDeleting(null)} />
    </>
  );
}
