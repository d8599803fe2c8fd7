/**
 * What a maintenance operation read and wrote: items and DynamoDB capacity units, from the ConsumedCapacity every
 * request of a step asks for (ReturnConsumedCapacity TOTAL). The step framework measures each step
 * (shared/operations/run-step.ts); every result and the status route carry the sums.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface Usage {
  items: number;
  capacityUnits: number;
}
export interface Consumed {
  read: Usage;
  written: Usage;
}

export const NOTHING: Consumed = { read: { items: 0, capacityUnits: 0 }, written: { items: 0, capacityUnits: 0 } };

/** Capacity units to a hundredth (DynamoDB counts in halves, sums of many drift in the last digits). */
const rounded = (n: number) => Math.round(n * 100) / 100;

export function addConsumed(...parts: (Consumed | undefined)[]): Consumed {
  const sum = (pick: (c: Consumed) => Usage): Usage => ({
    items: parts.reduce((s, c) => s + (c ? pick(c).items : 0), 0),
    capacityUnits: rounded(parts.reduce((s, c) => s + (c ? pick(c).capacityUnits : 0), 0)),
  });
  return { read: sum((c) => c.read), written: sum((c) => c.written) };
}

const READS = /^(Get|BatchGet|TransactGet|Query|Scan)/;
const WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;
const metering = new AsyncLocalStorage<Consumed>();
const metered = new WeakSet<object>();

type Output = {
  ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
  ScannedCount?: number;
  Item?: unknown;
  Responses?: Record<string, unknown[]> | unknown[];
  UnprocessedItems?: Record<string, unknown[]>;
};
type Input = { RequestItems?: Record<string, unknown[]>; TransactItems?: Record<string, unknown>[] };

/** Items a request read or wrote, from its input and its output. */
function itemsOf(command: string, input: Input, output: Output): number {
  const count = (lists: Record<string, unknown[]> | undefined) =>
    Object.values(lists ?? {}).reduce((s, list) => s + list.length, 0);
  if (/^(Query|Scan)/.test(command)) return output.ScannedCount ?? 0;
  if (/^Get/.test(command)) return output.Item ? 1 : 0;
  if (/^BatchGet/.test(command)) return count(output.Responses as Record<string, unknown[]>);
  if (/^TransactGet/.test(command)) return (output.Responses as unknown[] | undefined)?.length ?? 0;
  if (/^BatchWrite/.test(command)) return count(input.RequestItems) - count(output.UnprocessedItems);
  if (/^TransactWrite/.test(command)) return (input.TransactItems ?? []).filter((i) => !i.ConditionCheck).length;
  return 1;
}

/** Makes the client's requests meter themselves while a step is measured (once per client and its wrappers). */
export function meterUsage<C extends DynamoDBDocumentClient>(db: C): C {
  if (metered.has(db.middlewareStack)) return db;
  metered.add(db.middlewareStack);
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const into = metering.getStore();
      const command = context.commandName ?? '';
      // Items are read and written; the rest (DescribeTable) costs no capacity.
      if (!into || !(READS.test(command) || WRITES.test(command))) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const output = result.output as Output;
      const units = [output.ConsumedCapacity ?? []].flat().reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
      const usage = READS.test(command) ? into.read : into.written;
      usage.items += itemsOf(command, args.input as Input, output);
      usage.capacityUnits += units;
      return result;
    },
    { step: 'initialize', name: 'operationUsage' },
  );
  return db;
}

/** Runs `work`, answering what the metered clients' requests consumed meanwhile. */
export async function measured<T>(work: () => Promise<T>): Promise<{ result: T; consumed: Consumed }> {
  const consumed = structuredClone(NOTHING);
  const result = await metering.run(consumed, work);
  return { result, consumed: addConsumed(consumed) };
}
