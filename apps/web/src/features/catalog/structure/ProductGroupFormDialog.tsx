import { MSG, type ProductGroup, productGroupBodySchema, STRUCTURE_TEXT } from '@cab/shared';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { bodyResolver, useFormSubmit } from '../../../lib/forms.ts';
import { useSubcategories } from '../api.ts';
import { useSaveProductGroup } from './api.ts';
import { SubcategoriesAutocomplete, type SubcategoryRef } from './SubcategoriesAutocomplete.tsx';

interface Values {
  name: string;
  note: string;
  secondary_note: string;
  shelf_note: string;
  subcategories: SubcategoryRef[];
}

const toBody = (v: Values) => ({ ...v, subcategories: v.subcategories.map((s) => s.id) });
const FIELDS = ['name', 'note', 'secondary_note', 'shelf_note', 'subcategories'] as const;
const WHAT = STRUCTURE_TEXT.productGroupName;

/**
 * A product group (SPEC 3): name, notes and the subcategories that show it. A new group can
 * carry its first images in the same request; an existing one edits images in the gallery.
 */
export function ProductGroupFormDialog(props: {
  group: ProductGroup | null;
  /** The subcategories a new group starts in. */
  subcategories?: SubcategoryRef[];
  onClose: () => void;
}) {
  // The form shows subcategory names; a group carries ids.
  const all = useSubcategories();
  if (props.group && all.isPending) return null;
  const names = new Map((all.data ?? []).map((s) => [s.id, s.name]));
  const initial = props.group
    ? props.group.subcategories.map((id) => ({ id, name: names.get(id) ?? `#${id}` }))
    : (props.subcategories ?? []);
  return <GroupForm {...props} initial={initial} />;
}

function GroupForm({
  group,
  initial,
  onClose,
}: {
  group: ProductGroup | null;
  initial: SubcategoryRef[];
  onClose: () => void;
}) {
  const save = useSaveProductGroup();
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: bodyResolver(productGroupBodySchema, toBody),
    defaultValues: {
      name: group?.name ?? '',
      note: group?.note ?? '',
      secondary_note: group?.secondary_note ?? '',
      shelf_note: group?.shelf_note ?? '',
      subcategories: initial,
    },
  });
  const onSubmit = useFormSubmit(
    { handleSubmit, setError },
    FIELDS,
    async (values) => {
      const saved = await save.mutateAsync({ id: group?.id, body: toBody(values), files });
      onClose();
      return group ? MSG.premiumUpdated(saved.name) : MSG.premiumCreated(saved.name);
    },
    {
      failed: { fields: MSG.premiumSaveFieldErrors(WHAT), other: MSG.premiumSaveFailed(WHAT) },
      // Image errors come back as images.N: show them on the form.
      fieldOf: (path) =>
        (FIELDS as readonly string[]).includes(path.split('.')[0]!) ? path.split('.')[0]! : 'root.server',
    },
  );

  return (
    <FormDialog
      title={group ? STRUCTURE_TEXT.editProductGroup(group.name) : STRUCTURE_TEXT.newProductGroup}
      submitLabel={group ? STRUCTURE_TEXT.save : STRUCTURE_TEXT.create}
      onSubmit={onSubmit}
      onClose={onClose}
      pending={save.isPending}
      testId="product-group-dialog"
      errors={formState.errors}
    >
      <FormTextField control={control} name="name" label={STRUCTURE_TEXT.name} required autoFocus />
      <FormAutocomplete
        control={control}
        name="subcategories"
        component={SubcategoriesAutocomplete}
        helperText={STRUCTURE_TEXT.subcategoriesHint}
        testId="group-subcategories"
      />
      <FormTextField control={control} name="note" label={STRUCTURE_TEXT.note} multiline minRows={2} />
      <FormTextField
        control={control}
        name="secondary_note"
        label={STRUCTURE_TEXT.secondaryNote}
        multiline
        minRows={2}
      />
      <FormTextField control={control} name="shelf_note" label={STRUCTURE_TEXT.shelfNote} />
      {group ? (
        <Typography variant="body2" color="text.secondary">
          {STRUCTURE_TEXT.imagesLater}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/gif,image/jpeg"
            multiple
            hidden
            data-testid="group-image-input"
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateOutlined />}
            onClick={() => fileInput.current?.click()}
          >
            {STRUCTURE_TEXT.chooseImages}
          </Button>
          {files.length > 0 && (
            <Typography variant="body2" data-testid="chosen-images">
              {STRUCTURE_TEXT.chosenImages(files.length)}
            </Typography>
          )}
        </Box>
      )}
    </FormDialog>
  );
}
