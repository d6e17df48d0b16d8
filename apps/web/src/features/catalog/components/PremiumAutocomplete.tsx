import { DEBOUNCE_MS, PAGE_SIZE, type Premium, type PremiumKind } from '@cab/shared';
import { AsyncAutocomplete, useRefsById } from '../../../components/AsyncAutocomplete.tsx';
import type { FieldBinding } from '../../../components/form/FormAutocomplete.tsx';
import { catalogKeys, fetchPremiumOptions } from '../api.ts';

interface PremiumRef {
  id: number;
  code: string;
  description: string;
}

const toRef = (p: Premium): PremiumRef => ({ id: p.id, code: p.code, description: p.description });
const placeholder = (id: number, pending: boolean): PremiumRef => ({
  id,
  code: pending ? '…' : `#${id}`,
  description: '',
});

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
  testId,
  ...binding
}: FieldBinding<number[]> & {
  kind: PremiumKind;
  label: string;
  loadAll?: boolean;
  testId?: string;
}) {
  const { refs, remember } = useRefsById(value, {
    queryKey: catalogKeys.premiumOptions(kind),
    fetchByIds: async (ids, signal) =>
      (
        await fetchPremiumOptions(
          kind,
          { 'id[]': ids, multiple: ids.length > 1 ? 'true' : undefined, page_size: PAGE_SIZE.autocomplete },
          signal,
        )
      ).results.map(toRef),
    placeholder,
  });

  return (
    <AsyncAutocomplete<PremiumRef>
      multiple
      value={refs}
      onChange={(next) => {
        remember(next);
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
      {...binding}
      testId={testId}
    />
  );
}
