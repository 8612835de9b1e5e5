import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
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

/**
 * Puts src/admin/providers/routerProvider.ts in place of react-admin's react-router adapter, which
 * can create a hash router of its own and so keeps react-router's data router in the chunk the portal
 * shares with the admin (see that file). The bundle budget test notices if this stops matching.
 */
function reactAdminRouterAdapter(): Plugin {
  const replacement = fileURLToPath(new URL('./src/admin/providers/routerProvider.ts', import.meta.url));
  return {
    name: 'studio:react-admin-router-adapter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]ra-core[\\/]/.test(importer) && source.endsWith('/adapters/reactRouterProvider.js')) return replacement;
      return null;
    },
  };
}

/**
 * MUI's createTheme can build a theme with CSS variables and colour schemes; a theme without them
 * (every theme of this app, the portal's, react-admin's and MUI's default one) comes from its
 * createThemeNoVars alone. But the branch keeps createThemeWithVars and its helpers (~4.6 kB
 * gzipped) in every page's first load, because MUI's default theme is built with createTheme. So the
 * build gives MUI's styles a createTheme that calls createThemeNoVars directly and refuses CSS
 * variables and colour schemes loudly rather than ignoring them (decision 0014).
 */
function muiThemeWithoutCssVariables(): Plugin {
  const id = '\0studio:mui-create-theme-no-vars';
  const muiDir = dirname(createRequire(import.meta.url).resolve('@mui/material/package.json'));
  const noVars = join(muiDir, 'esm', 'styles', 'createThemeNoVars.js');
  return {
    name: 'studio:mui-theme-without-css-variables',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source === './createTheme.js' && importer && /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+$/.test(importer)) return id;
      return null;
    },
    load(loading) {
      if (loading !== id) return null;
      return [
        `import createThemeNoVars from ${JSON.stringify(noVars)};`,
        'export default function createTheme(options = {}, ...args) {',
        "  if (options.cssVariables || 'colorSchemes' in options) {",
        "    throw new Error('createTheme: this build supports themes without CSS variables or colour schemes only (see vite.config.ts)');",
        '  }',
        '  return createThemeNoVars(options, ...args);',
        '}',
      ].join('\n');
    },
  };
}

/**
 * react-admin's buttons and menu (the app bar's menu toggle and refresh button, the user menu, the menu
 * items, the table headers' sort labels) import MUI's Tooltip, which with Popper and popper.js is ~11 kB
 * gzipped in every back-office page's first load though a tooltip only shows once something is pointed
 * at. The build gives them src/admin/shared/LazyTooltip.tsx instead, which renders the same and fetches
 * Tooltip after the page (decision 0014). Build only: the tests run react-admin as shipped.
 */
function reactAdminLazyTooltip(): Plugin {
  const lazyTooltip = JSON.stringify(fileURLToPath(new URL('./src/admin/shared/LazyTooltip.tsx', import.meta.url)));
  return {
    name: 'studio:react-admin-lazy-tooltip',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]ra-ui-materialui[\\/]dist[\\/]/.test(id) || !code.includes('Tooltip')) return null;
      const out = code
        .replace(/import Tooltip from '@mui\/material\/Tooltip';/, `import Tooltip from ${lazyTooltip};`)
        .replace(/import \{([^}]*)\} from '@mui\/material';/, (statement, names: string) => {
          const list = names.split(',').map((name) => name.trim()).filter(Boolean);
          if (!list.includes('Tooltip')) return statement;
          return `import { ${list.filter((name) => name !== 'Tooltip').join(', ')} } from '@mui/material';\nimport Tooltip from ${lazyTooltip};`;
        });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * ra-core's default list exporter (the CSV export of a list's Export button) imports jsonexport, which
 * every list page then loads (~3 kB gzipped) although the back office has no such button. The build
 * fetches jsonexport when an export is asked for (decision 0014). Build only, like the plugins above.
 */
