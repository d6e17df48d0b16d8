import { CATALOG_TEXT, DEBOUNCE_MS, type PremiumType } from '@cab/shared';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FilterText } from '../../../components/data-table/FilterToolbar.tsx';
import type { ListState } from '../../../components/data-table/useListState.ts';
import { useDebouncedCallback } from '../../../components/useDebounced.ts';
import { type CodeFilters, catalogKeys, categoryIds, fetchCategories } from '../api.ts';
import { CategoriesAutocomplete, type CategoryRef } from './CategoryAutocomplete.tsx';

/** Code, Description and Categories, applied 1 s after the user stops typing or choosing. */
export function CodeFilterFields({
  list,
  categoryType,
  codeLabel = CATALOG_TEXT.code,
  focusCodeAfterMs,
}: {
  list: Pick<ListState<CodeFilters>, 'filters' | 'setFilter'>;
  categoryType: PremiumType;
  codeLabel?: string;
  focusCodeAfterMs?: number;
}) {
  return (
    <>
      <FilterText list={list} name="code" label={codeLabel} testId="filter-code" focusAfterMs={focusCodeAfterMs} />
      <FilterText
        list={list}
        name="description"
        label={CATALOG_TEXT.description}
        testId="filter-description"
        width={190}
      />
      <Box sx={{ width: { xs: '100%', sm: 240 } }}>
        <CategoriesFilter
          type={categoryType}
          ids={categoryIds(list.filters)}
          onChange={(ids) => list.setFilter('categories', ids.join(','))}
        />
      </Box>
    </>
  );
}

/**
 * The chips show at once and the list follows 1 s later. Categories named only by id (a link,
 * a reload) are looked up by id.
 */
function CategoriesFilter({
  type,
  ids,
  onChange,
}: {
  type: PremiumType;
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  const [known, setKnown] = useState<Map<number, CategoryRef>>(() => new Map());
  const [selected, setSelected] = useState<number[]>(ids);
  const idsKey = ids.join(',');
  const apply = useDebouncedCallback(onChange, DEBOUNCE_MS.filter);
  // Set from outside (Clear, back/forward): that replaces a choice not applied yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for ids
  useEffect(() => {
    apply.cancel();
    setSelected(ids);
  }, [idsKey]);

  const missing = selected.filter((id) => !known.has(id));
  const lookup = useQuery({
    queryKey: [...catalogKeys.categories.lists(), 'ids', missing],
    queryFn: async ({ signal }) =>
      (await fetchCategories({ 'id[]': missing, page_size: missing.length }, signal)).results,
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const value = useMemo(
    () =>
      selected.map(
        (id) =>
          known.get(id) ?? lookup.data?.find((c) => c.id === id) ?? { id, name: lookup.isPending ? '…' : `#${id}` },
      ),
    [selected, known, lookup.data, lookup.isPending],
  );

  return (
    <CategoriesAutocomplete
      type={type}
      size="small"
      value={value}
      onChange={(next) => {
        setKnown((current) => new Map([...current, ...next.map((c) => [c.id, c] as const)]));
        setSelected(next.map((c) => c.id));
        apply.run(next.map((c) => c.id));
      }}
      testId="filter-categories"
    />
  );
}
