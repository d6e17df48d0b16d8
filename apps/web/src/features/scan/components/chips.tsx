import { type CabinetScanResult, type CabinetStatus, type ScanSessionType, PRODUCTION_TEXT as T } from '@cab/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';

const RESULT_COLOR: Record<CabinetScanResult, ChipProps['color']> = {
  OK: 'success',
  DUPLICATE: 'warning',
  UNKNOWN: 'error',
  WRONG_STATE: 'secondary',
};

export function ResultChip({ result }: { result: CabinetScanResult }) {
  return (
    <Chip
      size="small"
      color={RESULT_COLOR[result]}
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
