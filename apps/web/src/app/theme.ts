import { createTheme } from '@mui/material/styles';

/** Youth-council navy and gold, on the system font stack (the CSP allows no external fonts). */
export const brand = {
  navy: '#15306b',
  navyDark: '#0d1f47',
  blue: '#1f4fbf',
  gold: '#f5b301',
  goldDark: '#8a5a00',
  ink: '#1b2333',
  mist: '#f4f6fb',
} as const;

const fontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** People who ask for less motion get no MUI transitions (dialogs, ripples, menus appear at once). */
const reduceMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const noMotion = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

export const theme = createTheme({
  ...(reduceMotion ? { transitions: noMotion } : {}),
  palette: {
    primary: { main: brand.navy, light: brand.blue, dark: brand.navyDark, contrastText: '#fff' },
    secondary: { main: brand.gold, dark: brand.goldDark, contrastText: brand.ink },
    background: { default: brand.mist, paper: '#ffffff' },
    text: { primary: brand.ink, secondary: '#4a5568' },
    success: { main: '#1e7d3a' },
    warning: { main: '#b45309' },
    info: { main: '#1f6fb2' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: fontStack,
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.01em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiButtonBase: { defaultProps: { disableRipple: reduceMotion } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e3e8f2' } },
    },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
    MuiCssBaseline: {
      styleOverrides: {
        // Darker toast colours than react-toastify's defaults, so white text reaches 4.5:1.
        '.Toastify': {
          '--toastify-color-success': '#1e7d3a',
          '--toastify-color-error': '#b42318',
          '--toastify-color-info': '#1f5fbf',
          '--toastify-color-warning': '#8a5a00',
          '--toastify-font-family': 'inherit',
        },
      },
    },
  },
});
