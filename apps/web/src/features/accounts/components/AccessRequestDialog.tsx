import { ACCOUNTS_TEXT, type AccessRequestBody, accessRequestBodySchema, MSG } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { useSendAccessRequest } from '../api.ts';

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'account_type', 'company_name', 'message'] as const;

/**
 * The public access-request form (POST request_access/send/), opened from the login page. Field
 * errors show on the fields; the rate-limit answer and other errors above the form.
 */
export function AccessRequestDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const send = useSendAccessRequest();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(accessRequestBodySchema),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      phone: '',
      account_type: 'P',
      company_name: '',
      message: '',
    } as AccessRequestBody,
  });
  const accountType = useWatch({ control, name: 'account_type' });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    // A personal request carries no company.
    await send.mutateAsync({ ...values, company_name: values.account_type === 'B' ? values.company_name : '' });
  });

  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
      data-testid="access-request-dialog"
    >
      <DialogTitle id={`${id}-title`}>{ACCOUNTS_TEXT.requestAccessTitle}</DialogTitle>
      {send.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success" data-testid="access-request-sent">
              {MSG.accessRequestSent}
            </Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              {ACCOUNTS_TEXT.backToSignIn}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>{ACCOUNTS_TEXT.requestAccessIntro}</DialogContentText>
              <FormRootError errors={formState.errors} />
              <Controller
                control={control}
                name="account_type"
                render={({ field }) => (
                  <RadioGroup
                    row
                    aria-label={ACCOUNTS_TEXT.accountType}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                  >
                    <FormControlLabel value="P" control={<Radio />} label={ACCOUNTS_TEXT.personalAccount} />
                    <FormControlLabel value="B" control={<Radio />} label={ACCOUNTS_TEXT.businessAccount} />
                  </RadioGroup>
                )}
              />
              {accountType === 'B' && (
                <FormTextField control={control} name="company_name" label={ACCOUNTS_TEXT.companyName} required />
              )}
              <FormTextField control={control} name="first_name" label={ACCOUNTS_TEXT.firstName} required />
              <FormTextField control={control} name="last_name" label={ACCOUNTS_TEXT.lastName} required />
              <FormTextField control={control} name="email" label={ACCOUNTS_TEXT.email} type="email" required />
              <FormTextField control={control} name="phone" label={ACCOUNTS_TEXT.phone} />
              <FormTextField
                control={control}
                name="message"
                label={ACCOUNTS_TEXT.requestMessage}
                multiline
                minRows={2}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={send.isPending} color="inherit">
              {ACCOUNTS_TEXT.close}
            </Button>
            <SubmitButton pending={send.isPending}>{ACCOUNTS_TEXT.sendRequest}</SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
