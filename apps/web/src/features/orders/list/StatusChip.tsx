import { ORDER_STATUS_LABELS, type OrderStatus } from '@cab/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<OrderStatus, ChipProps['color']> = {
  BID: 'default',
  ORDERED: 'info',
  VERIFIED: 'primary',
  DECLINED: 'error',
  IN_PROGRESS: 'warning',
  PARTIALLY_COMPLETED: 'warning',
  COMPLETED: 'success',
  SHIPPED: 'success',
  CANCELLED: 'default',
};

/** An order's status as a coloured chip (lists and the order header). */
export function StatusChip({ status, size = 'small' }: { status: OrderStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      label={ORDER_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={status === 'CANCELLED' ? 'outlined' : 'filled'}
      size={size}
      data-testid="order-status"
      data-status={status}
    />
  );
}
