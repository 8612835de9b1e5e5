import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './App';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './shared/api/queryClient';
import { STUDIO_LOGO_PLACEHOLDER, STUDIO_NAME_PLACEHOLDER } from './shared/studio/placeholders';
import { DEFAULT_STUDIO, STUDIO_KEY } from './shared/studio/studio';

/**
 * Build-time rendering of the public pages (scripts/prerender.mjs runs it after `vite build`): the
 * same tree as main.tsx's App, at a fixed address, with no user (the session check is still pending,
 * so each page renders its form). MUI's styles come out as Emotion's `<style data-emotion>` elements
 * next to the elements they style (Emotion's default server rendering); the script moves them into
 * <head>, where Emotion in the browser would move them before React hydrates, so the page is styled
 * before any script runs.
 *
 * The page is rendered for no studio in particular (decision 0043): its name is STUDIO_NAME_PLACEHOLDER
 * and, with `logo`, its logo's address STUDIO_LOGO_PLACEHOLDER, in the default accent; the server puts
 * the studio's own in when it sends the page.
 */
export { PRERENDERED_PAGES } from './prerendered';
export { STUDIO_LOGO_PLACEHOLDER, STUDIO_NAME_PLACEHOLDER };

export async function render(path: string, { logo = false }: { logo?: boolean } = {}): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(STUDIO_KEY, {
    ...DEFAULT_STUDIO,
    name: STUDIO_NAME_PLACEHOLDER,
    logoUrl: logo ? STUDIO_LOGO_PLACEHOLDER : null,
  });
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
