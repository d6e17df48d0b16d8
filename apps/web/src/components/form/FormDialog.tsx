import { WEB_TEXT } from '@cab/shared';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { Control, FieldErrors, FieldValues } from 'react-hook-form';
import { LoadingOverlay } from '../LoadingOverlay.tsx';
import { type FieldList, FormFields } from './FormFields.tsx';
import { FormRootError } from './FormRootError.tsx';

interface FormDialogProps<T extends FieldValues> {
  title: ReactNode;
  /** Default: Save for a dialog `editing` a record, Create for one that makes a new one. */
  submitLabel?: ReactNode;
  editing?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** While true the dialog cannot be closed and a loading overlay covers it (SPEC 4). */
  pending: boolean;
  open?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  testId?: string;
  /** Default: the dialog's test id with `-submit` for its `-dialog` ending (`give-credit-dialog` → `give-credit-submit`). */
  submitTestId?: string;
  /** Stops the submit event from reaching a form this dialog is opened from. */
  nested?: boolean;
  /** Extra buttons left of Cancel. */
  actions?: ReactNode;
  /**
   * The form's errors: given, the dialog lays out its fields itself, the form-level error first,
   * then the children in a column (`stack`) or in a 12-column grid of `FIELD_SIZES` cells (`grid`).
   */
  errors?: FieldErrors<T>;
  layout?: 'stack' | 'grid';
  /** With `errors`: shown first, above the form-level error (a note on what may be changed). */
  notice?: ReactNode;
  /** The form's fields, declared (FormFields), before the children; `control` comes with useDialogSubmit. */
  fields?: FieldList<T>;
  control?: Control<T>;
  children?: ReactNode;
}

/** A dialog holding one form: title, fields, Cancel and a submit button. */
export function FormDialog<T extends FieldValues>({
  title,
  submitLabel,
  editing,
  onSubmit,
  onClose,
  pending,
  open = true,
  maxWidth = 'sm',
  testId,
  submitTestId,
  nested,
  actions,
  errors,
  layout = 'stack',
  notice,
  fields,
  control,
  children,
}: FormDialogProps<T>) {
  const titleId = useId();
  const submitId =
    submitTestId ?? (testId?.endsWith('-dialog') ? `${testId.slice(0, -'-dialog'.length)}-submit` : undefined);
  const content = (
    <>
      {fields && control && <FormFields control={control} fields={fields} />}
      {children}
    </>
  );
  const close = () => {
    if (!pending) onClose();
  };
  // Escape in an autocomplete belongs to the autocomplete: it closes the list (MUI handles that),
  // and with the list already closed it must not throw away the whole form.
  const onDialogClose = (event: { target?: EventTarget | null }, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'escapeKeyDown' && event.target instanceof Element && event.target.closest('[role="combobox"]')) {
      return;
    }
    close();
  };
  return (
    <Dialog
      open={open}
      onClose={onDialogClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { position: 'relative' } } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          if (nested) event.stopPropagation();
          onSubmit(event);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {errors === undefined ? (
            content
          ) : layout === 'grid' ? (
            <Grid container spacing={2}>
              {notice && <Grid size={12}>{notice}</Grid>}
              <Grid size={12}>
                <FormRootError errors={errors} />
              </Grid>
              {content}
            </Grid>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {notice}
              <FormRootError errors={errors} />
              {content}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          {actions}
          <Button onClick={close} color="inherit">
            {WEB_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid={submitId}>
            {submitLabel ?? (editing ? WEB_TEXT.save : WEB_TEXT.create)}
          </Button>
        </DialogActions>
      </form>
      <LoadingOverlay open={pending} />
    </Dialog>
  );
}
