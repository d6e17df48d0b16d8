import {
  CATALOG_TEXT,
  type Category,
  catalogApi,
  PAGE_SIZE,
  PREMIUM_TYPE_LABELS,
  PREMIUM_TYPES,
  STRUCTURE_TEXT,
} from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FilterSelect, FilterText, FilterToolbar } from '../../../components/data-table/FilterToolbar.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import { RowAction } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useCan } from '../../auth/useCan.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { type CategoryFilters, useCategoryPage, useDeleteCategory } from '../structure/api.ts';
import { CategoryFormDialog } from '../structure/CategoryFormDialog.tsx';

const FILTERS: CategoryFilters = { name: '', category_type: '' };
const TYPE_OPTIONS = PREMIUM_TYPES.map((t) => ({ value: t, label: PREMIUM_TYPE_LABELS[t] }));

const COLUMNS: DataColumn<Category>[] = [
  { key: 'name', header: STRUCTURE_TEXT.name, render: (c) => <strong>{c.name}</strong> },
  { key: 'category_type', header: STRUCTURE_TEXT.type, render: (c) => PREMIUM_TYPE_LABELS[c.category_type] },
];

/** /catalog/categories: the categories of every type (line items, wood species, ...); admins add, rename and delete. */
export default function CategoriesPage() {
  const route = useCurrentRoute();
  const canWrite = useCan(catalogApi.categoryCreate);
  const list = useListState({
    key: 'catalog.categories',
    pageSize: PAGE_SIZE.categories,
    orderBy: 'name',
    filters: FILTERS,
  });
  const query = useCategoryPage(list);
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const rowActions = (c: Category) => (
    <>
      <RowAction
        label={CATALOG_TEXT.edit}
        name={c.name}
        icon={<EditOutlined fontSize="small" />}
        onClick={() => setEditing(c)}
        testId={`edit-category-${c.id}`}
      />
      <RowAction
        label={CATALOG_TEXT.delete}
        name={c.name}
        icon={<DeleteOutlineRounded fontSize="small" />}
        onClick={() => setDeleting(c)}
        testId={`delete-category-${c.id}`}
      />
    </>
  );

  return (
    <>
      <PageHeader
        title={route.title}
        actions={
          <>
            <Button component={RouterLink} to="/catalog/public" variant="outlined" startIcon={<MenuBookOutlined />}>
              {CATALOG_TEXT.publicCatalog}
            </Button>
            {canWrite && (
              <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
                {STRUCTURE_TEXT.addCategory}
              </Button>
            )}
          </>
        }
      />
      <Card data-testid="category-list">
        <FilterToolbar list={list}>
          <FilterText list={list} name="name" label={STRUCTURE_TEXT.name} testId="filter-category-name" search />
          <FilterSelect
            list={list}
            name="category_type"
            label={STRUCTURE_TEXT.type}
            anyLabel={STRUCTURE_TEXT.anyType}
            options={TYPE_OPTIONS}
            testId="filter-category-type"
          />
        </FilterToolbar>
        <PagedDataTable
          query={query}
          state={list}
          columns={COLUMNS}
          getRowId={(c) => c.id}
          rowActions={canWrite ? rowActions : undefined}
          rowTestId={(c) => `category-row-${c.id}`}
        />
      </Card>
      {editing !== null && (
        <CategoryFormDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete target={deleting} label={(c) => c.name} remove={remove} onClose={() => setDeleting(null)} />
    </>
  );
}
