import {
  APPROVALS_WEB_TEXT as A,
  APPROVAL_TEXT,
  approvalApproveSchema,
  approvalDeclineSchema,
  approvalsApi,
  formatWireMoney,
  type Order,
} from '@cab/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { TextDialog } from '../../../components/form/TextDialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan, useMe } from '../../auth/index.ts';
import { useApproveOrder, useDeclineApproval } from '../api.ts';

type Approval = NonNullable<Order['approval']>;

/** Approve (a note may go with it) or Decline (a reason is asked): the manager's buttons. */
function DecisionButtons({ order, approval }: { order: Order; approval: Approval }) {
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const approve = useApproveOrder(order);
  const decline = useDeclineApproval(order);
  const busy = approve.isPending || decline.isPending;
  const close = () => setDialog(null);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
      <Button variant="contained" disabled={busy} onClick={() => setDialog('approve')} data-testid="approval-approve">
        {A.approve}
      </Button>
      <Button
        variant="outlined"
        color="error"
        disabled={busy}
        onClick={() => setDialog('decline')}
        data-testid="approval-decline"
      >
        {A.decline}
      </Button>
      {dialog === 'approve' && (
        <TextDialog
          title={A.approveTitle}
          notice={A.approveText(formatWireMoney(approval.total))}
          submitLabel={A.approve}
          field={approvalApproveSchema.unwrap().shape.note}
          label={A.noteLabel}
          minRows={2}
          mutation={approve}
          done={A.approvedDone}
          onClose={close}
          testId="approval-approve-dialog"
          fieldTestId="approval-note"
        />
      )}
      {dialog === 'decline' && (
        <TextDialog
          title={A.declineTitle}
          submitLabel={A.decline}
          field={approvalDeclineSchema.shape.reason}
          label={A.reasonLabel}
          required
          mutation={decline}
          done={A.declinedDone}
          onClose={close}
          testId="approval-decline-dialog"
          fieldTestId="approval-reason"
        />
      )}
    </Box>
  );
}

/**
 * An order's approval on its page (issue 30): while it waits, who asked, when and at what total,
 * with the manager's Approve and Decline (never for the person who asked); once declined, the
 * reason the employee reads; once approved, by whom. A withdrawn request shows nothing.
 */
export function OrderApprovalPanel({ order }: { order: Order }) {
  const me = useMe();
  const mayDecide = useCan(approvalsApi.approve);
  const approval = order.approval;
  if (!approval || approval.status === 'WITHDRAWN') return null;
  const who = approval.requested_by?.name ?? '';
  const decided = approval.decided_by
    ? (approval.decided_by_shop ? A.decidedByShop : A.decidedBy)(
        approval.decided_by.name,
        formatDateTime(approval.decided_at),
      )
    : formatDateTime(approval.decided_at);
  if (approval.status === 'PENDING') {
    return (
      <Alert severity="warning" data-testid="order-approval" data-status="PENDING">
        <AlertTitle>{APPROVAL_TEXT.statusLabels.PENDING}</AlertTitle>
        {APPROVAL_TEXT.waiting(who, formatWireMoney(approval.total))} {A.askedOn(formatDateTime(approval.requested_at))}
        {mayDecide && approval.requested_by?.id !== me.id && <DecisionButtons order={order} approval={approval} />}
      </Alert>
    );
  }
  if (approval.status === 'DECLINED') {
    return (
      <Alert severity="error" data-testid="order-approval" data-status="DECLINED">
        <AlertTitle>{APPROVAL_TEXT.statusLabels.DECLINED}</AlertTitle>
        <Box data-testid="order-approval-reason">{APPROVAL_TEXT.declined(approval.note)}</Box>
        <Box sx={{ color: 'text.secondary' }}>{decided}</Box>
      </Alert>
    );
  }
  return (
    <Alert severity="success" data-testid="order-approval" data-status="APPROVED">
      <AlertTitle>{APPROVAL_TEXT.statusLabels.APPROVED}</AlertTitle>
      {decided}
      {approval.note && <Box>{A.managerNote(approval.note)}</Box>}
    </Alert>
  );
}
