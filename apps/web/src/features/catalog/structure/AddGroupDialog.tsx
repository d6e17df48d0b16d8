import { STRUCTURE_TEXT, type Subcategory, subcategoryGroupBodySchema } from '@cab/shared';
import { useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, useFormSubmit } from '../../../lib/forms.ts';
import { ProductGroupAutocomplete, type ProductGroupRef } from '../components/ProductGroupAutocomplete.tsx';
import { useSubcategoryGroups } from './api.ts';

interface Values {
  group: ProductGroupRef | null;
}

const toBody = (v: Values) => ({ group: v.group?.id });

/** Put an existing product group at the end of a subcategory (SPEC 7 add_group). */
export function AddGroupDialog({ subcategory, onClose }: { subcategory: Subcategory; onClose: () => void }) {
  const { add } = useSubcategoryGroups(subcategory.id);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: bodyResolver(subcategoryGroupBodySchema, toBody),
    defaultValues: { group: null },
  });
  const onSubmit = useFormSubmit({ handleSubmit, setError }, ['group'], async (values) => {
    if (!values.group) return;
    await add.mutateAsync(values.group.id);
    onClose();
    return STRUCTURE_TEXT.added(values.group.name, subcategory.name);
  });
  return (
    <FormDialog
      title={STRUCTURE_TEXT.addGroupTitle(subcategory.name)}
      submitLabel={STRUCTURE_TEXT.add}
      onSubmit={onSubmit}
      onClose={onClose}
      pending={add.isPending}
      maxWidth="xs"
      testId="add-group-dialog"
      errors={formState.errors}
    >
      <FormAutocomplete control={control} name="group" component={ProductGroupAutocomplete} />
    </FormDialog>
  );
}
