import { INVOICE_WEB_TEXT } from '@cab/shared';
import Chip from '@mui/material/Chip';

const COLOR: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  DUE: 'info',
  PARTIAL: 'warning',
  PAID: 'success',
  OVERDUE: 'error',
  VOID: 'default',
  PENDING: 'info',
  PROCESSING: 'warning',
  SUCCEEDED: 'success',
  FAILED: 'error',
  CANCELED: 'default',
  REVERSED: 'default',
  ACTIVE: 'success',
  VERIFIED: 'success',
  PENDING_VERIFICATION: 'warning',
  PENDING_SETUP: 'info',
};

/**
 * An invoice, milestone, payment, credit or bank status. `muted`: a payment that took no money (a
 * failed or cancelled card attempt), drawn outlined and grey so it does not read as one that did.
 */
export function StatusChip({
  status,
  testId = 'status',
  muted = false,
}: {
  status: string;
  testId?: string;
  muted?: boolean;
}) {
  const label = INVOICE_WEB_TEXT.statusLabels[status] ?? INVOICE_WEB_TEXT.bankStatusLabels[status] ?? status;
  return (
    <Chip
      size="small"
      label={label}
      color={muted ? 'default' : (COLOR[status] ?? 'default')}
      variant={muted ? 'outlined' : 'filled'}
      data-testid={testId}
      data-status={status}
      data-muted={muted || undefined}
    />
  );
}
