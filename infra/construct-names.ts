/** The construct ids the stack derives from names: a function's from its operation, a role's from its access level. */
import type { AccessLevel } from './access/levels';

/** `container.loadDefault` → `ContainerLoadDefault`: the construct id of a function. */
export function constructIdOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `TenantDataWriteRole`: the construct id of an access level's role, one per access level. */
export function roleIdOf({ scope, ...granted }: AccessLevel): string {
  const grants = Object.entries(granted)
    .filter(([, level]) => level !== undefined && level !== 'none')
    .map(([field, level]) => `${field}-${level}`);
  // Whom a function serves matters only with the table or the bucket; an event function has a role of its own.
  const who =
    typeof scope === 'object' ? [scope.event] : grants.every((g) => g.startsWith('executions')) ? [] : [scope];
  return `${constructIdOf([...who, ...grants].join('-') || 'no-data')}Role`;
}
