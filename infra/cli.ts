/**
 * The command line of every tool (start, token, ops, invoke, openapi, smoke): `--help` prints the
 * usage and exits 0; an unknown option or a missing value is named, with the usage, and exits 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function commandLine<O extends Options>(
  usage: string,
  options: O,
  settings: { args?: string[]; allowPositionals?: boolean } = {},
) {
  const parsed = (() => {
    try {
      return parseArgs({
        ...(settings.args ? { args: settings.args } : {}),
        allowPositionals: settings.allowPositionals ?? false,
        strict: true,
        options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      });
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n${usage}`);
      return process.exit(2);
    }
  })();
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  return parsed;
}
