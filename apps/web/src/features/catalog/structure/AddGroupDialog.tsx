import { STRUCTURE_TEXT, type Subcategory, subcategoryGroupBodySchema } from '@cab/shared';
import { useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { ProductGroupAutocomplete, type ProductGroupRef } from '../components/ProductGroupAutocomplete.tsx';
import { useSubcategoryGroups } from './api.ts';

interface Values {
  group: ProductGroupRef | null;
}

const toBody = (v: Values) => ({ group: v.group?.id });

/** Put an existing product group at the end of a subcategory (SPEC 7 add_group). */
export function AddGroupDialog({ subcategory, onClose }: { subcategory: Subcategory; onClose: () => void }) {
  const { add } = useSubcategoryGroups(subcategory.id);
  const form = useForm<Values>({
    resolver: bodyResolver(subcategoryGroupBodySchema, toBody),
    defaultValues: { group: null },
  });
  const dialog = useDialogSubmit(
    form,
    ['group'],
    async ({ group }) => {
      // The resolver has made sure a group was picked.
      await add.mutateAsync(group!.id);
      return STRUCTURE_TEXT.added(group!.name, subcategory.name);
    },
    { onClose, pending: add.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={STRUCTURE_TEXT.addGroupTitle(subcategory.name)}
      submitLabel={STRUCTURE_TEXT.add}
      maxWidth="xs"
      testId="add-group-dialog"
    >
      <FormAutocomplete control={form.control} name="group" component={ProductGroupAutocomplete} />
    </FormDialog>
  );
}
