/**
 * `npm run --silent token -- --client <uuid> --facility <uuid> [--facility <uuid>...] [--role <role>...]
 * [--sub <uuid>] [--name <text>] [--ttl <seconds>]` prints one JWT of the local dev issuer and nothing else.
 * `--client`, `--facility` and `--role` repeat; a negative `--ttl` mints an already expired token.
 */
import { parseArgs } from 'node:util';
import { mintToken } from './identity';

// `--ttl -60`: let a negative number be the value, not an option.
const argv = process.argv.slice(2).flatMap((arg, i, all) => (arg === '--ttl' && /^-\d+$/.test(all[i + 1] ?? '') ? [] : i > 0 && all[i - 1] === '--ttl' && /^-\d+$/.test(arg) ? [`--ttl=${arg}`] : [arg]));

try {
  const { values } = parseArgs({
    args: argv,
    options: {
      client: { type: 'string', multiple: true },
      facility: { type: 'string', multiple: true },
      role: { type: 'string', multiple: true },
      sub: { type: 'string' },
      name: { type: 'string' },
      ttl: { type: 'string' },
    },
    strict: true,
  });
  const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
  if (ttl !== undefined && !Number.isInteger(ttl)) throw new Error('--ttl takes whole seconds');
  process.stdout.write(
    `${mintToken({
      clients: values.client ?? [],
      facilities: values.facility ?? [],
      roles: values.role ?? [],
      ...(values.sub ? { sub: values.sub } : {}),
      ...(values.name ? { name: values.name } : {}),
      ...(ttl !== undefined ? { ttl } : {}),
    })}\n`,
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\nusage: npm run --silent token -- --client <uuid> --facility <uuid> [--facility <uuid>...] [--role rpo|reporter|operator ...] [--sub <uuid>] [--name <text>] [--ttl <seconds>]\n`);
  process.exit(2);
}
