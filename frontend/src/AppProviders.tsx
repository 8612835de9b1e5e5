import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from './shared/api/queryClient';
import { useStudio } from './shared/studio/studio';
import { setMoneyStyle } from './shared/ui/formatters';
import { createPortalTheme } from './shared/ui/theme';
import { ToastProvider } from './shared/ui/toast';

/**
 * The studio's brand around the app (decision 0043): the theme in its accent, and its currency and
 * locale for every amount shown. Both follow the studio query, which the page's own data seeds before
 * the first render (main.tsx) and the back office's Studio Settings updates.
 */
function StudioBrand({ children }: { children: ReactNode }) {
  const { name, accentColor, currency, locale } = useStudio();
  // before the children render, so that they write amounts in the studio's currency (a module's
  // setting, not state: formatCurrency is a plain function called everywhere)
  setMoneyStyle({ currency, locale });
  const theme = useMemo(() => createPortalTheme(accentColor), [accentColor]);
  // The server painted the page in the accent with a style of its own (#studio-accent): the theme's
  // variables are in place now (Emotion inserts them before effects run), and follow later changes.
  useEffect(() => document.getElementById('studio-accent')?.remove(), []);
  // the server wrote the name into <title>; a rename in Studio Settings shows at once
  useEffect(() => {
    document.title = name;
  }, [name]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** Query cache, the studio's theme and toasts: everything but the router (tests bring a MemoryRouter). */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StudioBrand>
        <ToastProvider>{children}</ToastProvider>
      </StudioBrand>
    </QueryClientProvider>
  );
}
