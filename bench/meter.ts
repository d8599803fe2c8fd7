/**
 * Measures what DynamoDB work an operation costs: every request of a document client asks for
 * ReturnConsumedCapacity TOTAL, and the meter adds up the consumed read and write units and counts
 * the requests (the stores await each request before the next, so the count is the number of
 * sequential calls).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

export interface Reading {
  calls: number;
  read: number;
  write: number;
  commands: string[];
}

export function meter(client: DynamoDBDocumentClient) {
  let reading: Reading = { calls: 0, read: 0, write: 0, commands: [] };
  const add = (capacity: Capacity | Capacity[] | undefined, command: string) => {
    for (const c of [capacity ?? []].flat()) {
      const read = c.ReadCapacityUnits ?? 0;
      const write = c.WriteCapacityUnits ?? 0;
      if (read || write) {
        reading.read += read;
        reading.write += write;
      } else if (/Get|Query|Scan/.test(command)) reading.read += c.CapacityUnits ?? 0;
      else reading.write += c.CapacityUnits ?? 0;
    }
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      reading.calls += 1;
      reading.commands.push(context.commandName ?? '?');
      add((result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity, context.commandName ?? '');
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityMeter' },
  );
  return {
    /** Runs `work` and returns what it cost. */
    async measure<T>(work: () => Promise<T>): Promise<Reading & { result: T }> {
      reading = { calls: 0, read: 0, write: 0, commands: [] };
      const result = await work();
      return { ...reading, result };
    },
  };
}
