import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * React.lazy for a named export, with `preload()`: App starts fetching the chunk of the page being
 * opened while it still checks the session, instead of one chunk after another as each lazy
 * component renders (decision 0014). Once the chunk is in, the page renders directly: a lazy
 * component would still suspend for a moment, show its fallback, and React holds a revealed fallback
 * back for up to 300 ms (the admin Projects page lost more than half a second that way).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  type Page = M[K];
  let loading: Promise<M> | undefined;
  let loaded: Page | undefined;
  const preload = () =>
    (loading ??= load().then((m) => {
      loaded = m[name];
      return m;
    }));
  const Lazy = lazy(() => preload().then((m) => ({ default: m[name] })));
  function LazyPage(props: ComponentProps<Page>) {
    return createElement((loaded ?? Lazy) as ComponentType<ComponentProps<Page>>, props);
  }
  LazyPage.displayName = `Lazy(${name})`;
  return Object.assign(LazyPage, { preload });
}
