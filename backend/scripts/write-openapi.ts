/**
 * Writes openapi.yaml at the repository root from the code, with the default configuration
 * (CONTRACT §1), so that it equals what /api/docs-json serves. Run: npm run openapi.
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiYaml, withDocumentApp } from './openapi-document';

async function main(): Promise<void> {
  const yaml = await withDocumentApp(async (doc) => openApiYaml(doc));
  const file = join(__dirname, '..', '..', 'openapi.yaml');
  writeFileSync(file, yaml);
  console.log(`wrote ${file}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
