/**
 * Readable stack traces from a bundle at no cold-start cost. `--enable-source-maps` reads and parses the bundle's
 * source map, and measures the length of every line of the bundle, while the bundle loads: 13 to 16 % of the largest
 * function's import here (the bench prints it). Instead, the stack of an error is formatted by V8's
 * `Error.prepareStackTrace` hook: the first stack that passes through the bundle reads the map beside it
 * (`index.mjs.map`) into Node's own `SourceMap`, and its frames name the source file, line and column. Errors that
 * are never printed cost nothing. From the sources (tsx, tests) there is no map beside the module, and nothing is
 * installed. Frames keep the bundle's (minified) function names; file, line and column are the source's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Maps the frames of the bundle at `bundleUrl` (the `import.meta.url` of any module in it) in every stack trace. */
export function mapStackTraces(bundleUrl: string): void {
  const mapFile = `${fileURLToPath(bundleUrl)}.map`;
  if (!existsSync(mapFile)) return;
  // The map once read; null once it could not be (the bundle's positions stay, and it is not read again).
  let map: SourceMap | null | undefined;
  const load = (): SourceMap | null => {
    try {
      return new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload);
    } catch {
      return null;
    }
  };
  const frame = (site: NodeJS.CallSite): string => {
    const text = site.toString();
    const [line, column] = [site.getLineNumber(), site.getColumnNumber()];
    if (site.getFileName() !== bundleUrl || line === null || column === null) return text;
    if (map === undefined) map = load();
    const entry = map?.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return text;
    // Sources are relative to the map (`../../shared/x.ts`); the path inside the repository is what a reader needs.
    const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
    const mapped = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    return text.replace(`${bundleUrl}:${line}:${column}`, () => mapped);
  };
  Error.prepareStackTrace = (error: Error, sites: NodeJS.CallSite[]) => {
    let header: string;
    try {
      header = String(error);
    } catch {
      header = 'Error';
    }
    return [header, ...sites.map((site) => `    at ${frame(site)}`)].join('\n');
  };
}
