import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage } from './App';

preloadPage(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
