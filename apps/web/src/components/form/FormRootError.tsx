import Alert from '@mui/material/Alert';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The form-level error (server errors that match no field). */
export function FormRootError<T extends FieldValues>({ errors }: { errors: FieldErrors<T> }) {
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
