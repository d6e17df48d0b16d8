import { CATALOG_TEXT, DEBOUNCE_MS } from '@cab/shared';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import type { ReactNode } from 'react';
import { DebouncedTextField } from '../DebouncedTextField.tsx';
import { type SelectChoices, SelectField } from '../form/SelectField.tsx';
import type { ListState } from './useListState.ts';

type Width = number | string;
const fieldWidth = (width: Width) => ({ width: { xs: '100%', sm: width } });

/**
 * The one filter bar above a list (SPEC 2 "Filter", SPEC 9 search): its filter fields, a Clear
 * button when `list` has a filter set, then `end` (the column menu, actions) on the right.
 */
export function FilterToolbar({
  list,
  children,
  end,
}: {
  /** Given: Clear shows while a filter is set and empties them all. */
  list?: Pick<ListState, 'isFiltered' | 'clearFilters'>;
  children: ReactNode;
  end?: ReactNode;
}) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 2 }}
      role="search"
      aria-label={CATALOG_TEXT.filter}
      data-testid="list-filters"
    >
      <FilterListRounded color="action" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
      {children}
      {list?.isFiltered && (
        <Button size="small" color="inherit" onClick={list.clearFilters}>
          {CATALOG_TEXT.clearFilters}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {end}
    </Box>
  );
}

/**
 * A text filter applied 1 s after typing stops, or on Enter; only blanks is no filter.
 * `search` adds the magnifier of a search box.
 */
export function FilterText<F extends Record<string, string>>({
  list,
  name,
  label,
  placeholder,
  testId,
  width = 170,
  focusAfterMs,
  search = false,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label: string;
  placeholder?: string;
  testId: string;
  width?: Width;
  focusAfterMs?: number;
  search?: boolean;
}) {
  return (
    <DebouncedTextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={list.filters[name] ?? ''}
      delay={DEBOUNCE_MS.filter}
      onDebouncedChange={(text) => list.setFilter(name, text.trim() === '' ? '' : text)}
      focusAfterMs={focusAfterMs}
      sx={fieldWidth(width)}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: search
          ? {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}

/** A choice filter applied at once; the first option is `anyLabel` (no filter, value ''). */
export function FilterSelect<F extends Record<string, string>>({
  list,
  name,
  label,
  anyLabel,
  options,
  labels,
  testId,
  width = 200,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label: string;
  anyLabel: string;
  testId: string;
  width?: Width;
} & Pick<SelectChoices, 'options' | 'labels'>) {
  return (
    <SelectField
      size="small"
      label={label}
      value={list.filters[name] ?? ''}
      onChange={(e) => list.setFilter(name, e.target.value)}
      fullWidth={false}
      sx={fieldWidth(width)}
      anyLabel={anyLabel}
      options={options}
      labels={labels}
      data-testid={testId}
    />
  );
}
