import { REMAKE_TEXT, type Remake, remakeRejectSchema } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
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
  const form = useForm({ resolver: zodResolver(remakeRejectSchema), defaultValues: { reason: '' } });
  const dialog = useDialogSubmit(
    form,
    ['reason'],
    async ({ reason }) => {
      await reject.mutateAsync({ id: remake.id, reason });
      return REMAKE_TEXT.rejected;
    },
    { onClose, pending: reject.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={REMAKE_TEXT.rejectTitle(remake.id)}
      submitLabel={REMAKE_TEXT.reject}
      testId="reject-remake-dialog"
      fields={[{ name: 'reason', label: REMAKE_TEXT.rejectReason, type: 'multiline', minRows: 3, autoFocus: true }]}
    />
  );
}
