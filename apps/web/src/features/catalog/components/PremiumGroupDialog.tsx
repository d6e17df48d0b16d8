import { CATALOG_TEXT, type PremiumGroup, type PremiumType, premiumGroupBodySchema } from '@cab/shared';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useCreatePremiumGroup } from '../api.ts';

interface Values {
  name: string;
  index: string;
}

const toBody = (v: Values) => ({ name: v.name, index: v.index });

/** SPEC 2 "New Group / Header dialog": Name and Index, Cancel and Add. */
export function PremiumGroupDialog({
  open,
  type,
  onClose,
  onCreated,
}: {
  open: boolean;
  type: PremiumType;
  onClose: () => void;
  onCreated: (group: PremiumGroup) => void;
}) {
  const create = useCreatePremiumGroup(type);
  const form = useForm<Values>({
    resolver: bodyResolver(premiumGroupBodySchema, toBody),
    defaultValues: { name: '', index: '0' },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const dialog = useDialogSubmit(
    form,
    ['name', 'index'],
    async (values) => {
      const group = await create.mutateAsync(toBody(values));
      onCreated(group);
      return CATALOG_TEXT.groupCreated(group.name);
    },
    { onClose: close, pending: create.isPending },
  );

  return (
    <FormDialog
      {...dialog}
      open={open}
      title={CATALOG_TEXT.newGroupTitle}
      submitLabel={CATALOG_TEXT.addButton}
      maxWidth="xs"
      testId="premium-group-dialog"
      // The dialog sits inside the premium form: keep the submit from reaching it.
      nested
      fields={[
        { name: 'name', label: CATALOG_TEXT.groupName, required: true, autoFocus: true },
        { name: 'index', label: CATALOG_TEXT.index, type: 'number', min: 0 },
      ]}
    />
  );
}
