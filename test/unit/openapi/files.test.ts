/** shared/openapi/files.ts: the committed OpenAPI document and client types are what the code generates. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../../shared/openapi/files';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the generated files', () => {
  it('is committed as the code generates it (npm run openapi)', async () => {
    for (const [file, content] of Object.entries(await generatedFiles())) {
      expect(readFileSync(path.join(root, file), 'utf8'), `${file} is stale: run npm run openapi`).toBe(content);
    }
  });
});
