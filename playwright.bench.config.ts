import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run bench:browser`: the timed measurements of the pages (Lighthouse on a phone and a desktop,
 * first-load JavaScript as Chromium downloads it, the back office's Projects page with 20,000 projects).
 * Speed targets live here, not in `npm test`; the figures go to docs/benchmarks-browser.md.
 */
export default defineConfig({
  ...base,
  testDir: './e2e/bench',
  testMatch: '**/*.bench.ts',
  globalSetup: './e2e/bench/global-setup.ts',
  timeout: 600_000,
  reporter: 'list',
  outputDir: 'test-results/bench',
});
