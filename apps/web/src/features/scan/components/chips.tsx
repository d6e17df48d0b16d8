import { type CabinetScanResult, type CabinetStatus, type ScanSessionType, PRODUCTION_TEXT as T } from '@cab/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';

/**
 * A wrong-state scan's colour: purple, apart from the duplicate's orange and the unknown's red
 * across a shop floor (issue 29: the theme's secondary read as a second orange); white text on it
 * passes WCAG AA.
 */
export const WRONG_STATE_COLOR = '#6a1b9a';

const RESULT_COLOR: Record<CabinetScanResult, ChipProps['color']> = {
  OK: 'success',
  DUPLICATE: 'warning',
  UNKNOWN: 'error',
  WRONG_STATE: 'default',
};

export function ResultChip({ result }: { result: CabinetScanResult }) {
  return (
    <Chip
      size="small"
      color={RESULT_COLOR[result]}
      sx={result === 'WRONG_STATE' ? { bgcolor: WRONG_STATE_COLOR, color: 'common.white' } : undefined}
      label={T.scanResult[result]}
      data-testid="scan-row-result"
      data-result={result}
    />
  );
}

const CABINET_COLOR: Record<CabinetStatus, ChipProps['color']> = {
  PENDING: 'default',
  COMPLETED: 'success',
  SHIPPED: 'info',
};

export function CabinetChip({ status }: { status: CabinetStatus }) {
  return (
    <Chip
      size="small"
      color={CABINET_COLOR[status]}
      label={T.cabinetStatus[status]}
      data-testid="cabinet-status"
      data-status={status}
    />
  );
}

export function SessionTypeChip({ type }: { type: ScanSessionType }) {
  const color = type === 'PRODUCTION' ? 'primary' : type === 'SHIPPING' ? 'info' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={T.sessionTypes[type]} />;
}