function raCoreLazyExporter(): Plugin {
  return {
    name: 'studio:ra-core-lazy-exporter',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]ra-core[\\/]dist[\\/]export[\\/]defaultExporter\.js$/.test(id)) return null;
      const statement = "import jsonExport from 'jsonexport/dist/index.js';";
      const exporter = 'export const defaultExporter = (data, _, __, resource) => jsonExport(data, (err, csv) => downloadCSV(csv, resource));';
      if (!code.includes(statement) || !code.includes(exporter)) {
        throw new Error(`${id} changed: update raCoreLazyExporter in vite.config.ts`);
      }
      return {
        code: code.replace(statement, '').replace(
          exporter,
          "export const defaultExporter = (data, _, __, resource) => import('jsonexport/dist/index.js').then(({ default: jsonExport }) => jsonExport(data, (err, csv) => downloadCSV(csv, resource)));",
        ),
        map: null,
      };
    },
  };
}

/**
 * MUI's pieces that every page of the portal and of the back office renders (buttons, icons, text,
 * paper, MUI's utilities, the logo). They go into the first load rather than into a dozen small
 * shared chunks, which each page would then fetch one by one and gzip would compress apart
 * (decision 0014).
 */
const everyPageNeeds = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/]@mui[\\/]material[\\/]esm[\\/](Button|ButtonBase|ButtonGroup|IconButton|Typography|SvgIcon|Paper|useLazyRipple|utils)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@mui[\\/](utils|system[\\/]esm[\\/]useThemeProps)[\\/]`,
    String.raw`[\\/]node_modules[\\/]react-transition-group[\\/]esm[\\/](TransitionGroup|TransitionGroupContext|utils[\\/]ChildMapping)\.js$`,
    String.raw`[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]esm[\\/]CameraAltOutlined\.js$`, // the logo
    String.raw`[\\/]src[\\/]shared[\\/]ui[\\/](Logo|brand)\.tsx?$`,
  ].join('|'),
);

/**
 * What the signed-in portal pages need besides the first load and share with no other page: the
 * signed-in layout with its own modules, and the small modules two or more of those pages use (card,
 * divider, icons, the booking API). Left to the automatic split they become a handful of chunks of a
 * few hundred bytes each, fetched and gzip-compressed one by one. Dependencies are not pulled in with
 * them (`includeDependenciesRecursively: false`): formatters, PageHeader and some icons are also the
 * back office's, which must not load this chunk (decision 0014).
 */
const signedInPagesNeed = new RegExp(
  [
    String.raw`[\\/]src[\\/]portal[\\/]layout[\\/](ClientLayout|icons)\.tsx$`,
    String.raw`[\\/]src[\\/]shared[\\/]ui[\\/](Card|Divider)\.tsx$`,
    String.raw`[\\/]src[\\/]shared[\\/]ui[\\/]useMediaQuery\.ts$`,
    String.raw`[\\/]src[\\/]portal[\\/]features[\\/]booking[\\/]api\.ts$`,
    String.raw`[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]esm[\\/](AccountCircleOutlined|EventAvailableOutlined|Logout|PhotoLibraryOutlined|OpenInNew)\.js$`,
  ].join('|'),
);

// The backend serves the API under /api on the same origin in production;
// in development Vite proxies it to the Nest server.
export default defineConfig({
  plugins: [react(), reactAdminRouterAdapter(), muiThemeWithoutCssVariables(), reactAdminLazyTooltip(), raCoreLazyExporter()],
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
          // What index.html loads at once goes into few files: fewer requests, and gzip compresses them as a
          // whole (a dozen small shared chunks cost ~3 kB more). The first group, MUI's pieces every page
          // renders, becomes a file of its own that the entry imports; then the shell. Lazy pages keep the
          // automatic split.
          groups: [
            { name: 'app', test: everyPageNeeds },
            { name: 'app', tags: ['$initial'] },
            { name: 'signed-in', test: signedInPagesNeed, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    css: false,
    restoreMocks: true,
    // react-admin's packages are run through Vite like the app, so that they share the app's copy of
    // react-router (Node's own resolution would load a second copy and react-admin would not see the
    // app's router).
    server: { deps: { inline: [/react-admin/, /ra-core/, /ra-ui-materialui/, /ra-data-simple-rest/, /react-router/] } },
    alias: [{ find: /^react-router-dom$/, replacement: 'react-router' }],
  },
});
