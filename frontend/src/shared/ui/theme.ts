import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/** Brand colours shared by the portal theme and the admin theme. */
export const brand = {
  primary: '#1e3a8a',
  primaryLight: '#3b5bcc',
  primaryDark: '#132a66',
  accent: '#f59e0b',
  night: '#0b1a3f',
  background: '#f5f7fb',
  text: '#0f172a',
  // text.secondary: 7.6:1 on white, 7.1:1 on the page background (WCAG AA asks 4.5:1)
  muted: '#475569',
  border: '#e2e8f0',
} as const;

export const fontFamily = [
  'Inter',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: brand.primary, light: brand.primaryLight, dark: brand.primaryDark, contrastText: '#fff' },
    secondary: { main: brand.accent, contrastText: '#1f1300' },
    background: { default: brand.background, paper: '#ffffff' },
    text: { primary: brand.text, secondary: brand.muted },
    divider: brand.border,
    // main colours readable as text on white and on the page background, and white text on them
    // (WCAG AA, 4.5:1): with white error 6.5:1, success 5.0:1, warning 5.0:1, info 5.9:1; on the page
    // background 6.0, 4.7, 4.7 and 5.5
    error: { main: '#b91c1c', contrastText: '#fff' },
    success: { main: '#15803d', contrastText: '#fff' },
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0369a1', contrastText: '#fff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, paddingInline: 18 }, sizeLarge: { paddingBlock: 10 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: 14 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: brand.border } },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, fontSize: '0.95rem' } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiListItemButton: {
      styleOverrides: {
        // the accent through the theme's CSS variables where the theme has them (the portal's)
        root: ({ theme }: { theme: Theme }) => ({
          borderRadius: 8,
          '&.Mui-selected': {
            backgroundColor: theme.vars ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.10)` : 'rgba(30, 58, 138, 0.10)',
            color: (theme.vars ?? theme).palette.primary.main,
          },
          '&.Mui-selected .MuiListItemIcon-root': { color: (theme.vars ?? theme).palette.primary.main },
        }),
      },
    },
  },
};

/**
 * The primary palette of a studio's accent: the portal's own blue keeps its hand-picked light and dark;
 * another accent gets MUI's (lightened 0.2, darkened 0.3), which the server writes too when it puts the
 * accent's CSS variables into a page (backend/src/modules/studio/infrastructure/http/studio-page.ts). White text on it: the
 * studio module refuses an accent under 4.5:1 with white.
 */
export function accentPalette(accent: string) {
  return accent.toLowerCase() === brand.primary
    ? { main: brand.primary, light: brand.primaryLight, dark: brand.primaryDark, contrastText: '#fff' }
    : { main: accent, contrastText: '#fff' };
}

/**
 * The portal's theme in the studio's accent (decision 0043). With CSS variables: components are styled
 * with `var(--mui-palette-primary-main)` and the like, so their class names do not depend on the accent
 * (a page prerendered in the build's blue hydrates in any studio's colour without a mismatch) and the
 * server paints a prerendered page in the studio's accent by overriding those variables.
 */
export function createPortalTheme(accent: string = brand.primary): Theme {
  // one theme per accent (a theme with CSS variables takes a few milliseconds to make, more on a phone):
  // the page's own, made once, whoever asks first
  let theme = portalThemes.get(accent);
  if (!theme) {
    theme = createTheme({ ...themeOptions, cssVariables: true, palette: { ...themeOptions.palette, primary: accentPalette(accent) } });
    portalThemes.set(accent, theme);
  }
  return theme;
}
const portalThemes = new Map<string, Theme>();

export const theme = createPortalTheme();
