import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, isBackOfficePath, preloadPage } from './App';
import { PRERENDERED_PAGES } from './prerendered';

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
