/**
 * Whole-table work in parallel segments: an operation that scans the table (a `Scan` of its own) becomes a parent
 * that fans its segments out (DynamoDB Scan `Segment`/`TotalSegments`; a Distributed Map on AWS), at most
 * SEGMENTS_PER_PASS per pass of the Map, and merges what each found. A segment that spent its steps
 * (MAX_STEPS_PER_EXECUTION) goes on in the next pass from its state. Once every segment is done, the scan's `finish`
 * runs (steps of its own, then the result), with the merged report.
 *
 * Merging is associative and commutative and a sample keeps the findings first in key order, so the report is the
 * same whatever the number of segments. The default number: about one segment per million items of the table
 * (DescribeTable's ItemCount), at least 1, at most 1,000; `segments` in the start request overrides it.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ScanCommand, type DynamoDBDocumentClient, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ITEMS_PER_SEGMENT, SEGMENTS_PER_PASS } from './machine';
import { MAX_SEGMENTS } from '../domain/scan-segments';
import type { Operation, Segment, StepEvent, StepProgress } from './step';
import { addConsumed, type Consumed } from './usage';

/**
 * What the samples of one Map pass may take of its 256 KiB of payload, shared by its segments: the segments' payloads
 * go in and come out, so samples twice, besides cursors and counts (about 1 KiB a segment) and the parent's state.
 */
const SAMPLE_BYTES_PER_PASS = 32 * 1024;

/** A whole-table scan, segment by segment. */
export interface SegmentedScan<S extends { scanned: number }, R, F = undefined> {
  name: string;
  /** The progress phase while segments run. */
  phase: string;
  /** A segment's first state; `run` names the execution's run (its files). */
  begin(segment: Segment, run: string, event: StepEvent): S;
  /** One bounded chunk of a segment. */
  step(state: S, segment: Segment, event: StepEvent): Promise<{ state: S; done: boolean }>;
  /** What a segment found so far. */
  report(state: S): R;
  /** Two reports as one: associative and commutative. */
  merge(a: R, b: R): R;
  readonly empty: R;
  /** After the last segment: steps of its own (answering done: false), then the result. */
  finish(
    report: R,
    run: string,
    event: StepEvent,
    state: F | undefined,
  ): Promise<{ state?: F; done: boolean; progress: StepProgress; result?: object }>;
}

/** The parent's state: small whatever the segments' number (pending ones at most one pass's). */
export interface ParentState<R, F> {
  run: string;
  /** Segments in all (0 until the first step knows them). */
  total: number;
  /** The next segment not begun. */
  next: number;
  /** Segments begun and not done: their last state. */
  pending: { segment: Segment; state: unknown }[];
  report: R;
  /** Items the done segments scanned. */
  scanned: number;
  /** Per segment: [index, items read, capacity units read, items written, capacity units written]. */
  consumed: number[][];
  finishing?: { state?: F };
}

/** A run's name: when it began and a few characters of its own (reports and quarantine copies go under it). */
export const runName = () =>
  `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}-${randomUUID().slice(0, 8)}`;

/** The bytes one segment's sample may take in its payload (so a pass of the Map stays within Step Functions' limit). */
export const sampleBytesOf = (segment: Segment) =>
  Math.floor(SAMPLE_BYTES_PER_PASS / Math.min(segment.total, SEGMENTS_PER_PASS));

/** The first `max` entries by `key` of two samples, within `bytes` of JSON: the same for any segmentation. */
export function keepSample<T>(a: T[], b: T[], key: (entry: T) => string, max: number, bytes = Infinity): T[] {
  const sorted = [...a, ...b].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0)).slice(0, max);
  let size = 2;
  return sorted.filter((entry) => {
    size += JSON.stringify(entry).length + 1;
    return size <= bytes;
  });
}

type ScanPage = Omit<ScanCommandInput, 'TableName' | 'Segment' | 'TotalSegments' | 'ExclusiveStartKey'>;

/** One page of a segment's scan of the table, from `cursor`. */
export const scanSegment = (
  db: DynamoDBDocumentClient,
  tableName: string,
  segment: Segment,
  cursor: Record<string, unknown> | undefined,
  page: ScanPage,
) =>
  db.send(
    new ScanCommand({
      TableName: tableName,
      Segment: segment.index,
      TotalSegments: segment.total,
      ...page,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }),
  );

