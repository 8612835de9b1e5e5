import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import startProduct from '../support/global-setup';
import { readSections } from './report';

/**
 * `npm run bench:browser`: the product started as for the browser tests, a file for the benches'
 * figures, and at the end docs/benchmarks-browser.md (BENCH_OUTPUT_BROWSER: another file, or "none").
 */
export default async function benchSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-browser-'));
  process.env.BENCH_BROWSER_RESULTS = join(dir, 'results.json');
  writeFileSync(process.env.BENCH_BROWSER_RESULTS, '{}');
  const stopProduct = await startProduct();
  const started = new Date();
  return async () => {
    await stopProduct();
    const sections = Object.values(readSections());
    rmSync(dir, { recursive: true, force: true });
    const output = process.env.BENCH_OUTPUT_BROWSER ?? join(__dirname, '..', '..', 'docs', 'benchmarks-browser.md');
    if (output === 'none' || sections.length === 0) return;
    const missed = sections.flatMap((s) => s.missed);
    const doc = [
      '# Browser benchmarks',
      '',
      `Written by \`npm run bench:browser\` (e2e/bench, Playwright with Debian's Chromium) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC,`,
      `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, against the product started as \`npm start\``,
      "starts it (production build, embedded PostgreSQL). Run it again to refresh this page; `npm run bench` runs it after the API's.",
      '',
      ...sections.flatMap((s) => [`## ${s.title}`, '', s.body, '']),
      missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target is met.',
      '',
    ].join('\n');
    writeFileSync(output, doc);
    console.log(`written to ${output}`);
  };
}
