import { ACCOUNTS_TEXT, type AccessRequest, MSG, rejectAccessRequestBodySchema } from '@cab/shared';
import { TextDialog } from '../../../components/form/TextDialog.tsx';
import { useRejectAccessRequest } from '../api.ts';

/** PATCH request_access/{id}/reject with an optional reason, which the rejection e-mail carries. */
export function RejectRequestDialog({ request, onClose }: { request: AccessRequest; onClose: () => void }) {
  const reject = useRejectAccessRequest();
  return (
    <TextDialog
      title={ACCOUNTS_TEXT.rejectRequestTitle(request.email)}
      submitLabel={ACCOUNTS_TEXT.reject}
      field={rejectAccessRequestBodySchema.shape.reason}
      label={ACCOUNTS_TEXT.reasonOptional}
      send={async (reason) => {
        await reject.mutateAsync({ id: request.id, reason });
        return MSG.accessRequestRejected;
      }}
      pending={reject.isPending}
      onClose={onClose}
      testId="reject-dialog"
    />
  );
}
