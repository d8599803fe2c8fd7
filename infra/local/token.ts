/**
 * `npm run --silent token -- --client <uuid> --facility <uuid> [--facility <uuid>...] [--role <role>...]
 * [--sub <uuid>] [--name <text>] [--ttl <seconds>]` prints one JWT of the local dev issuer and nothing else.
 * `--client`, `--facility` and `--role` repeat; a negative `--ttl` mints an already expired token.
 * Without `--sub`, the subject is derived from `--name` (a name-based UUID), so two names are two people.
 */
import { createHash } from 'node:crypto';
import { commandLine } from '../cli';
import { ROLES } from '../../shared/auth/claims';
import { DEFAULT_SUB, mintToken } from './identity';

const usage = [
  'usage: npm run --silent token -- --client <uuid> --facility <uuid> [--facility <uuid>...]',
  `         [--role ${ROLES.join('|')} ...] [--sub <uuid>] [--name <text>] [--ttl <seconds>]`,
  '  prints one JWT of the local dev issuer; --client, --facility and --role repeat; a negative --ttl mints an',
  '  expired token; without --sub the subject is a UUID derived from --name (the same name is the same person,',
  '  another name another one)',
  '',
].join('\n');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The namespace of subjects derived from names (a fixed random UUID of this tool). */
const NAME_NAMESPACE = '6f0d6a52-3b1e-4c57-9a3e-1c9d2b7e4f80';

/** A UUID version 5 (RFC 9562, SHA-1 of namespace and name): the same name always gives the same subject. */
function subjectOf(name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(NAME_NAMESPACE.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function main(): void {
  // `--ttl -60`: let a negative number be the value, not an option.
  const argv = process.argv
    .slice(2)
    .flatMap((arg, i, all) =>
      arg === '--ttl' && /^-\d+$/.test(all[i + 1] ?? '')
        ? []
        : i > 0 && all[i - 1] === '--ttl' && /^-\d+$/.test(arg)
          ? [`--ttl=${arg}`]
          : [arg],
    );
  const { values } = commandLine(
    usage,
    {
      client: { type: 'string', multiple: true },
      facility: { type: 'string', multiple: true },
      role: { type: 'string', multiple: true },
      sub: { type: 'string' },
      name: { type: 'string' },
      ttl: { type: 'string' },
    },
    { args: argv },
  );
  for (const [option, list] of [
    ['--client', values.client],
    ['--facility', values.facility],
    ['--sub', values.sub === undefined ? [] : [values.sub]],
  ] as const) {
    const bad = (list ?? []).filter((value) => !UUID.test(value));
    if (bad.length) throw new Error(`${option} takes a uuid, not ${bad.map((b) => `'${b}'`).join(', ')}`);
  }
  const unknownRoles = (values.role ?? []).filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknownRoles.length)
    throw new Error(`unknown role ${unknownRoles.map((r) => `'${r}'`).join(', ')}: the roles are ${ROLES.join(', ')}`);
  const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
  if (ttl !== undefined && !Number.isInteger(ttl)) throw new Error('--ttl takes whole seconds');
  const sub = values.sub ?? (values.name !== undefined ? subjectOf(values.name) : DEFAULT_SUB);
  process.stdout.write(
    `${mintToken({
      clients: values.client ?? [],
      facilities: values.facility ?? [],
      roles: values.role ?? [],
      sub,
      ...(values.name ? { name: values.name } : {}),
      ...(ttl !== undefined ? { ttl } : {}),
    })}\n`,
  );
}

try {
  main();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
