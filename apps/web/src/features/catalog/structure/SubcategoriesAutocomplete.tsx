import { DEBOUNCE_MS, STRUCTURE_TEXT } from '@cab/shared';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import type { FieldBinding } from '../../../components/form/FormAutocomplete.tsx';
import { fetchSubcategoryOptions } from './api.ts';

export interface SubcategoryRef {
  id: number;
  name: string;
}

const load = async (text: string, signal: AbortSignal) =>
  (await fetchSubcategoryOptions(text, signal)).map(({ id, name }) => ({ id, name }));

/** The subcategories a product group is shown in, loaded as the user types. */
export function SubcategoriesAutocomplete(props: FieldBinding<SubcategoryRef[]> & { testId?: string }) {
  return (
    <AsyncAutocomplete<SubcategoryRef>
      multiple
      {...props}
      label={STRUCTURE_TEXT.subcategories}
      fetchOptions={load}
      getOptionLabel={(s) => s.name}
      getOptionKey={(s) => s.id}
      debounceMs={DEBOUNCE_MS.autocomplete}
    />
  );
}
