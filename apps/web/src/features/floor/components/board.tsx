import type { CabinetScanResult } from '@cab/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The floor board's parts, drawn for a TV read from five metres: large type, light on a dark
 * ground, every colour at least 7:1 against its background (WCAG AAA for text, beyond AA).
 */
export const BOARD = {
  ground: '#0b1220',
  panel: '#131d33',
  text: '#f8fafc',
  muted: '#cbd5e1',
  track: '#334155',
  done: '#4ade80',
  late: '#fca5a5',
  warn: '#fcd34d',
} as const;

/** Each scan result its own colour (wrong state is purple, as on the scan screen, not a second orange). */
export const RESULT_COLOUR: Record<CabinetScanResult, string> = {
  OK: BOARD.done,
  DUPLICATE: BOARD.warn,
  UNKNOWN: BOARD.late,
  WRONG_STATE: '#d8b4fe',
};

/** Sizes that grow with the screen: a laptop shows the board, a TV shows it large. */
export const TYPE = {
  figure: 'clamp(2.5rem, 5.5vw, 7rem)',
  heading: 'clamp(1.4rem, 2.2vw, 2.8rem)',
  row: 'clamp(1.15rem, 1.7vw, 2.2rem)',
  small: 'clamp(1rem, 1.3vw, 1.7rem)',
} as const;

export function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = `${testId}-title`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ bgcolor: BOARD.panel, borderRadius: 2, p: { xs: 2, md: 3 }, minWidth: 0, overflow: 'hidden' }}
    >
      <Typography
        id={headingId}
        component="h2"
        sx={{ fontSize: TYPE.heading, fontWeight: 700, color: BOARD.text, mb: 1.5, lineHeight: 1.2 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A bar with its name (what it measures, in words), for the eye and for assistive technology. */
export function Bar({ value, label, colour = BOARD.done }: { value: number; label: string; colour?: string }) {
  return (
    <LinearProgress
      variant="determinate"
      value={Math.max(0, Math.min(100, value))}
      aria-label={label}
      sx={{
        height: 'clamp(12px, 1.2vw, 24px)',
        borderRadius: 99,
        bgcolor: BOARD.track,
        '& .MuiLinearProgress-bar': { bgcolor: colour },
      }}
    />
  );
}

/** An order's name on one line, cut short with an ellipsis when the column is narrow. */
export function Name({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

export function Quiet({ children }: { children: ReactNode }) {
  return <Typography sx={{ fontSize: TYPE.row, color: BOARD.muted }}>{children}</Typography>;
}

/** Rows of one list, one line each, with a rule between them. */
export function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: `1px solid ${BOARD.track}` } }}
    >
      {children}
    </Box>
  );
}
