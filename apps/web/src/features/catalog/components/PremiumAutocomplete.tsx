import { DEBOUNCE_MS, PAGE_SIZE, type Premium, type PremiumKind } from '@cab/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { catalogKeys, fetchPremiumOptions } from '../api.ts';

interface PremiumRef {
  id: number;
  code: string;
  description: string;
}

const toRef = (p: Premium): PremiumRef => ({ id: p.id, code: p.code, description: p.description });

/**
 * Several premiums of one kind by id, loaded as the user types (SPEC 9: 50 a page, 1000 with
 * loadAll, 750 ms). The codes of the ids it starts with are fetched once (page size 50).
 */
export function PremiumsAutocomplete({
  kind,
  value,
  onChange,
  label,
  loadAll = false,
  error,
  helperText,
  testId,
}: {
  kind: PremiumKind;
  value: number[];
  onChange: (ids: number[]) => void;
  label: string;
  loadAll?: boolean;
  error?: boolean;
  helperText?: string;
  testId?: string;
}) {
  const [known, setKnown] = useState<Map<number, PremiumRef>>(() => new Map());
  const missing = value.filter((id) => !known.has(id));
  const initial = useQuery({
    queryKey: [...catalogKeys.premiumOptions(kind), 'ids', missing],
    queryFn: async ({ signal }) =>
      (
        await fetchPremiumOptions(
          kind,
          { 'id[]': missing, multiple: missing.length > 1 ? 'true' : undefined, page_size: PAGE_SIZE.autocomplete },
          signal,
        )
      ).results.map(toRef),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const selected = useMemo(
    () =>
      value.map(
        (id) =>
          known.get(id) ??
          initial.data?.find((p) => p.id === id) ?? { id, code: initial.isPending ? '…' : `#${id}`, description: '' },
      ),
    [value, known, initial.data, initial.isPending],
  );

  return (
    <AsyncAutocomplete<PremiumRef>
      multiple
      value={selected}
      onChange={(next) => {
        setKnown((current) => {
          const map = new Map(current);
          for (const p of next) map.set(p.id, p);
          return map;
        });
        onChange(next.map((p) => p.id));
      }}
      label={label}
      fetchOptions={async (text, signal) =>
        (
          await fetchPremiumOptions(
            kind,
            {
              code: text,
              page: 1,
              page_size: loadAll ? PAGE_SIZE.autocompleteAll : PAGE_SIZE.autocomplete,
              order_by: 'code',
            },
            signal,
          )
        ).results.map(toRef)
      }
      getOptionLabel={(p) => p.code}
      getOptionKey={(p) => p.id}
      renderOptionText={(p) => (p.description ? `${p.code} — ${p.description}` : p.code)}
      debounceMs={DEBOUNCE_MS.autocomplete}
      error={error}
      helperText={helperText}
      testId={testId}
    />
  );
}
