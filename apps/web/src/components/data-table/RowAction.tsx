import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** One icon button of a row's actions: its tooltip is `label`, its accessible name `label name`. */
export function RowAction({
  label,
  name,
  icon,
  onClick,
  testId,
}: {
  label: string;
  name: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label} ${name}`} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
