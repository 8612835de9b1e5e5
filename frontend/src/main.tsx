import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, isBackOfficePath, preloadPage } from './App';
import { PRERENDERED_PAGES } from './prerendered';
import { queryClient } from './shared/api/queryClient';
import { readInjectedStudio, STUDIO_KEY, studioQuery } from './shared/studio/studio';

// The studio the server put into the page (its name, logo, accent, currency): in the cache before the
// first render, so the page renders (and hydrates) with it and never asks for it (decision 0043). A page
// without it (Vite's dev server) asks GET /api/studio.
const studio = readInjectedStudio();
if (studio) queryClient.setQueryData(STUDIO_KEY, studio);
else void queryClient.prefetchQuery(studioQuery);
preloadPage(window.location.pathname);

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A portal page's first render goes as a transition: React renders it in slices of a few milliseconds
// and leaves the browser free in between, instead of one long task while the page starts (decision
// 0014). The back office renders at once: slicing its much larger first render only made it later.
// /auth, /forgot-password and /reset-password come prerendered (scripts/prerender.mjs): the page is
// already on screen and React attaches to it (hydration, sliced the same way). The server sends the
// prerendered page only for the bare address; one with a query (?tab=register&email=…) gets the empty
// shell and renders here.
const { pathname, search } = window.location;
if (container.firstElementChild && PRERENDERED_PAGES.includes(pathname) && !search) startTransition(() => void hydrateRoot(container, app));
else if (isBackOfficePath(pathname)) createRoot(container).render(app);
else startTransition(() => createRoot(container).render(app));
