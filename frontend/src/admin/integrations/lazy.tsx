import { lazy, Suspense, useState, type ReactNode } from 'react';

// Dialogs and the delivery log are needed only after a click: their code (forms, radio buttons,
// checkboxes, the secret's Copy) is fetched then, not with the page.
export const CreateTokenDialog = lazy(() => import('./CreateTokenDialog'));
export const EndpointFormDialog = lazy(() => import('./EndpointFormDialog'));
export const ConfirmDialog = lazy(() => import('./ConfirmDialog'));
export const DeliveryLog = lazy(() => import('./DeliveryLog'));

/** Renders its children from the first time `when` is true on (so a dialog can fade out and give the focus back). */
export function MountWhenOpened({ when, children, fallback = null }: { when: boolean; children: ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(when);
  if (when && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}
