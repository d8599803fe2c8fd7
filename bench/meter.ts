/**
 * Measures what DynamoDB work an operation costs: every request of a document client asks for
 * ReturnConsumedCapacity TOTAL, and the meter adds up the consumed read and write units, lists the
 * requests, and counts the sequential rounds (requests that overlap in time, such as a listing and
 * its count sent together, are one round).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

export interface Reading {
  /** Sequential rounds of requests. */
  calls: number;
  read: number;
  write: number;
  commands: string[];
}

interface Call {
  command: string;
  start: number;
  end: number;
  read: number;
  write: number;
}

export function meter(client: DynamoDBDocumentClient) {
  let calls: Call[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const start = performance.now();
      const result = await next(args);
      const command = context.commandName ?? '?';
      let read = 0;
      let write = 0;
      for (const c of [(result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity ?? []].flat()) {
        if (c.ReadCapacityUnits || c.WriteCapacityUnits) {
          read += c.ReadCapacityUnits ?? 0;
          write += c.WriteCapacityUnits ?? 0;
        } else if (/Get|Query|Scan/.test(command)) read += c.CapacityUnits ?? 0;
        else write += c.CapacityUnits ?? 0;
      }
      calls.push({ command, start, end: performance.now(), read, write });
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityMeter' },
  );
  return {
    /** Runs `work` and returns what it cost. */
    async measure<T>(work: () => Promise<T>): Promise<Reading & { result: T }> {
      calls = [];
      const result = await work();
      const made = [...calls].sort((a, b) => a.start - b.start);
      let rounds = 0;
      let roundEnd = -Infinity;
      for (const call of made) {
        if (call.start >= roundEnd) rounds += 1;
        roundEnd = call.start >= roundEnd ? call.end : Math.max(roundEnd, call.end);
      }
      return {
        calls: rounds,
        read: made.reduce((s, c) => s + c.read, 0),
        write: made.reduce((s, c) => s + c.write, 0),
        commands: made.map((c) => c.command),
        result,
      };
    },
  };
}
