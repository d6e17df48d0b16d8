import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { BACKGROUND_DEFAULT, ERROR_MAIN, PRIMARY_MAIN, SECONDARY_MAIN } from './palette.ts';

const options: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: PRIMARY_MAIN },
    secondary: { main: SECONDARY_MAIN },
    error: { main: ERROR_MAIN },
    // MUI's warning (#ed6c02) and info (#0288d1) give white chip text 3.1:1 and 3.9:1; these
    // darker shades keep white on them, and them on white or the page, above 4.5:1 (WCAG AA, issue 29).
    warning: { main: '#a65200' },
    info: { main: '#026aa7' },
    background: { default: BACKGROUND_DEFAULT, paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#5b6675' },
    divider: '#e3e7ee',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 600, fontSize: '1.75rem' },
    h5: { fontWeight: 600, fontSize: '1.35rem' },
    h6: { fontWeight: 600, fontSize: '1.1rem' },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 12 } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: 8,
          margin: '1px 8px',
          '&.Mui-selected': {
            backgroundColor: theme.palette.primary.main,
            color: theme.palette.primary.contrastText,
            '& .MuiListItemIcon-root': { color: theme.palette.primary.contrastText },
            '&:hover': { backgroundColor: theme.palette.primary.dark },
          },
        }),
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
  },
};

export const theme = createTheme(options);

const NO_TIME = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * For a person who asks the system for less motion (prefers-reduced-motion, WCAG 2.3.3): menus,
 * dialogs and panels appear at once, no ripple, no pulsing placeholder. Spinners still turn: they
 * say that work goes on.
 */
export const reducedMotionTheme = createTheme({
  ...options,
  transitions: { create: () => 'none', getAutoHeightDuration: () => 0, duration: NO_TIME },
  components: {
    ...options.components,
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
});
