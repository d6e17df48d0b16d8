import { APPROVAL_TEXT, type ApprovalStatus } from '@cab/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<ApprovalStatus, ChipProps['color']> = {
  PENDING: 'warning',
  APPROVED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'default',
};

/** An approval request's status in words, coloured (the queue's rows). */
export function ApprovalStatusChip({ status }: { status: ApprovalStatus }) {
  return (
    <Chip
      size="small"
      label={APPROVAL_TEXT.statusLabels[status]}
      color={COLORS[status]}
      data-testid="approval-status"
      data-status={status}
    />
  );
}
