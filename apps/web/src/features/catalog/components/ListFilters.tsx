import { CATALOG_TEXT, DEBOUNCE_MS, type PremiumType } from '@cab/shared';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useEffect, useState } from 'react';
import { DebouncedTextField } from '../../../components/DebouncedTextField.tsx';
import { useDebouncedCallback } from '../../../components/useDebounced.ts';
import { CategoriesAutocomplete, type CategoryRef } from './CategoryAutocomplete.tsx';

export interface CodeFilters {
  code: string;
  description: string;
  categories: CategoryRef[];
}

export const EMPTY_FILTERS: CodeFilters = { code: '', description: '', categories: [] };

export const isFiltered = (f: CodeFilters) => f.code !== '' || f.description !== '' || f.categories.length > 0;

/**
 * SPEC 2 "Filter": Code, Description and Categories, applied 1 s after the user stops typing.
 * `children` adds filters of the screen (export name) and `end` the column menu.
 */
export function ListFilters({
  value,
  onChange,
  categoryType,
  codeLabel = CATALOG_TEXT.code,
  focusCodeAfterMs,
  children,
  end,
}: {
  value: CodeFilters;
  onChange: (next: CodeFilters) => void;
  categoryType: PremiumType;
  codeLabel?: string;
  focusCodeAfterMs?: number;
  children?: ReactNode;
  end?: ReactNode;
}) {
  const applyCategories = useDebouncedCallback(
    (categories: CategoryRef[]) => onChange({ ...value, categories }),
    DEBOUNCE_MS.filter,
  );
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 2 }}
      role="search"
      aria-label={CATALOG_TEXT.filter}
      data-testid="list-filters"
    >
      <FilterListRounded color="action" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
      <DebouncedTextField
        size="small"
        label={codeLabel}
        value={value.code}
        delay={DEBOUNCE_MS.filter}
        onDebouncedChange={(code) => onChange({ ...value, code })}
        focusAfterMs={focusCodeAfterMs}
        sx={{ width: { xs: '100%', sm: 170 } }}
        slotProps={{ htmlInput: { 'data-testid': 'filter-code' } }}
      />
      <DebouncedTextField
        size="small"
        label={CATALOG_TEXT.description}
        value={value.description}
        delay={DEBOUNCE_MS.filter}
        onDebouncedChange={(description) => onChange({ ...value, description })}
        sx={{ width: { xs: '100%', sm: 190 } }}
        slotProps={{ htmlInput: { 'data-testid': 'filter-description' } }}
      />
      <Box sx={{ width: { xs: '100%', sm: 240 } }}>
        <CategoriesFilter type={categoryType} value={value.categories} onChange={applyCategories.run} />
      </Box>
      {children}
      {isFiltered(value) && (
        <Button
          size="small"
          color="inherit"
          onClick={() => {
            applyCategories.cancel();
            onChange({ ...EMPTY_FILTERS });
          }}
        >
          {CATALOG_TEXT.clearFilters}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {end}
    </Box>
  );
}

/** The categories filter keeps its own selection so chips show at once; the list follows 1 s later. */
function CategoriesFilter({
  type,
  value,
  onChange,
}: {
  type: PremiumType;
  value: CategoryRef[];
  onChange: (next: CategoryRef[]) => void;
}) {
  const [selected, setSelected] = useState(value);
  useEffect(() => setSelected(value), [value]);
  return (
    <CategoriesAutocomplete
      type={type}
      size="small"
      value={selected}
      onChange={(next) => {
        setSelected(next);
        onChange(next);
      }}
      testId="filter-categories"
    />
  );
}
