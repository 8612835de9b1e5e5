import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

// Node 20 lacks Map.groupBy (Node 21+), which vitest 5 uses when it prints failures; without it a
// failing test crashes the reporter instead of showing the failure. This file runs in vitest's process.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

/** The test files that use vi.mock (see `projects` below). */
const MOCKING_FILES = [
  'src/portal/features/auth/components/RequireAuth.test.tsx',
  'src/portal/features/payments/components/PaymentDialog.stripe.test.tsx',
  'src/portal/layout/ClientLayout.test.tsx',
];

/**
 * ra-core (react-admin's headless core: no MUI), its i18n and data packages, and the packages only they
 * use (decision 0025). Left to the automatic split, this code was cut into a dozen chunks by which lazy
 * back-office pages use which part (Title's i18n and store, query-string, the notification and
 * mutation hooks…), and each new page that used one more part cut them again: the Integrations page
 * alone added 4.6 kB to /admin/projects, in glue between chunks and lost compression. As one chunk it
 * stays the same whatever the pages use. ra-ui-materialui and react-admin keep the automatic split:
 * they import MUI parts that the back office's own modules import too, and a chunk of them would
 * import chunks that import it back (tried: a cycle between chunks, a blank back office).
 */
const REACT_ADMIN_CORE = new RegExp(
  String.raw`node_modules[\\/](ra-core|ra-i18n-polyglot|ra-language-english|ra-data-simple-rest|node-polyglot|` +
    String.raw`query-string|decode-uri-component|filter-obj|split-on-first|strict-uri-encode|inflection|` +
    String.raw`react-hotkeys-hook|eventemitter3|react-error-boundary|warning|lodash)[\\/]`,
);

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;
const mainModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const adminDir = fileURLToPath(new URL('./src/admin/', import.meta.url));

/** Every module reached from `roots` through `next`, the roots included. */
function reachable(roots: Iterable<string>, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
}

/**
 * The 'react-admin-core' chunk: REACT_ADMIN_CORE's modules and the library modules only they import
 * (node-polyglot's helpers…), so that the chunk imports nothing that imports it back. Never a module
 * the entry or a portal part imports (statically): no portal page may load react-admin.
 */
function reactAdminCore(info: ModuleInfoOf): Set<string> {
  const all = reachable([mainModule], (id) => [...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? [])]);
  const portalRoots = [...all].filter(
    (id) => id === mainModule || (!id.startsWith(adminDir) && (info(id)?.dynamicImporters.length ?? 0) > 0),
  );
  const portal = reachable(portalRoots, (id) => info(id)?.importedIds ?? []);
  const chunk = new Set([...all].filter((id) => id.includes('/node_modules/') && !portal.has(id)));
  // keep a module when it is one of REACT_ADMIN_CORE's, or when only modules in the chunk import it
  for (let changed = true; changed;) {
    changed = false;
    for (const id of chunk) {
      if (!REACT_ADMIN_CORE.test(id) && info(id)!.importers.some((i) => !chunk.has(i))) {
        chunk.delete(id);
        changed = true;
      }
    }
  }
  return chunk;
}

const portalApp = fileURLToPath(new URL('./src/portal/PortalApp.tsx', import.meta.url));
const clientLayout = fileURLToPath(new URL('./src/portal/layout/ClientLayout.tsx', import.meta.url));
/** The portal's pages a visitor opens before signing in; PortalApp's other lazy parts are the signed-in area. */
const PUBLIC_PAGE = /[\\/]src[\\/]portal[\\/]pages[\\/](AuthPage|ForgotPasswordPage|ResetPasswordPage|VerifyEmailPage|NotFoundPage)\.tsx$/;
/**
 * Pages opened once in a studio's life (the first run's /setup): left to the automatic split, and not
 * counted among the pages whose shared parts are grouped (counted, its form fields moved MUI's text
 * fields into the chunk every signed-in page loads: +14 kB on /credits and the gallery).
 */
const ONE_TIME_PAGE = /[\\/]src[\\/]portal[\\/]pages[\\/]SetupPage\.tsx$/;

