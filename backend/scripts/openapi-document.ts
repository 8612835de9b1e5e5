import type { OpenAPIObject } from '@nestjs/swagger';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { AppModule } from '../src/app.module';
import { buildOpenApiDocument, createApp } from '../src/configure-app';
import { loadConfig } from '../src/shared/config/app-config';
import { createTestDatabase } from '../test/support/database';

/** The document as YAML, in a stable form (no anchors). */
export function openApiYaml(doc: OpenAPIObject): string {
  return (
    '# Generated from the code by `npm run openapi` (backend/scripts/write-openapi.ts). Do not edit by hand.\n' +
    stringify(JSON.parse(JSON.stringify(doc)), { aliasDuplicateObjects: false, lineWidth: 0 })
  );
}

/** Builds the app with the default configuration on a throwaway database and hands its document to `use`. */
export async function withDocumentApp<T>(use: (doc: OpenAPIObject) => Promise<T>): Promise<T> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: join(dataDir, 'none') });
    const app = await createApp(AppModule.forRoot(config, db.url), config, { quiet: true });
    await app.init();
    try {
      return await use(buildOpenApiDocument(app));
    } finally {
      await app.close();
    }
  } finally {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
