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
          groups: [{ name: 'app', tags: ['$initial'] }],
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
