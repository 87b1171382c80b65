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

export const theme = createTheme({
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
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e3e8f2' } },
    },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
  },
});
