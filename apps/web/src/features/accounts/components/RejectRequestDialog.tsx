import { ACCOUNTS_TEXT, type AccessRequest, MSG, rejectAccessRequestBodySchema } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useRejectAccessRequest } from '../api.ts';

/** PATCH request_access/{id}/reject with an optional reason, which the rejection e-mail carries. */
export function RejectRequestDialog({ request, onClose }: { request: AccessRequest; onClose: () => void }) {
  const reject = useRejectAccessRequest();
  const form = useForm({
    resolver: zodResolver(rejectAccessRequestBodySchema),
    defaultValues: { reason: '' },
  });

  const dialog = useDialogSubmit(
    form,
    ['reason'],
    async ({ reason }) => {
      await reject.mutateAsync({ id: request.id, reason });
      return MSG.accessRequestRejected;
    },
    { onClose, pending: reject.isPending },
  );

  return (
    <FormDialog
      {...dialog}
      title={ACCOUNTS_TEXT.rejectRequestTitle(request.email)}
      submitLabel={ACCOUNTS_TEXT.reject}
      testId="reject-dialog"
      fields={[{ name: 'reason', label: ACCOUNTS_TEXT.reasonOptional, type: 'multiline', minRows: 3, autoFocus: true }]}
    />
  );
}
