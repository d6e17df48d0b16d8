import { ACCOUNTS_TEXT, type AccessRequest, MSG, rejectAccessRequestBodySchema } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { useRejectAccessRequest } from '../api.ts';

/** PATCH request_access/{id}/reject with an optional reason, which the rejection e-mail carries. */
export function RejectRequestDialog({ request, onClose }: { request: AccessRequest; onClose: () => void }) {
  const reject = useRejectAccessRequest();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(rejectAccessRequestBodySchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, ['reason'], async ({ reason }) => {
    await reject.mutateAsync({ id: request.id, reason });
    onClose();
    return MSG.accessRequestRejected;
  });

  return (
    <FormDialog
      title={ACCOUNTS_TEXT.rejectRequestTitle(request.email)}
      pending={reject.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={ACCOUNTS_TEXT.reject}
      testId="reject-dialog"
      errors={formState.errors}
    >
      <FormFields
        control={control}
        fields={[
          { name: 'reason', label: ACCOUNTS_TEXT.reasonOptional, type: 'multiline', minRows: 3, autoFocus: true },
        ]}
      />
    </FormDialog>
  );
}
