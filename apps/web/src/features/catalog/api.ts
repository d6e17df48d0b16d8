import {
  type BulkUpdateBody,
  type CatalogImage,
  type Category,
  catalogApi,
  type ImportResult,
  type LineItem,
  type LineItemBody,
  type LineItemListQuery,
  type LineItemPatch,
  type MoveImageBody,
  PAGE_SIZE,
  type Paged,
  type Premium,
  type PremiumBody,
  type PremiumKind,
  type PremiumListQuery,
  type PremiumPatch,
  type PremiumType,
} from '@cab/shared';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, upload } from '../../lib/api.ts';

/**
 * Catalogue data: query keys, list/detail queries and the mutations of the catalogue screens.
 * Mutations update cached lists in place (SPEC 4) and mark them stale for the next visit.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  premiums: (kind: PremiumKind) => resourceKeys('catalog', 'premiums', kind),
  /** Premiums of a kind as autocomplete options and code maps. */
  premiumOptions: (kind: PremiumKind) => [...catalogKeys.premiums(kind).all, 'options'] as const,
  premiumGroups: (type: PremiumType) => resourceKeys('catalog', 'premium-groups', type),
  categories: resourceKeys('catalog', 'categories'),
  items: (scope: ItemScope) => resourceKeys('catalog', scope),
  itemGroups: resourceKeys('catalog', 'item-group'),
  productGroups: resourceKeys('catalog', 'product-groups'),
  subcategories: resourceKeys('catalog', 'subcategories'),
};

/** The filters of every catalogue list (SPEC 2 "Filter"); categories travel as comma-joined ids. */
export const CODE_FILTERS = { code: '', description: '', categories: '' };
export type CodeFilters = typeof CODE_FILTERS;

export const categoryIds = (filters: CodeFilters): number[] =>
  filters.categories === '' ? [] : filters.categories.split(',').map(Number).filter(Number.isInteger);

/** A catalogue list's wire query: `code` is sent as `codeParam`, categories as `categories[]`. */
function codeListQuery<F extends CodeFilters>(list: ListQueryState<F>, codeParam: 'code' | 'manufacturer_code') {
  const { code, categories: _ids, ...rest } = listQueryOf(list);
  const ids = categoryIds(list.filters);
  return { ...rest, ...(code ? { [codeParam]: code } : {}), ...(ids.length > 0 ? { 'categories[]': ids } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Premiums

export function usePremiumList(kind: PremiumKind, query: PremiumListQuery, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.premiums(kind).list(query),
    queryFn: ({ signal }) => call(catalogApi.premiumList, { params: { kind }, query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of a premium list screen. */
export function usePremiumPage(kind: PremiumKind, list: ListQueryState<CodeFilters>) {
  return usePremiumList(kind, codeListQuery(list, 'code') as PremiumListQuery);
}

function replaceInPages<T extends { id: number }>(client: QueryClient, prefix: readonly unknown[], next: T): void {
  client.setQueriesData<Paged<T>>({ queryKey: prefix }, (page) =>
    page ? { ...page, results: page.results.map((row) => (row.id === next.id ? next : row)) } : page,
  );
}

function removeFromPages<T extends { id: number }>(client: QueryClient, prefix: readonly unknown[], id: number): void {
  client.setQueriesData<Paged<T>>({ queryKey: prefix }, (page) => {
    if (!page?.results.some((row) => row.id === id)) return page;
    return { results: page.results.filter((row) => row.id !== id), total: Math.max(0, page.total - 1) };
  });
}

export function useSavePremium(kind: PremiumKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PremiumBody | PremiumPatch }) =>
      id === undefined
        ? call(catalogApi.premiumCreate, { params: { kind }, body: body as PremiumBody, form: true })
        : call(catalogApi.premiumUpdate, { params: { kind, id }, body, form: true }),
    onSuccess: async (premium, { id }) => {
      if (id === undefined) {
        await client.invalidateQueries({ queryKey: catalogKeys.premiums(kind).all });
      } else {
        replaceInPages(client, catalogKeys.premiums(kind).lists(), premium);
        void client.invalidateQueries({ queryKey: catalogKeys.premiums(kind).all, refetchType: 'none' });
      }
    },
  });
}

export function useDeletePremium(kind: PremiumKind) {
  const client = useQueryClient();
  return useMutation({
    /** `unlink`: the user agreed to remove a finish option from the wood species that offer it. */
    mutationFn: (premium: Premium & { unlink?: boolean }) =>
      call(catalogApi.premiumDelete, {
        params: { kind, id: premium.id },
        query: premium.unlink ? { unlink: 'true' } : undefined,
      }),
    onSuccess: (_, premium) => {
      removeFromPages(client, catalogKeys.premiums(kind).lists(), premium.id);
      void client.invalidateQueries({ queryKey: catalogKeys.premiums(kind).all });
    },
  });
}

/** Updates the images of a premium in every cached list (after upload, delete or move). */
function setPremiumImages(client: QueryClient, kind: PremiumKind, id: number, images: CatalogImage[]): void {
  client.setQueriesData<Paged<Premium>>({ queryKey: catalogKeys.premiums(kind).lists() }, (page) =>
    page ? { ...page, results: page.results.map((p) => (p.id === id ? { ...p, images } : p)) } : page,
  );
}

export function usePremiumImages(kind: PremiumKind, id: number) {
  const client = useQueryClient();
  const addImages = useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      for (const file of files) form.append('images', file, file.name);
      return upload(catalogApi.premiumAddImages, { params: { kind, id }, form, onProgress });
    },
    onSuccess: (images) => setPremiumImages(client, kind, id, images),
  });
  const deleteImage = useMutation({
    mutationFn: (imageId: number) => call(catalogApi.premiumDeleteImage, { params: { kind, id, imageId } }),
    onSuccess: (images) => setPremiumImages(client, kind, id, images),
  });
  const moveImage = useMutation({
    mutationFn: (body: MoveImageBody) => call(catalogApi.premiumMoveImage, { params: { kind, id }, body }),
    onSuccess: (images) => setPremiumImages(client, kind, id, images),
  });
  return { addImages, deleteImage, moveImage };
}

