import { CATALOG_TEXT, DEBOUNCE_MS } from '@cab/shared';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { fetchProductGroups } from '../api.ts';

export interface ProductGroupRef {
  id: number;
  name: string;
}

/** The product group of a line item, loaded as the user types. */
export function ProductGroupAutocomplete({
  value,
  onChange,
  error,
  helperText,
}: {
  value: ProductGroupRef | null;
  onChange: (value: ProductGroupRef | null) => void;
  error?: boolean;
  helperText?: string;
}) {
  return (
    <AsyncAutocomplete<ProductGroupRef>
      value={value}
      onChange={onChange}
      label={CATALOG_TEXT.productGroup}
      fetchOptions={async (text, signal) =>
        (await fetchProductGroups(text, signal)).results.map(({ id, name }) => ({ id, name }))
      }
      getOptionLabel={(g) => g.name}
      getOptionKey={(g) => g.id}
      debounceMs={DEBOUNCE_MS.autocomplete}
      error={error}
      helperText={helperText}
      testId="product-group-autocomplete"
    />
  );
}
