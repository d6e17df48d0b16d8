import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's submit button: disabled with a spinner while the request is pending. */
export function SubmitButton({ pending, startIcon, disabled, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={pending || disabled}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : startIcon}
      {...props}
    />
  );
}
