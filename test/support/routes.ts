import type { Route } from '../../shared/routes';

/** A route's path with its variables filled in, optionally with the trailing slash. */
export function fillPath(route: Route, values: Record<string, string>, trailingSlash = false): string {
  const filled = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${route.path}`);
    return encodeURIComponent(value);
  });
  return trailingSlash ? `${filled}/` : filled;
}
