import AddRounded from '@mui/icons-material/AddRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * A button that adds something (a row, a record, a tag): the plus icon before its label. Given
 * `to`, a link to the page that adds it (a new session, a new order).
 */
export function AddButton({ to, ...props }: ButtonProps & { to?: string; 'data-testid'?: string }) {
  if (to) return <Button component={RouterLink} to={to} startIcon={<AddRounded />} {...props} />;
  return <Button startIcon={<AddRounded />} {...props} />;
}
