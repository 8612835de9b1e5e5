// @vitest-environment node
/// <reference types="node" />
/**
 * The front end's API types (src/shared/api/openapi.d.ts) are committed, so `npm run typecheck` checks the
 * code against them without generating anything. This test fails when they are stale: it runs
 * openapi-typescript (what `npm run openapi:types` runs) on openapi.yaml and compares the output with the
 * committed file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { expect, it } from 'vitest';

const repoDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const committedFile = join(repoDir, 'frontend', 'src', 'shared', 'api', 'openapi.d.ts');

it('openapi.d.ts is what `npm run openapi:types` makes of openapi.yaml', async () => {
  const generated = COMMENT_HEADER + astToString(await openapiTS(pathToFileURL(join(repoDir, 'openapi.yaml')), { silent: true }));
  const committed = readFileSync(committedFile, 'utf8');
  expect(
    generated === committed,
    'frontend/src/shared/api/openapi.d.ts is stale: run `npm run openapi:types` at the repository root and commit it',
  ).toBe(true);
}, 60_000);
