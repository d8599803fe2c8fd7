/**
 * shared/openapi/files.ts: the committed document and the typed client's part made of it are what the code generates,
 * so a route added without `npm run openapi` fails here in seconds (and a stale client with it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../../shared/openapi/files';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the generated files', () => {
  it('are committed as the code generates them (npm run openapi)', async () => {
    for (const [file, content] of Object.entries(await generatedFiles())) {
      expect(readFileSync(path.join(root, file), 'utf8'), `${file} is stale: run npm run openapi`).toBe(content);
    }
  });
});
