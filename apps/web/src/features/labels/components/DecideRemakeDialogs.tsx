import { REMAKE_TEXT, type Remake, remakeRejectSchema } from '@cab/shared';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { TextDialog } from '../../../components/form/TextDialog.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useApproveRemake, useRejectRemake } from '../api.ts';

/** PATCH remake/{id}/approve/: a remake order, $0.00 unless "charged" is ticked. */
export function ApproveRemakeDialog({ remake, onClose }: { remake: Remake; onClose: () => void }) {
  const approve = useApproveRemake();
  const form = useForm({ defaultValues: { charged: false } });
  const dialog = useDialogSubmit(
    form,
    ['charged'],
    async ({ charged }) => {
      const done = await approve.mutateAsync({ id: remake.id, charged });
      return REMAKE_TEXT.approved(done.remake_order?.id ?? 0);
    },
    { onClose, pending: approve.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={REMAKE_TEXT.approveTitle(remake.id)}
      submitLabel={REMAKE_TEXT.approve}
      testId="approve-remake-dialog"
    >
      <Typography variant="body2">{REMAKE_TEXT.approveText}</Typography>
      <FormFields
        control={form.control}
        fields={[{ name: 'charged', label: REMAKE_TEXT.charged, type: 'checkbox', testId: 'remake-charged' }]}
      />
    </FormDialog>
  );
}

/** PATCH remake/{id}/reject/ with the reason. */
export function RejectRemakeDialog({ remake, onClose }: { remake: Remake; onClose: () => void }) {
  const reject = useRejectRemake();
  return (
    <TextDialog
      title={REMAKE_TEXT.rejectTitle(remake.id)}
      submitLabel={REMAKE_TEXT.reject}
      field={remakeRejectSchema.shape.reason}
      label={REMAKE_TEXT.rejectReason}
      send={async (reason) => {
        await reject.mutateAsync({ id: remake.id, reason });
        return REMAKE_TEXT.rejected;
      }}
      pending={reject.isPending}
      onClose={onClose}
      testId="reject-remake-dialog"
    />
  );
}