export function fetchPremiumOptions(
  kind: PremiumKind,
  query: PremiumListQuery,
  signal?: AbortSignal,
): Promise<Paged<Premium>> {
  return call(catalogApi.premiumList, { params: { kind }, query, signal });
}

export function useImportPremiumCsv(kind: PremiumKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      importCsv(catalogApi.premiumImportCsv, file, onProgress, { kind }),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.premiums(kind).all }),
  });
}

function importCsv(
  endpoint: typeof catalogApi.premiumImportCsv | typeof catalogApi.itemImportCsv,
  file: File,
  onProgress: ((percent: number) => void) | undefined,
  params?: Record<string, string>,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload(endpoint, { params, form, onProgress });
}

// Premium groups (headers)

export function usePremiumGroups(type: PremiumType, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.premiumGroups(type).all,
    queryFn: ({ signal }) => call(catalogApi.premiumGroupList, { query: { premium_type: type }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreatePremiumGroup(type: PremiumType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; index?: number | string }) =>
      call(catalogApi.premiumGroupCreate, { query: { premium_type: type }, body, form: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.premiumGroups(type).all }),
  });
}

export function useUpdatePremiumGroupIndex(kind: PremiumKind, type: PremiumType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, index }: { id: number; index: number }) =>
      call(catalogApi.premiumGroupUpdate, { params: { id }, body: { index } }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: catalogKeys.premiumGroups(type).all }),
        client.invalidateQueries({ queryKey: catalogKeys.premiums(kind).all }),
      ]);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Categories

export function fetchCategories(
  query: { name?: string; category_type?: PremiumType; 'id[]'?: number[]; page_size?: number },
  signal?: AbortSignal,
): Promise<Paged<Category>> {
  return call(catalogApi.categoryList, {
    query: { page: 1, page_size: PAGE_SIZE.autocomplete, order_by: 'name', ...query },
    signal,
  });
}

export function useCategory(id: number) {
  return useQuery({
    queryKey: catalogKeys.categories.detail(id),
    queryFn: ({ signal }) => call(catalogApi.categoryDetail, { params: { id }, signal }),
  });
}

// ---------------------------------------------------------------------------------------------
// Line items and attachments

export type ItemScope = 'items' | 'attachments';

const ITEM_ENDPOINTS = {
  items: {
    list: catalogApi.itemList,
    create: catalogApi.itemCreate,
    update: catalogApi.itemUpdate,
    remove: catalogApi.itemDelete,
    importCsv: catalogApi.itemImportCsv,
  },
  attachments: {
    list: catalogApi.attachmentList,
    create: catalogApi.attachmentCreate,
    update: catalogApi.attachmentUpdate,
    remove: catalogApi.attachmentDelete,
    importCsv: catalogApi.attachmentImportCsv,
  },
} as const;