/**
 * Two chunks for the portal's lazy code (decision 0034), by module:
 * - 'signed-in': what the signed-in layout (ClientLayout) imports, directly or not, and what at least
 *   SHARED_BY_PAGES of the signed-in pages import (MUI's Alert, Skeleton, text fields…), when the
 *   entry does not hold it;
 * - 'portal-common': those of them that a public page (sign-in, password reset…) imports too.
 * Left to the automatic split, this code was cut by which pages (of the portal and the back office)
 * use which part: a gallery's first load was 36 files, most of 1–6 kB, and Lighthouse's slow-4G phone
 * pays a round trip per file on its six connections. Now it is 14 files and 11 kB less, and every
 * page is lighter or within 1 kB of what it was. A page's own parts stay in its own chunk; nothing
 * here is reached only through a lazy import (Stripe's form stays lazy).
 */
const SHARED_BY_PAGES = 3;
function portalParts(info: ModuleInfoOf): Map<string, string> {
  const staticImports = (id: string) => info(id)?.importedIds ?? [];
  const lazyParts = info(portalApp)?.dynamicallyImportedIds ?? [];
  const pages = lazyParts.filter((id) => id !== clientLayout && !PUBLIC_PAGE.test(id) && !ONE_TIME_PAGE.test(id));
  const usedBy = new Map<string, number>();
  for (const page of pages) for (const id of reachable([page], staticImports)) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
  const parts = reachable([clientLayout], staticImports);
  for (const [id, pagesUsing] of usedBy) if (pagesUsing >= SHARED_BY_PAGES) parts.add(id);
  for (const id of lazyParts) parts.delete(id);
  const publicParts = reachable(
    lazyParts.filter((id) => PUBLIC_PAGE.test(id)),
    staticImports,
  );
  return new Map([...parts].map((id) => [id, publicParts.has(id) ? 'portal-common' : 'signed-in']));
}
const portalPartsOf = new WeakMap<object, Map<string, string>>();

/** One computation per build (Rolldown passes the same context to every call of a build). */
const reactAdminCoreOf = new WeakMap<object, Set<string>>();

// The backend serves the API under /api on the same origin in production;
// in development Vite proxies it to the Nest server.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json and ssr-manifest.json: which chunk holds which module, for the bundle
    // budget test, which then reads this build instead of making its own (scripts/test.mjs builds once)
    manifest: true,
    ssrManifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What index.html loads at once goes into one file: fewer requests, and gzip compresses it as a
          // whole. Lazy pages (each route, the back office) keep the automatic split.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // ra-core and the packages only it uses, in one chunk every back-office page loads (see REACT_ADMIN_CORE)
            {
              name: (id, ctx) => {
                let chunk = reactAdminCoreOf.get(ctx);
                if (!chunk) reactAdminCoreOf.set(ctx, (chunk = reactAdminCore((m) => ctx.getModuleInfo(m))));
                return chunk.has(id) ? 'react-admin-core' : null;
              },
              debugName: 'react-admin-core',
              includeDependenciesRecursively: false,
            },
            // the portal's shared lazy parts: 'signed-in' and 'portal-common' (see portalParts)
            {
              name: (id, ctx) => {
                let parts = portalPartsOf.get(ctx);
                if (!parts) portalPartsOf.set(ctx, (parts = portalParts((m) => ctx.getModuleInfo(m))));
                return parts.get(id) ?? null;
              },
              debugName: 'portal parts',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // one worker per core (Vitest's default leaves one core out): the component tests spend a good
    // part of their time waiting on timers and promises
    maxWorkers: '100%',
    // react-admin's packages are run through Vite like the app, so that they share the app's copy of
    // react-router (Node's own resolution would load a second copy and react-admin would not see the
    // app's router).
    server: { deps: { inline: [/react-admin/, /ra-core/, /ra-ui-materialui/, /ra-data-simple-rest/, /react-router/] } },
    alias: [{ find: /^react-router-dom$/, replacement: 'react-router' }],
    // Test files share their worker's modules (isolate: false), so react-admin, MUI and React are
    // loaded once a worker rather than once a file. Every file renders into a fresh document with its
    // own QueryClient (test/utils.tsx) and setup.ts cleans up after each test. The files that replace a
    // module with vi.mock run isolated: a module another file already loaded would not be replaced.
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'], exclude: MOCKING_FILES, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
    ],
  },
});
