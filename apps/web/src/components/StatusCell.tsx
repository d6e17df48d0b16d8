import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A list's status column: the status as a chip (`data-status` for tests), and below it what
 * explains it (a reason, a link to what came of it).
 */
export function StatusCell({
  status,
  label,
  color,
  testId,
  children,
}: {
  status: string;
  label: string;
  color: ChipProps['color'];
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Box>
      <Chip size="small" color={color} label={label} data-testid={testId} data-status={status} />
      {children}
    </Box>
  );
}

/** A line under a status chip: the reason given, a link. */
export function StatusNote({ children, muted, testId }: { children: ReactNode; muted?: boolean; testId?: string }) {
  return (
    <Typography variant="body2" color={muted ? 'text.secondary' : undefined} sx={{ mt: 0.5 }} data-testid={testId}>
      {children}
    </Typography>
  );
}