export type ItemFilters = CodeFilters & { export_name: string };

export function useItemList(scope: ItemScope, list: ListQueryState<ItemFilters>) {
  const query = codeListQuery(list, 'manufacturer_code') as LineItemListQuery;
  return useQuery({
    queryKey: catalogKeys.items(scope).list(query),
    queryFn: ({ signal }) => call(ITEM_ENDPOINTS[scope].list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Items and attachments share rows: a change in one list concerns the other too. */
function touchItemLists(client: QueryClient, refetch: boolean) {
  for (const scope of ['items', 'attachments'] as const) {
    void client.invalidateQueries({ queryKey: catalogKeys.items(scope).all, refetchType: refetch ? 'active' : 'none' });
  }
}

export function useSaveItem(scope: ItemScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: LineItemBody | LineItemPatch }) =>
      id === undefined
        ? call(ITEM_ENDPOINTS[scope].create, { body: body as LineItemBody, form: true })
        : call(ITEM_ENDPOINTS[scope].update, { params: { id }, body, form: true }),
    onSuccess: (item, { id }) => {
      if (id === undefined) {
        touchItemLists(client, true);
      } else {
        for (const s of ['items', 'attachments'] as const)
          replaceInPages<LineItem>(client, catalogKeys.items(s).lists(), item);
        touchItemLists(client, false);
      }
    },
  });
}

export function useDeleteItem(scope: ItemScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: LineItem) => call(ITEM_ENDPOINTS[scope].remove, { params: { id: item.id } }),
    onSuccess: (_, item) => {
      for (const s of ['items', 'attachments'] as const)
        removeFromPages<LineItem>(client, catalogKeys.items(s).lists(), item.id);
      touchItemLists(client, true);
    },
  });
}

export function useImportItemCsv(scope: ItemScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      importCsv(ITEM_ENDPOINTS[scope].importCsv, file, onProgress),
    onSuccess: () => touchItemLists(client, true),
  });
}

export function useBulkUpdateItems() {
  const client = useQueryClient();
  return useMutation({
    // The dialog shows 'Failed to update items' itself.
    mutationFn: (body: BulkUpdateBody) => call(catalogApi.itemBulkUpdate, { body, skipCommonHandling: true }),
    onSuccess: () => touchItemLists(client, true),
  });
}

export function useItemGroup(id: number | null) {
  return useQuery({
    queryKey: catalogKeys.itemGroups.detail(id ?? 0),
    queryFn: ({ signal }) => call(catalogApi.itemGroup, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function fetchProductGroups(name: string, signal?: AbortSignal) {
  return call(catalogApi.groupList, {
    query: { page: 1, page_size: PAGE_SIZE.autocomplete, name, order_by: 'name' },
    signal,
  });
}

export function useProductGroup(id: number | null) {
  return useQuery({
    queryKey: catalogKeys.productGroups.detail(id ?? 0),
    queryFn: ({ signal }) => call(catalogApi.groupDetail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Public catalogue

export function useSubcategories(category?: number) {
  return useQuery({
    queryKey: catalogKeys.subcategories.list(category),
    queryFn: async ({ signal }) => {
      const answer = await call(catalogApi.subcategoryList, { query: { all: 'true', category }, signal });
      return Array.isArray(answer) ? answer : answer.results;
    },
  });
}

export function useSubcategory(id: number) {
  return useQuery({
    queryKey: catalogKeys.subcategories.detail(id),
    queryFn: ({ signal }) => call(catalogApi.subcategoryDetail, { params: { id }, signal }),
  });
}

export function useProductGroupsOf(subcategory: number, pageSize: number) {
  return useQuery({
    queryKey: catalogKeys.productGroups.list({ subcategory, pageSize }),
    queryFn: ({ signal }) =>
      call(catalogApi.groupList, { query: { subcategory, page: 1, page_size: pageSize }, signal }),
    staleTime: 60_000,
  });
}

/** id -> code of every premium of a kind, for table cells that show linked premiums. */
export function usePremiumCodes(kind: PremiumKind, enabled: boolean) {
  return useQuery({
    queryKey: [...catalogKeys.premiumOptions(kind), 'codes'],
    queryFn: async ({ signal }) => {
      const page = await fetchPremiumOptions(
        kind,
        { page: 1, page_size: PAGE_SIZE.autocompleteAll, order_by: 'code' },
        signal,
      );
      return new Map(page.results.map((p) => [p.id, p.code]));
    },
    enabled,
    staleTime: 60_000,
  });
}
