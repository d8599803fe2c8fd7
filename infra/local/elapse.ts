/**
 * `npm run --silent elapse -- --client <uuid> --facility <uuid> --container <uuid> --minutes <n>`: the local runtime
 * only. Moves every time a container's records hold (the container, its contents, its history, its decision
 * measurements and surveys) back by `n` minutes, as if that time had passed for it: a walkthrough need not wait for
 * decay (docs/decay-in-storage.md, section 8). It writes the running runtime's DynamoDB Local directly, never through
 * the API, and refuses a released container: its times are booked in the register's chain and in its locked record.
 * Prints one JSON line: what moved.
 */
import { existsSync, readFileSync } from 'node:fs';
import { commandLine } from '../cli';
import { elapsed } from './elapsed';
import { applyFunctionEnvironment } from './environment';
import { runtimeFile, type RuntimeInfo } from './paths';

const usage = [
  'usage: npm run --silent elapse -- --client <uuid> --facility <uuid> --container <uuid> --minutes <n>',
  "  the local runtime only: moves the container's recorded times (closing, contents, history, decision",
  '  measurements, release date) back by n minutes (1 to 5256000), as if that time had passed; a released',
  '  container is refused',
  '',
].join('\n');

const MAX_MINUTES = 10 * 525_600;

async function main(): Promise<void> {
  const { values } = commandLine(usage, {
    client: { type: 'string' },
    facility: { type: 'string' },
    container: { type: 'string' },
    minutes: { type: 'string' },
  });
  const fail = (message: string, code = 2): never => {
    process.stderr.write(`${message}\n${code === 2 ? usage : ''}`);
    process.exit(code);
  };
  const { client, facility, container } = values;
  if (!client || !facility || !container) fail('--client, --facility and --container are required.');
  const minutes = Number(values.minutes);
  if (!/^\d+$/.test(values.minutes ?? '') || minutes < 1 || minutes > MAX_MINUTES)
    fail(`--minutes takes a whole number from 1 to ${MAX_MINUTES}.`);
  if (!existsSync(runtimeFile())) fail('The local API is not running: start it with `npm start`.', 1);
  applyFunctionEnvironment(JSON.parse(readFileSync(runtimeFile(), 'utf8')) as RuntimeInfo);
  const { db } = await import('../../shared/clients/dynamodb');
  const { config } = await import('../../shared/config');
  const { keys } = await import('../../shared/data/table');
  const { queryAll } = await import('../../shared/data/query');
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const pk = keys.tenant({ client: client!, facility: facility! });
  // The container with its contents and records, its history, its decision measurements and surveys: four prefixes.
  const prefixes = [
    keys.containerPrefix(container!),
    keys.auditPrefix('CONTAINER', container!),
    keys.measurementsPrefix(container!),
    keys.surveysPrefix(container!),
  ];
  const items = (
    await Promise.all(
      prefixes.map((prefix) =>
        queryAll(db, config.tableName, {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
          ConsistentRead: true,
        }),
      ),
    )
  ).flat();
  if (!items.some((i) => i.Type === 'Container')) fail(`No container ${container} in that facility.`, 1);
  let moved: ReturnType<typeof elapsed>;
  try {
    moved = elapsed(items, minutes);
  } catch (error) {
    return fail((error as Error).message, 1);
  }
  // An item re-keyed goes with the removal of its old key; at most 100 writes a transaction (a container holds up
  // to 1,000 contents).
  const removals = new Map(moved.remove.map((key) => [key.SK, key]));
  const pairs = moved.put.map((Item, i) => {
    const old = items[i]!;
    const removal = Item.SK === old.SK ? undefined : removals.get(String(old.SK));
    return [
      ...(removal ? [{ Delete: { TableName: config.tableName, Key: removal } }] : []),
      { Put: { TableName: config.tableName, Item } },
    ];
  });
  let batch: (typeof pairs)[number] = [];
  for (const pair of pairs) {
    if (batch.length + pair.length > 100) {
      await db.send(new TransactWriteCommand({ TransactItems: batch }));
      batch = [];
    }
    batch.push(...pair);
  }
  if (batch.length) await db.send(new TransactWriteCommand({ TransactItems: batch }));
  process.stdout.write(`${JSON.stringify({ container, minutes, items: moved.put.length })}\n`);
}

await main();
