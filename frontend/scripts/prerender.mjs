// Prerenders the public pages (/auth, /forgot-password, /reset-password) into dist/<page>.html after
// `vite build` (the `build` script): the page's HTML and MUI's styles are in the file, so the sign-in form
// paints before any script runs; main.tsx then hydrates it. The backend sends <page>.html for those
// addresses (backend/src/configure-app.ts). Steps: a server build of src/entry-prerender.tsx into a
// temporary folder, react-dom/static's prerender() for each page, the result written into a copy of
// dist/index.html, with MUI's styles in <head> and <link rel="modulepreload"> for the page's own chunks
// (they load alongside the entry instead of after it), all of them fetched at low priority. Then, for the
// signed-in pages, dist/<name>.html: index.html with their chunks preloaded, no markup (see the end).
// The pages are for no studio in particular (decision 0043): the studio's name shows as a placeholder,
// and each public page has a twin, dist/<page>.logo.html, with a logo image (its address a placeholder
// too) where the camera mark is; the server picks one and puts the studio's name, logo and accent in when
// it sends the page (backend/src/modules/studio/infrastructure/http/studio-page.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
// inside dist (emptied by every `vite build`) so that Node finds the packages it imports; removed at the end
const out = join(dist, '.prerender');

// Which source file each prerendered page's lazy chunk comes from (see portal/PortalApp.tsx).
const pageModules = {
  '/auth': 'src/portal/pages/AuthPage.tsx',
  '/forgot-password': 'src/portal/pages/ForgotPasswordPage.tsx',
  '/reset-password': 'src/portal/pages/ResetPasswordPage.tsx',
};

// The signed-in pages by the name of their HTML file (see the end of this script), and their layout.
const layoutModule = 'src/portal/layout/ClientLayout.tsx';
const signedInPageModules = {
  projects: 'src/portal/pages/ProjectsPage.tsx',
  gallery: 'src/portal/pages/GalleryPage.tsx',
  booking: 'src/portal/pages/BookingPage.tsx',
  credits: 'src/portal/pages/CreditsPage.tsx',
  payments: 'src/portal/pages/PaymentsPage.tsx',
  invoices: 'src/portal/pages/InvoicesPage.tsx',
  account: 'src/portal/pages/AccountPage.tsx',
};

await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/entry-prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false, minify: false },
});

const { render, PRERENDERED_PAGES, STUDIO_NAME_PLACEHOLDER, STUDIO_LOGO_PLACEHOLDER } = await import(
  pathToFileURL(join(out, 'entry-prerender.js')).href
);
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const ssrManifest = JSON.parse(readFileSync(join(dist, '.vite', 'ssr-manifest.json'), 'utf8'));
const alreadyLoaded = new Set([...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));

/** The page's chunk and the chunks it imports statically, less those index.html loads already. */
function chunksOf(module) {
  const found = new Set();
  const visit = (file) => {
    if (found.has(file) || alreadyLoaded.has(file)) return;
    found.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // static imports only (`import … from"./x.js"`, `import"./x.js"`), not import("./x.js")
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)"\.\/([^"]+\.js)"/g)) visit(`/assets/${m[1]}`);
  };
  (ssrManifest[module] ?? []).filter((f) => f.endsWith('.js')).forEach(visit);
  return [...found];
}

if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');
for (const path of PRERENDERED_PAGES) {
  const module = pageModules[path];
  if (!module) throw new Error(`prerender: no page module listed for ${path}`);
  // Emotion's <style data-emotion> elements go from next to the elements into <head>, where Emotion in the
  // browser moves them anyway before React hydrates (and registers them, so nothing is inserted twice):
  // the styles are then all in before the body is parsed, and the body is a few kB of markup that
  // paints in one go (styles spread through 30 kB of body let the first paint show half a card).
  for (const logo of [false, true]) {
    const styles = [];
    const html = (await render(path, { logo })).replace(/<style data-emotion="[^"]*"[^>]*>[^<]*<\/style>/g, (tag) => {
      styles.push(tag);
      return '';
    });
    if (!html.includes(STUDIO_NAME_PLACEHOLDER) || logo !== html.includes(STUDIO_LOGO_PLACEHOLDER))
      throw new Error(`prerender: ${path}${logo ? ' (logo)' : ''} does not show the studio's placeholders`);
    // The page is on screen before any script runs, so its scripts (the entry and the page's chunks) are
    // fetched at low priority: they hydrate it, they are not needed to paint it.
    const preloads = chunksOf(module)
      .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`)
      .join('');
    const page = template
      .replace(/<script type="module" crossorigin src=/, '<script type="module" crossorigin fetchpriority="low" src=')
      .replace('</head>', `${preloads}${styles.join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    const name = `${path.slice(1)}${logo ? '.logo' : ''}.html`;
    writeFileSync(join(dist, name), page);
    console.log(`prerendered ${path}${logo ? ' with a logo' : ''} -> dist/${name} (${(page.length / 1024).toFixed(1)} kB)`);
  }
}

// The signed-in pages are not prerendered (what they show is the client's), but which chunks each one
// needs is known: dist/<name>.html is index.html with the signed-in layout's and the page's chunks
// preloaded at low priority, so that the browser fetches them right after the entry, instead of one
// round trip later, once the entry has run and asked for them (decision 0034). The server sends the
// file for the page's address (backend/src/configure-app.ts, SIGNED_IN_PAGES).
for (const [name, module] of Object.entries(signedInPageModules)) {
  const preloads = [layoutModule, module]
    .flatMap(chunksOf)
    .filter((file, i, all) => all.indexOf(file) === i)
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`)
    .join('');
  writeFileSync(join(dist, `${name}.html`), template.replace('</head>', `${preloads}</head>`));
  console.log(`signed-in page ${name} -> dist/${name}.html (${preloads.split('<link').length - 1} chunks preloaded)`);
}
rmSync(out, { recursive: true, force: true });
// dist/.vite (the manifests) stays for the bundle budget test; the server never serves a dot folder
