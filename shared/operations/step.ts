/**
 * Maintenance operations (interface §4.5, DESIGN §7) are steps: each call does a bounded chunk of
 * work and returns its continuation state, so a Step Functions loop drives any table size to the end
 * without a Lambda time limit. Re-running a step with the same state repeats it harmlessly.
 *
 * A whole-table operation fans out: a step answers `fanOut`, the segments of a parallel scan to run side by side
 * (a Distributed Map on AWS, shared/operations/machine.ts), each a loop of steps of its own (`segment` in the event),
 * and its next step gets their last payloads back (`fanIn`): shared/operations/segments.ts.
 */
import type { Consumed } from './usage';

/** What an execution is started with (shared/operations/start.ts). */
export interface StepOptions {
  /** The client, for the operations of a client or a facility (export, import). */
  client?: string;
  /** The facility, for the operations of a facility. */
  facility?: string;
  dryRun?: boolean;
  /** The operation's inputs from its start route (OperationDefinition.inputs; importRecords: `from`, the export). */
  inputs?: Record<string, string>;
  /** Whole-table operations: how many scan segments (without it: from the table's item count). */
  segments?: number;
}

/** One segment of a parallel scan (DynamoDB Scan `Segment` of `TotalSegments`). */
export interface Segment {
  index: number;
  total: number;
}

export interface StepEvent<S = unknown> extends StepOptions {
  /** Absent on the first step. */
  state?: S;
  /** A step of one segment's loop. */
  segment?: Segment;
  /** The segments' last payloads, on the step after a fan-out. */
  fanIn?: StepPayload[];
}

export interface StepProgress {
  phase: string;
  processed: number;
  total?: number;
}

export interface StepResult<S> {
  state: S;
  done: boolean;
  progress: StepProgress;
  /** The operation's report, on the last step. */
  result?: unknown;
  /** Segments to run side by side now: each one's first event (its state included). */
  fanOut?: StepEvent[];
}

export interface Operation<S> {
  /** As in the interface (`regenerateSequenceMemory`). */
  name: string;
  initial(event: StepEvent<S>): S;
  step(state: S, event: StepEvent<S>): Promise<StepResult<S>>;
}

/**
 * The payload a step function takes and answers (the state machine passes it on unchanged): the execution's options
 * travel along, and the framework's own members (shared/operations/run-step.ts).
 */
export interface StepPayload<S = unknown> extends Omit<StepEvent<S>, 'fanIn'> {
  done?: boolean;
  progress?: StepProgress & Partial<Consumed>;
  result?: unknown;
  /** Steps this execution (a segment: this round of it) has run: its history's length, in steps. */
  steps?: number;
  /** What the execution read and wrote so far (a segment: in this round). */
  consumed?: Consumed;
  /** The segments to run now, and (after the Map state) their last payloads. */
  fanOut?: { segments: StepEvent[]; results?: StepPayload[] };
  /** This execution (or round) spent its steps: a fresh one carries on with the payload. */
  budgetSpent?: true;
  /** The input of an execution started to carry on another's work: that one's last payload. */
  continued?: StepPayload<S>;
}