/** The number of segments of a table: one per ITEMS_PER_SEGMENT items (DescribeTable's count), 1 to MAX_SEGMENTS. */
export async function defaultSegments(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const out = await db.send(new DescribeTableCommand({ TableName: tableName }));
  const items = out.Table?.ItemCount ?? 0;
  return Math.min(MAX_SEGMENTS, Math.max(1, Math.ceil(items / ITEMS_PER_SEGMENT)));
}

const usageOf = ([index, readItems, readUnits, writtenItems, writtenUnits]: number[]) => ({
  segment: index!,
  read: { items: readItems!, capacityUnits: readUnits! },
  written: { items: writtenItems!, capacityUnits: writtenUnits! },
});

/** The operation of a segmented scan: the parent's steps, and each segment's (`segment` in the event). */
export function segmented<S extends { scanned: number }, R, F = undefined>(
  scan: SegmentedScan<S, R, F>,
  db: DynamoDBDocumentClient,
  tableName: string,
): Operation<ParentState<R, F>> {
  const segmentEvent = (event: StepEvent, segment: Segment, state: unknown): StepEvent => ({
    dryRun: event.dryRun ?? false,
    ...(event.client ? { client: event.client } : {}),
    ...(event.facility ? { facility: event.facility } : {}),
    ...(event.inputs ? { inputs: event.inputs } : {}),
    segment,
    state,
  });

  return {
    name: scan.name,
    initial: () => ({ run: runName(), total: 0, next: 0, pending: [], report: scan.empty, scanned: 0, consumed: [] }),

    async step(parent, event) {
      if (event.segment) {
        // A step of one segment's loop: its state travels in the payload, not the parent's.
        const state = event.state as unknown as S;
        const stepped = await scan.step(state, event.segment, event);
        return {
          state: stepped.state as unknown as ParentState<R, F>,
          done: stepped.done,
          progress: { phase: `${scan.phase}, segment ${event.segment.index + 1}`, processed: stepped.state.scanned },
        };
      }
      const next: ParentState<R, F> = structuredClone(parent);
      if (!next.total) next.total = event.segments ?? (await defaultSegments(db, tableName));
      for (const ended of event.fanIn ?? []) {
        const { segment, state, done } = ended as { segment: Segment; state: S; done: boolean };
        const used: Consumed = ended.consumed ?? addConsumed();
        const row = next.consumed.find(([index]) => index === segment.index);
        const sum = [used.read.items, used.read.capacityUnits, used.written.items, used.written.capacityUnits];
        if (!row) next.consumed.push([segment.index, ...sum]);
        else for (const [i, n] of sum.entries()) row[i + 1] = Math.round((row[i + 1]! + n) * 100) / 100;
        if (done) {
          next.report = scan.merge(next.report, scan.report(state));
          next.scanned += state.scanned;
        } else next.pending.push({ segment, state });
      }
      if (next.pending.length || next.next < next.total) {
        const pass = next.pending.splice(0, SEGMENTS_PER_PASS);
        while (pass.length < SEGMENTS_PER_PASS && next.next < next.total) {
          const segment = { index: next.next, total: next.total };
          pass.push({ segment, state: scan.begin(segment, next.run, event) });
          next.next += 1;
        }
        const running = pass.reduce((sum, p) => sum + (p.state as S).scanned, 0);
        return {
          state: { ...next, pending: next.pending },
          done: false,
          progress: {
            phase: `${scan.phase}: ${next.next - pass.length - next.pending.length} of ${next.total} segments done`,
            processed: next.scanned + running,
          },
          fanOut: pass.map((p) => segmentEvent(event, p.segment, p.state)),
        };
      }
      const finished = await scan.finish(next.report, next.run, event, next.finishing?.state);
      next.finishing = finished.state === undefined ? {} : { state: finished.state };
      return {
        state: next,
        done: finished.done,
        progress: finished.progress,
        ...(finished.result
          ? {
              result: {
                ...finished.result,
                segments: next.consumed.sort((a, b) => a[0]! - b[0]!).map(usageOf),
              },
            }
          : {}),
      };
    },
  };
}
