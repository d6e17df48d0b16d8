import { ACCOUNTS_TEXT, type AccessRequest, MSG, NOTIFY_MS, rejectAccessRequestBodySchema } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useRejectAccessRequest } from '../api.ts';
import { FormDialog } from './FormDialog.tsx';

/** PATCH request_access/{id}/reject with an optional reason, which the rejection e-mail carries. */
export function RejectRequestDialog({ request, onClose }: { request: AccessRequest; onClose: () => void }) {
  const reject = useRejectAccessRequest();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(rejectAccessRequestBodySchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync({ id: request.id, reason });
      enqueueSnackbar(MSG.accessRequestRejected, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['reason']);
    }
  });

  return (
    <FormDialog
      title={ACCOUNTS_TEXT.rejectRequestTitle(request.email)}
      busy={reject.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={ACCOUNTS_TEXT.reject}
      testId="reject-dialog"
    >
      <FormRootError errors={formState.errors} />
      <FormTextField
        control={control}
        name="reason"
        label={ACCOUNTS_TEXT.reasonOptional}
        multiline
        minRows={3}
        autoFocus
      />
    </FormDialog>
  );
}
