import type { CabinetScanResult } from '@cab/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

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

/**
 * Sizes that grow with the screen, set on the board (`boardType`) as CSS variables: a laptop shows
 * the board, a TV shows it large. On the TV (`?tv=1`) they follow the smaller of the width and the
 * height, so one 16:9 screen looks the same from 1280×720 to 3840×2160, readable from five metres.
 */
export const TYPE = {
  figure: 'var(--floor-figure)',
  heading: 'var(--floor-heading)',
  row: 'var(--floor-row)',
  small: 'var(--floor-small)',
} as const;

export function boardType(tv: boolean) {
  const size = (rem: number, vw: number, max: number) =>
    tv ? `max(0.9rem, min(${vw}vw, ${vw * 1.78}vh))` : `clamp(${rem}rem, ${vw}vw, ${max}rem)`;
  return {
    '--floor-figure': size(2.5, tv ? 4.2 : 5.5, 7),
    '--floor-heading': size(1.4, tv ? 1.8 : 2.2, 2.8),
    '--floor-row': size(1.15, tv ? 1.45 : 1.7, 2.2),
    '--floor-small': size(1, tv ? 1.1 : 1.3, 1.7),
    // The TV's spacing grows with it too.
    '--floor-gap': tv ? 'min(1.1vw, 1.96vh)' : '24px',
  } as const;
}

/** A panel of the board; `fill`: it takes the height its column leaves (the TV, where lists fit it). */
export function Panel({
  title,
  testId,
  children,
  fill = false,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  fill?: boolean;
}) {
  const headingId = `${testId}-title`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{
        bgcolor: BOARD.panel,
        borderRadius: 2,
        p: { xs: 2, md: 'var(--floor-gap)' },
        minWidth: 0,
        overflow: 'hidden',
        ...(fill && { flex: '1 1 0', minHeight: 0, display: 'flex', flexDirection: 'column' }),
      }}
    >
      <Typography
        id={headingId}
        component="h2"
        sx={{ fontSize: TYPE.heading, fontWeight: 700, color: BOARD.text, mb: '0.4em', lineHeight: 1.2 }}
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

/** A quiet link in a board's header (TV mode, back): an icon and its words. */
export function BoardLink({
  to,
  icon,
  children,
  testId,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      data-testid={testId}
      sx={{ color: BOARD.muted, display: 'flex', alignItems: 'center', gap: 0.5, fontSize: TYPE.small }}
    >
      {icon}
      {children}
    </Link>
  );
}
