import { MSG, type ProductGroup, productGroupBodySchema, STRUCTURE_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useSubcategories } from '../api.ts';
import { ImageFilesButton } from '../components/ImageFilesButton.tsx';
import { saveFailed } from '../saveFailed.ts';
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
  const form = useForm<Values>({
    resolver: bodyResolver(productGroupBodySchema, toBody),
    defaultValues: {
      name: group?.name ?? '',
      note: group?.note ?? '',
      secondary_note: group?.secondary_note ?? '',
      shelf_note: group?.shelf_note ?? '',
      subcategories: initial,
    },
  });
  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      const saved = await save.mutateAsync({ id: group?.id, body: toBody(values), files });
      return group ? MSG.premiumUpdated(saved.name) : MSG.premiumCreated(saved.name);
    },
    {
      onClose,
      pending: save.isPending,
      failed: saveFailed(WHAT),
      // Image errors come back as images.N: show them on the form.
      fieldOf: (path) =>
        (FIELDS as readonly string[]).includes(path.split('.')[0]!) ? path.split('.')[0]! : 'root.server',
    },
  );

  return (
    <FormDialog
      {...dialog}
      title={group ? STRUCTURE_TEXT.editProductGroup(group.name) : STRUCTURE_TEXT.newProductGroup}
      editing={Boolean(group)}
      testId="product-group-dialog"
      fields={[
        { name: 'name', label: STRUCTURE_TEXT.name, required: true, autoFocus: true },
        {
          name: 'subcategories',
          element: (
            <FormAutocomplete
              control={form.control}
              name="subcategories"
              component={SubcategoriesAutocomplete}
              helperText={STRUCTURE_TEXT.subcategoriesHint}
              testId="group-subcategories"
            />
          ),
        },
        { name: 'note', label: STRUCTURE_TEXT.note, type: 'multiline', minRows: 2 },
        { name: 'secondary_note', label: STRUCTURE_TEXT.secondaryNote, type: 'multiline', minRows: 2 },
        { name: 'shelf_note', label: STRUCTURE_TEXT.shelfNote },
      ]}
    >
      {group ? (
        <Typography variant="body2" color="text.secondary">
          {STRUCTURE_TEXT.imagesLater}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <ImageFilesButton variant="outlined" inputTestId="group-image-input" onFiles={setFiles}>
            {STRUCTURE_TEXT.chooseImages}
          </ImageFilesButton>
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
