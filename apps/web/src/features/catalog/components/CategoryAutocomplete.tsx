import { CATALOG_TEXT, DEBOUNCE_MS, type PremiumType } from '@cab/shared';
import type { Ref } from 'react';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { fetchCategories } from '../api.ts';

export interface CategoryRef {
  id: number;
  name: string;
}

interface Common {
  type: PremiumType;
  label?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/** What both category pickers share: options of one premium type, loaded as the user types. */
function categoryOptions({ type, ...props }: Common) {
  return {
    ...props,
    fetchOptions: async (text: string, signal: AbortSignal) =>
      (await fetchCategories({ name: text, category_type: type }, signal)).results.map(({ id, name }) => ({
        id,
        name,
      })),
    getOptionLabel: (c: CategoryRef) => c.name,
    getOptionKey: (c: CategoryRef) => c.id,
    debounceMs: DEBOUNCE_MS.autocomplete,
  };
}

/** Categories of one premium type, loaded as the user types (SPEC 9: 50 a page, 750 ms). */
export function CategoriesAutocomplete({
  value,
  onChange,
  ...props
}: Common & { value: CategoryRef[]; onChange: (value: CategoryRef[]) => void }) {
  return (
    <AsyncAutocomplete<CategoryRef>
      multiple
      value={value}
      onChange={onChange}
      {...categoryOptions(props)}
      label={props.label ?? CATALOG_TEXT.categories}
    />
  );
}

export function CategoryAutocomplete({
  value,
  onChange,
  ...props
}: Common & { value: CategoryRef | null; onChange: (value: CategoryRef | null) => void }) {
  return (
    <AsyncAutocomplete<CategoryRef>
      value={value}
      onChange={onChange}
      {...categoryOptions(props)}
      label={props.label ?? CATALOG_TEXT.category}
    />
  );
}
