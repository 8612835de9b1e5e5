import { createElement, Fragment, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { RouterProvider } from 'react-admin';
import {
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useRouterNavigate,
  useParams,
} from 'react-router';

/**
 * react-admin's react-router adapter (ra-core/dist/routing/adapters/reactRouterProvider.js, 5.15) minus
 * its fallback: when <Admin> is not inside a router, react-admin's own adapter creates a hash router
 * (createHashRouter + RouterProvider). Ours always is: App mounts the back office inside its
 * BrowserRouter. That unused fallback kept react-router's whole data router (~17 kB gzipped) in the
 * chunk the portal shares with the admin, so vite.config.ts puts this file in its place.
 */
function useCanBlock(): boolean {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const dataRouterState = useContext(UNSAFE_DataRouterStateContext);
  return !!(dataRouter && dataRouterState);
}

/** A navigate function that stays the same between renders (react-admin relies on it). */
function useNavigate() {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((...args: Parameters<typeof navigate>) => latest.current(...args), []);
}

function RouterWrapper({ children }: { basename?: string; children: ReactNode }) {
  if (!useInRouterContext()) throw new Error('The back office must be rendered inside the app router (see App.tsx).');
  return createElement(Fragment, null, children);
}

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
} as unknown as RouterProvider;
