/** Rules of the code base that no formatter enforces: no line over 120 characters (comments and strings too). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Generated from the OpenAPI document (npm run openapi), not written by hand. */
const GENERATED = new Set(['clients/typescript/src/openapi.ts', 'clients/typescript/src/operations.ts']);

describe('the repository', () => {
  it('has no source line over 120 characters', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && !GENERATED.has(f));
    const long = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => ([...line].length > 120 ? [`${file}:${i + 1} (${[...line].length})`] : [])),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(long).toEqual([]);
  });
});
