import {
  type Category,
  catalogApi,
  type categoryBodySchema,
  type categoryPatchSchema,
  type MoveImageBody,
  PAGE_SIZE,
  type PremiumType,
  type ProductGroup,
  type ProductGroupBody,
  type Subcategory,
  type subcategoryBodySchema,
} from '@cab/shared';
import {
  keepPreviousData,
  partialMatchKey,
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { type ListQueryState, listQueryOf } from '../../../components/data-table/useListState.ts';
import { call, upload } from '../../../lib/api.ts';
import { catalogKeys } from '../api.ts';

/**
 * Writes of the catalogue structure: categories, subcategories (with their groups) and product
 * groups. A change to one shows in the others (a subcategory lists its groups, a group its
 * subcategories, an item its group), so every write refreshes all four caches.
 */
function touchStructure(client: QueryClient, gone?: QueryKey) {
  // The detail of a deleted row is not asked for again: it would answer 404 and leave the page.
  const alive = (query: Query) => !gone || !partialMatchKey(query.queryKey, gone);
  for (const keys of [
    catalogKeys.categories,
    catalogKeys.subcategories,
    catalogKeys.productGroups,
    catalogKeys.itemGroups,
  ]) {
    void client.invalidateQueries({ queryKey: keys.all, predicate: alive });
  }
}

// ---------------------------------------------------------------------------------------------
// Categories

export type CategoryFilters = { name: string; category_type: string };

export function useCategoryPage(list: ListQueryState<CategoryFilters>) {
  const query = listQueryOf(list);
  return useQuery({
    queryKey: catalogKeys.categories.list(query),
    queryFn: ({ signal }) => call(catalogApi.categoryList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every category of a type (the public catalogue shows the empty ones to an admin). */
export function useCategoriesOfType(type: PremiumType, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.categories.list({ type, all: true }),
    queryFn: async ({ signal }) =>
      (
        await call(catalogApi.categoryList, {
          query: { page: 1, page_size: PAGE_SIZE.max, category_type: type, order_by: 'name' },
          signal,
        })
      ).results,
    enabled,
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: z.input<typeof categoryBodySchema> }) =>
      id === undefined
        ? call(catalogApi.categoryCreate, { body, form: true })
        : call(catalogApi.categoryUpdate, {
            params: { id },
            body: body as z.input<typeof categoryPatchSchema>,
            form: true,
          }),
    onSuccess: () => touchStructure(client),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (category: Category) => call(catalogApi.categoryDelete, { params: { id: category.id } }),
    onSuccess: (_, category) => touchStructure(client, catalogKeys.categories.detail(category.id)),
  });
}

// ---------------------------------------------------------------------------------------------
// Subcategories

export type SubcategoryBody = z.input<typeof subcategoryBodySchema>;

export function fetchSubcategoryOptions(name: string, signal?: AbortSignal) {
  return call(catalogApi.subcategoryList, {
    query: { page: 1, page_size: PAGE_SIZE.autocomplete, name, order_by: 'name' },
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : answer.results));
}

export function useSaveSubcategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SubcategoryBody }) =>
      id === undefined
        ? call(catalogApi.subcategoryCreate, { body, form: true })
        : call(catalogApi.subcategoryUpdate, { params: { id }, body, form: true }),
    onSuccess: () => touchStructure(client),
  });
}

export function useDeleteSubcategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subcategory: Subcategory) => call(catalogApi.subcategoryDelete, { params: { id: subcategory.id } }),
    onSuccess: (_, subcategory) => touchStructure(client, catalogKeys.subcategories.detail(subcategory.id)),
  });
}

/** Add, remove and reorder the product groups of one subcategory (SPEC 7 add_group, remove_group, move_group). */
export function useSubcategoryGroups(id: number) {
  const client = useQueryClient();
  const done = () => touchStructure(client);
  return {
    add: useMutation({
      mutationFn: (group: number) => call(catalogApi.subcategoryAddGroup, { params: { id }, body: { group } }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (group: { id: number }) =>
        call(catalogApi.subcategoryRemoveGroup, { params: { id }, body: { group: group.id } }),
      onSuccess: done,
    }),
    move: useMutation({
      mutationFn: ({ group, index }: { group: number; index: number }) =>
        call(catalogApi.subcategoryMoveGroup, { params: { id }, body: { group, index } }),
      onSuccess: done,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Product groups

export type ProductGroupFilters = { name: string; subcategory: string };

export function useProductGroupPage(list: ListQueryState<ProductGroupFilters>) {
  const query = listQueryOf(list);
  return useQuery({
    queryKey: catalogKeys.productGroups.list(query),
    queryFn: ({ signal }) => call(catalogApi.groupList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create is one multipart request with the images (SPEC 7 "POST multipart add with images"); edit is a PATCH. */
export function useSaveProductGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, files = [] }: { id?: number; body: ProductGroupBody; files?: File[] }) => {
      if (id !== undefined) return call(catalogApi.groupUpdate, { params: { id }, body, form: true });
      const form = new FormData();
      for (const key of ['name', 'note', 'secondary_note', 'shelf_note'] as const)
        form.append(key, String(body[key] ?? ''));
      for (const sub of body.subcategories ?? []) form.append('subcategories', String(sub));
      for (const file of files) form.append('images', file, file.name);
      return upload(catalogApi.groupCreate, { form });
    },
    onSuccess: () => touchStructure(client),
  });
}

export function useDeleteProductGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (group: ProductGroup) => call(catalogApi.groupDelete, { params: { id: group.id } }),
    onSuccess: (_, group) => touchStructure(client, catalogKeys.productGroups.detail(group.id)),
  });
}

/** The images of one product group: add (with progress), delete, drag to reorder. */
export function useProductGroupImages(id: number) {
  const client = useQueryClient();
  const done = () => touchStructure(client);
  return {
    addImages: useMutation({
      mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (percent: number) => void }) => {
        const form = new FormData();
        for (const file of files) form.append('images', file, file.name);
        return upload(catalogApi.groupAddImages, { params: { id }, form, onProgress }).then(
          (group: ProductGroup) => group.images,
        );
      },
      onSuccess: done,
    }),
    deleteImage: useMutation({
      mutationFn: (imageId: number) => call(catalogApi.groupDeleteImage, { params: { id: imageId } }),
      onSuccess: done,
    }),
    moveImage: useMutation({
      mutationFn: (body: MoveImageBody) => call(catalogApi.groupMoveImage, { params: { id }, body }),
      onSuccess: done,
    }),
  };
}
