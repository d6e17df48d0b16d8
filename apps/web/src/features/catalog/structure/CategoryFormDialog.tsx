import {
  type Category,
  categoryBodySchema,
  MSG,
  PREMIUM_TYPE_LABELS,
  PREMIUM_TYPES,
  type PremiumType,
  STRUCTURE_TEXT,
} from '@cab/shared';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { saveFailed } from '../saveFailed.ts';
import { useSaveCategory } from './api.ts';

interface Values {
  name: string;
  category_type: PremiumType;
}

const WHAT = STRUCTURE_TEXT.categoryName;

/** Create or rename a category; its type decides where it is offered (line items, wood species, ...). */
export function CategoryFormDialog({
  category,
  defaultType = 'LINE_ITEM',
  onClose,
  onSaved,
}: {
  category: Category | null;
  defaultType?: PremiumType;
  onClose: () => void;
  onSaved?: (category: Category) => void;
}) {
  const save = useSaveCategory();
  const form = useForm<Values>({
    resolver: bodyResolver(categoryBodySchema, (v: Values) => v),
    defaultValues: { name: category?.name ?? '', category_type: category?.category_type ?? defaultType },
  });
  const dialog = useDialogSubmit(
    form,
    ['name', 'category_type'],
    async (values) => {
      const saved = await save.mutateAsync({ id: category?.id, body: values });
      onSaved?.(saved);
      return category ? MSG.premiumUpdated(saved.name) : MSG.premiumCreated(saved.name);
    },
    { onClose, pending: save.isPending, failed: saveFailed(WHAT) },
  );

  return (
    <FormDialog
      {...dialog}
      title={category ? STRUCTURE_TEXT.editCategory(category.name) : STRUCTURE_TEXT.newCategory}
      editing={Boolean(category)}
      maxWidth="xs"
      testId="category-dialog"
      fields={[
        { name: 'name', label: STRUCTURE_TEXT.name, required: true, autoFocus: true },
        {
          name: 'category_type',
          label: STRUCTURE_TEXT.type,
          type: 'select',
          required: true,
          options: PREMIUM_TYPES,
          labels: PREMIUM_TYPE_LABELS,
        },
      ]}
    />
  );
}
