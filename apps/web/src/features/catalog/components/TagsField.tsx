import { CATALOG_TEXT } from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, type FieldValues, type Path, useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/form/FormTextField.tsx';

export interface TagValue {
  name: string;
  value: string;
}

/** Tags (SPEC 3): a name and an optional value each; shown as 'name' or 'name:value'. */
export function TagsField<T extends FieldValues & { tags: TagValue[] }>({ control }: { control: Control<T> }) {
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
          <Button size="small" startIcon={<AddRounded />} onClick={() => append({ name: '', value: '' })}>
            {CATALOG_TEXT.addTag}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}
