import { CATALOG_TEXT } from '@cab/shared';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type HTMLAttributes, type Key, type Ref, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedCallback } from './useDebounced.ts';

interface Base<T> {
  label: string;
  /** Options for what was typed; called `debounceMs` after typing stops (SPEC 9: 750 ms). */
  fetchOptions: (text: string, signal: AbortSignal) => Promise<T[]>;
  getOptionLabel: (option: T) => string;
  getOptionKey: (option: T) => number | string;
  renderOptionText?: (option: T) => string;
  debounceMs: number;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  size?: 'small' | 'medium';
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

type Props<T> = Base<T> &
  (
    | { multiple: true; value: T[]; onChange: (value: T[]) => void }
    | { multiple?: false; value: T | null; onChange: (value: T | null) => void }
  );

/** An autocomplete whose options load from the server as the user types. */
export function AsyncAutocomplete<T>(props: Props<T>) {
  const { label, fetchOptions, getOptionLabel, getOptionKey, debounceMs, error, helperText, disabled, testId } = props;
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const load = (text: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setLoading(true);
    fetchOptions(text, current.signal)
      .then((next) => {
        if (current.signal.aborted) return;
        setOptions(next);
        setLoadedOnce(true);
      })
      .catch(() => {
        // Load errors are logged by the API client; the list keeps what it had.
      })
      .finally(() => {
        if (!current.signal.aborted) setLoading(false);
      });
  };
  const debouncedLoad = useDebouncedCallback(load, debounceMs);

  useEffect(() => () => controller.current?.abort(), []);

  const common = {
    open,
    onOpen: () => {
      setOpen(true);
      if (!loadedOnce) load('');
    },
    onClose: () => setOpen(false),
    options,
    loading,
    disabled,
    filterOptions: (x: T[]) => x,
    getOptionLabel,
    isOptionEqualToValue: (a: T, b: T) => getOptionKey(a) === getOptionKey(b),
    onInputChange: (_: unknown, text: string, reason: string) => {
      if (reason === 'input') debouncedLoad.run(text);
      else if (reason === 'clear') load('');
    },
    noOptionsText: loading ? CATALOG_TEXT.loading : CATALOG_TEXT.noOptions,
    loadingText: CATALOG_TEXT.loading,
    renderOption: (optionProps: HTMLAttributes<HTMLLIElement> & { key?: Key }, option: T) => {
      const { key: _key, ...rest } = optionProps;
      return (
        <li {...rest} key={getOptionKey(option)}>
          {props.renderOptionText ? props.renderOptionText(option) : getOptionLabel(option)}
        </li>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={label}
        error={error}
        helperText={helperText}
        required={props.required}
        placeholder={props.placeholder}
        size={props.size}
        onBlur={props.onBlur}
        inputRef={props.inputRef}
        slotProps={{
          ...params.slotProps,
          input: {
            ...params.slotProps.input,
            endAdornment: (
              <>
                {loading && open ? <CircularProgress color="inherit" size={18} /> : null}
                {params.slotProps.input.endAdornment}
              </>
            ),
          },
        }}
      />
    ),
    'data-testid': testId,
    size: props.size,
  };

  if (props.multiple) {
    return (
      <Autocomplete<T, true, false, false>
        {...common}
        multiple
        value={props.value}
        onChange={(_, value) => props.onChange(value)}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={getOptionLabel(option)} {...itemProps} />;
          })
        }
      />
    );
  }
  return (
    <Autocomplete<T, false, false, false>
      {...common}
      value={props.value}
      onChange={(_, value) => props.onChange(value)}
    />
  );
}

export interface RefsByIdOptions<R> {
  /** The query key prefix of the lookup (the missing ids are appended). */
  queryKey: readonly unknown[];
  /** The refs of these ids, in one request. */
  fetchByIds: (ids: number[], signal: AbortSignal) => Promise<R[]>;
  /** What stands for an id not loaded yet (pending) or not found; keep it stable (module level). */
  placeholder: (id: number, pending: boolean) => R;
}

/**
 * The chosen options of a multiple autocomplete that holds ids: the refs it has seen (picked
 * options are remembered), the others fetched once by id. `remember` takes what was picked.
 */
export function useRefsById<R extends { id: number }>(ids: readonly number[], options: RefsByIdOptions<R>) {
  const { queryKey, fetchByIds, placeholder } = options;
  const [known, setKnown] = useState<ReadonlyMap<number, R>>(() => new Map());
  const missing = ids.filter((id) => !known.has(id));
  const lookup = useQuery({
    queryKey: [...queryKey, 'ids', missing],
    queryFn: ({ signal }) => fetchByIds(missing, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const refs = useMemo(
    () => ids.map((id) => known.get(id) ?? lookup.data?.find((r) => r.id === id) ?? placeholder(id, lookup.isPending)),
    [ids, known, lookup.data, lookup.isPending, placeholder],
  );
  const remember = useCallback(
    (picked: readonly R[]) => setKnown((current) => new Map([...current, ...picked.map((r) => [r.id, r] as const)])),
    [],
  );
  return { refs, remember };
}
