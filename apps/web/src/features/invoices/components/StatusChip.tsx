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
  REVERSED: 'default',
  ACTIVE: 'success',
  VERIFIED: 'success',
  PENDING_VERIFICATION: 'warning',
  PENDING_SETUP: 'info',
};

/** An invoice, milestone, payment, credit or bank status. */
export function StatusChip({ status, testId = 'status' }: { status: string; testId?: string }) {
  const label = INVOICE_WEB_TEXT.statusLabels[status] ?? INVOICE_WEB_TEXT.bankStatusLabels[status] ?? status;
  return (
    <Chip size="small" label={label} color={COLOR[status] ?? 'default'} data-testid={testId} data-status={status} />
  );
}
