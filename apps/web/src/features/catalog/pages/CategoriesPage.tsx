import { type Category, catalogApi, PAGE_SIZE, PREMIUM_TYPE_LABELS, PREMIUM_TYPES, STRUCTURE_TEXT } from '@cab/shared';
import { useState } from 'react';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import { DeleteAction, EditAction } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { useCan } from '../../auth/index.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { type CategoryFilters, useCategoryPage, useDeleteCategory } from '../structure/api.ts';
import { CategoryFormDialog } from '../structure/CategoryFormDialog.tsx';
import { StructureListPage } from '../structure/StructureListPage.tsx';

const FILTERS: CategoryFilters = { name: '', category_type: '' };

const COLUMNS: DataColumn<Category>[] = [
  { key: 'name', header: STRUCTURE_TEXT.name, render: (c) => <strong>{c.name}</strong> },
  { key: 'category_type', header: STRUCTURE_TEXT.type, render: (c) => PREMIUM_TYPE_LABELS[c.category_type] },
];

/** /catalog/categories: the categories of every type (line items, wood species, ...); admins add, rename and delete. */
export default function CategoriesPage() {
  const canWrite = useCan(catalogApi.categoryCreate);
  const list = useListQuery(
    {
      key: 'catalog.categories',
      pageSize: PAGE_SIZE.categories,
      orderBy: 'name',
      filters: FILTERS,
    },
    useCategoryPage,
  );
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const rowActions = (c: Category) => (
    <>
      <EditAction name={c.name} onClick={() => setEditing(c)} testId={`edit-category-${c.id}`} />
      <DeleteAction name={c.name} onClick={() => setDeleting(c)} testId={`delete-category-${c.id}`} />
    </>
  );

  return (
    <>
      <StructureListPage
        addLabel={STRUCTURE_TEXT.addCategory}
        canWrite={canWrite}
        onAdd={() => setEditing('new')}
        testId="category-list"
      >
        <PagedDataTable
          {...list}
          filters={{
            fields: [
              { kind: 'text', name: 'name', label: STRUCTURE_TEXT.name, testId: 'filter-category-name', search: true },
              {
                kind: 'select',
                name: 'category_type',
                label: STRUCTURE_TEXT.type,
                anyLabel: STRUCTURE_TEXT.anyType,
                options: PREMIUM_TYPES,
                labels: PREMIUM_TYPE_LABELS,
                testId: 'filter-category-type',
              },
            ],
          }}
          columns={COLUMNS}
          rowActions={canWrite ? rowActions : undefined}
          rowTestId={(c) => `category-row-${c.id}`}
        />
      </StructureListPage>
      {editing !== null && (
        <CategoryFormDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete target={deleting} label={(c) => c.name} remove={remove} onClose={() => setDeleting(null)} />
    </>
  );
}
