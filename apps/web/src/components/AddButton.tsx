import AddRounded from '@mui/icons-material/AddRounded';
import Button, { type ButtonProps } from '@mui/material/Button';

/** A button that adds something (a row, a record, a tag): the plus icon before its label. */
export function AddButton(props: ButtonProps & { 'data-testid'?: string }) {
  return <Button startIcon={<AddRounded />} {...props} />;
}
