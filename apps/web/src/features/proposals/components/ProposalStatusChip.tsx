import { PROPOSAL_TEXT, type ProposalStatus } from '@cab/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<ProposalStatus, ChipProps['color']> = {
  DRAFT: 'default',
  SENT: 'info',
  VIEWED: 'primary',
  ACCEPTED: 'success',
  DECLINED: 'error',
  EXPIRED: 'warning',
  WITHDRAWN: 'default',
};

/** A proposal's status in words, coloured (the list, its page, the order's proposals). */
export function ProposalStatusChip({ status, size = 'small' }: { status: ProposalStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      label={PROPOSAL_TEXT.statusLabels[status]}
      color={COLORS[status]}
      variant={status === 'WITHDRAWN' ? 'outlined' : 'filled'}
      data-testid="proposal-status"
      data-status={status}
    />
  );
}
