import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as defaultQueryClient } from './shared/api/queryClient';
import { theme } from './shared/ui/theme';
import { ToastProvider } from './shared/ui/toast';

// What @mui/material's ThemeProvider does for a theme without CSS variables, without also bundling
// its CSS-variables provider (~4 kB gzipped) into every page's first load.
const portalTheme = { ...theme, vars: null };

/** Query cache, MUI theme and toasts: everything but the router (tests bring a MemoryRouter). */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={portalTheme}>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
