import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, isBackOfficePath, preloadPage } from './App';

preloadPage(window.location.pathname);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A portal page's first render goes as a transition: React renders it in slices of a few milliseconds
// and leaves the browser free in between, instead of one long task while the page starts (decision
// 0014). The back office renders at once: slicing its much larger first render only made it later.
if (isBackOfficePath(window.location.pathname)) render();
else startTransition(render);
