import react from '@vitejs/plugin-react';
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
 * react-admin's packages and the packages only they use (decision 0025). Left to the automatic split,
 * react-admin was cut into a dozen chunks by which lazy back-office pages use which part (Title,
 * query-string, the notification hooks, DataTable…), and every new page that used one more part cut
 * them again: +2.5–4.6 kB on /admin/projects for adding the Integrations page, in glue between chunks
 * and lost compression. As one chunk it is the same whatever the pages use, and cached across pages.
 * No portal page may load it (the bundle budget test forbids react-admin in the portal's first load).
 */
const BACK_OFFICE_FRAMEWORK = new RegExp(
  String.raw`node_modules[\/](react-admin|ra-core|ra-ui-materialui|ra-i18n-polyglot|ra-language-english|ra-data-simple-rest|` +
    String.raw`node-polyglot|query-string|decode-uri-component|filter-obj|split-on-first|strict-uri-encode|inflection|` +
    String.raw`react-hotkeys-hook|eventemitter3|react-error-boundary|warning|lodash)[\/]`,
);

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
            // react-admin and the packages only it uses: one chunk every back-office page loads, instead of
            // pieces cut by which lazy page uses what (see BACK_OFFICE_FRAMEWORK). Their own imports (MUI,
            // React, react-query, react-hook-form, shared with the portal) stay where the split puts them.
            { name: 'react-admin', test: BACK_OFFICE_FRAMEWORK, includeDependenciesRecursively: false },
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
