// The AllClear theme: a dark navigation column beside a clean, light content area; calm blues and teal.
import { createTheme } from '@mui/material/styles';

/** Colours of the dark sidebar (used by the sidebar only). */
export const SIDEBAR_COLORS = {
  background: '#0f1b2d',
  text: '#c9d4e3',
  textActive: '#ffffff',
  hover: 'rgba(255, 255, 255, 0.06)',
  active: 'rgba(77, 148, 255, 0.18)',
  accent: '#4d94ff',
} as const;

/** Width of the sidebar in px. */
export const SIDEBAR_WIDTH = 248;

/** The app's MUI theme. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d5fa8', dark: '#14467d', light: '#4d94ff', contrastText: '#ffffff' },
    // every main is AA (4.5:1) as text on the cards and the page, and under its contrastText (chips, buttons,
    // filled alerts); status text often sits on a card only in states the demo is rarely in (an offline device)
    secondary: { main: '#207d72', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    // the amber darkened to AA as text (4.9:1 on white, 4.55:1 on the page), which puts white on it (4.9:1): black
    // would be 4.3:1; dark is the shade warning text has used on the cards (6.3:1)
    warning: { main: '#a36100', dark: '#8b5300', contrastText: '#ffffff' },
    info: { main: '#1d6fa8' },
    success: { main: '#2e7d32' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1a2433', secondary: '#5a6778' },
    divider: '#e2e7ee',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // the system's 'reduce motion' setting ends every fade, slide and spin at once (WCAG 2.3.3)
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationDelay: '0s !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: { root: { borderBottom: '1px solid #e2e7ee', backgroundColor: '#ffffff' } },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
  },
});
