import { MSG, STRUCTURE_TEXT, type Subcategory, subcategoryBodySchema } from '@cab/shared';
import { useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { bodyResolver, textOf, useDialogSubmit } from '../../../lib/forms.ts';
import { CategoryAutocomplete, type CategoryRef } from '../components/CategoryAutocomplete.tsx';
import { saveFailed } from '../saveFailed.ts';
import { useSaveSubcategory } from './api.ts';

interface Values {
  name: string;
  category: CategoryRef | null;
  index: string;
}

const toBody = (v: Values) => ({ name: v.name, category: v.category?.id ?? null, index: v.index });
const WHAT = STRUCTURE_TEXT.subcategoryName;

/**
 * Create a subcategory, or rename it and move it to another category (SPEC 7 subcategory POST
 * and PATCH). Subcategories belong to line item categories.
 */
export function SubcategoryFormDialog({
  subcategory,
  category,
  onClose,
}: {
  subcategory: Subcategory | null;
  /** The category a new subcategory goes in. */
  category?: CategoryRef | null;
  onClose: () => void;
}) {
  const save = useSaveSubcategory();
  const form = useForm<Values>({
    resolver: bodyResolver(subcategoryBodySchema, toBody),
    defaultValues: {
      name: subcategory?.name ?? '',
      category: subcategory ? subcategory.category : (category ?? null),
      index: textOf(subcategory?.index ?? 0),
    },
  });
  const dialog = useDialogSubmit(
    form,
    ['name', 'category', 'index'],
    async (values) => {
      const saved = await save.mutateAsync({ id: subcategory?.id, body: toBody(values) });
      return subcategory ? MSG.premiumUpdated(saved.name) : MSG.premiumCreated(saved.name);
    },
    { onClose, pending: save.isPending, failed: saveFailed(WHAT) },
  );

  return (
    <FormDialog
      {...dialog}
      title={subcategory ? STRUCTURE_TEXT.editSubcategory(subcategory.name) : STRUCTURE_TEXT.newSubcategory}
      editing={Boolean(subcategory)}
      maxWidth="xs"
      testId="subcategory-dialog"
    >
      <FormTextField control={form.control} name="name" label={STRUCTURE_TEXT.name} required autoFocus />
      <FormAutocomplete
        control={form.control}
        name="category"
        component={CategoryAutocomplete}
        type="LINE_ITEM"
        label={STRUCTURE_TEXT.category}
        helperText={subcategory ? STRUCTURE_TEXT.moveHint : undefined}
        testId="subcategory-category"
      />
      <FormFields
        control={form.control}
        fields={[{ name: 'index', label: STRUCTURE_TEXT.index, type: 'number', min: 0 }]}
      />
    </FormDialog>
  );
}
