import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The browser bench's figures: each bench adds its section to a JSON file of the run (a temporary file
 * chosen by the config), and the global teardown writes them all to docs/benchmarks-browser.md.
 */
export interface Section {
  /** a heading, e.g. 'Lighthouse' */
  title: string;
  /** markdown: a sentence on how it was measured, then a table */
  body: string;
  /** the targets this section misses, in words; empty when every target is met */
  missed: string[];
}

export const resultsFile = () => process.env.BENCH_BROWSER_RESULTS ?? join(__dirname, '..', '..', 'test-results', 'bench-browser.json');

export function addSection(key: string, section: Section): void {
  const file = resultsFile();
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Section>) : {};
  all[key] = section;
  writeFileSync(file, JSON.stringify(all, null, 2));
}

export function readSections(): Record<string, Section> {
  const file = resultsFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Section>) : {};
}

export const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
