import { CATALOG_TEXT } from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, type FieldValues, type Path, useFieldArray } from 'react-hook-form';
import { AddButton } from '../../../components/AddButton.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';

export interface TagValue {
  name: string;
  value: string;
}

/** Tags (SPEC 3): a name and an optional value each; shown as 'name' or 'name:value'. */
function TagsField<T extends FieldValues & { tags: TagValue[] }>({ control }: { control: Control<T> }) {
  // The field array is typed for forms with `tags: TagValue[]`.
  const { fields, append, remove } = useFieldArray({
    control: control as unknown as Control<{ tags: TagValue[] }>,
    name: 'tags',
  });
  return (
    <Box data-testid="tags-field">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {CATALOG_TEXT.tags}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, index) => (
          <Box key={field.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <FormTextField
              control={control}
              name={`tags.${index}.name` as Path<T>}
              label={CATALOG_TEXT.tagName}
              size="small"
              required
            />
            <FormTextField
              control={control}
              name={`tags.${index}.value` as Path<T>}
              label={CATALOG_TEXT.tagValue}
              size="small"
            />
            <Tooltip title={CATALOG_TEXT.removeTag}>
              <IconButton aria-label={CATALOG_TEXT.removeTag} onClick={() => remove(index)} sx={{ mt: 0.25 }}>
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
        <div>
          <AddButton size="small" onClick={() => append({ name: '', value: '' })}>
            {CATALOG_TEXT.addTag}
          </AddButton>
        </div>
      </Stack>
    </Box>
  );
}

/** The tags at the foot of a catalogue form, ruled off from the fields above. */
export function TagsSection<T extends FieldValues & { tags: TagValue[] }>({ control }: { control: Control<T> }) {
  return (
    <>
      <Divider sx={{ mb: 2 }} />
      <TagsField control={control} />
    </>
  );
}
