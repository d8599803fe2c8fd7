import type { Route } from '../../shared/routes';

/**
 * A route's path with its variables filled in, optionally with the trailing slash. Variables not
 * given get a harmless value: any identifier `ref-1`, a page `1`.
 */
export function fillPath(route: Route, values: Record<string, string>, trailingSlash = false): string {
  const filled = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? (name === 'page' ? '1' : 'ref-1')),
  );
  return trailingSlash ? `${filled}/` : filled;
}
