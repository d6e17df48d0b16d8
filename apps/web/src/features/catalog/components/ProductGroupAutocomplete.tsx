import { CATALOG_TEXT, DEBOUNCE_MS } from '@cab/shared';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import type { FieldBinding } from '../../../components/form/FormAutocomplete.tsx';
import { fetchProductGroups } from '../api.ts';

export interface ProductGroupRef {
  id: number;
  name: string;
}

const loadGroups = async (text: string, signal: AbortSignal) =>
  (await fetchProductGroups(text, signal)).results.map(({ id, name }) => ({ id, name }));

/** The product group of a line item, loaded as the user types. */
export function ProductGroupAutocomplete(props: FieldBinding<ProductGroupRef | null>) {
  return (
    <AsyncAutocomplete<ProductGroupRef>
      {...props}
      label={CATALOG_TEXT.productGroup}
      fetchOptions={loadGroups}
      getOptionLabel={(g) => g.name}
      getOptionKey={(g) => g.id}
      debounceMs={DEBOUNCE_MS.autocomplete}
      testId="product-group-autocomplete"
    />
  );
}
