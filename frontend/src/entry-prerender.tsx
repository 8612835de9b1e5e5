import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './App';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './shared/api/queryClient';

/**
 * Build-time rendering of the public pages (scripts/prerender.mjs runs it after `vite build`): the
 * same tree as main.tsx's App, at a fixed address, with no user (the session check is still pending,
 * so each page renders its form). MUI's styles come out as Emotion's `<style data-emotion>` elements
 * next to the elements they style (Emotion's default server rendering); the script moves them into
 * <head>, where Emotion in the browser would move them before React hydrates, so the page is styled
 * before any script runs.
 */
export { PRERENDERED_PAGES } from './prerendered';

export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
