/**
 * Maintenance operations (interface §4.5, DESIGN §7) are steps: each call does a bounded chunk of
 * work and returns its continuation state, so a Step Functions loop (on AWS) or the ops CLI (locally)
 * drives any table size to the end without a Lambda time limit. Re-running a step with the same
 * state repeats it harmlessly; a failed execution resumes from its last state.
 */
export interface StepEvent<S = unknown> {
  /** The client for the operations that take one (export, import). */
  client?: string;
  dryRun?: boolean;
  /** importRecords: the export to read (its prefix in the bucket). */
  from?: string;
  /** Absent on the first step. */
  state?: S;
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
}

export interface Operation<S> {
  /** As in the interface (`regenerateSequenceMemory`). */
  name: string;
  initial(event: StepEvent<S>): S;
  step(state: S, event: StepEvent<S>): Promise<StepResult<S>>;
}

/** Runs an operation's steps to the end (the ops CLI's loop; Step Functions runs the same loop on AWS). */
export async function runSteps<S>(
  invoke: (event: StepEvent<S>) => Promise<StepResult<S>>,
  event: Omit<StepEvent<S>, 'state'>,
  onProgress: (progress: StepProgress) => void = () => undefined,
  from?: S,
): Promise<StepResult<S>> {
  let state = from;
  for (;;) {
    const result = await invoke({ ...event, ...(state !== undefined ? { state } : {}) });
    onProgress(result.progress);
    if (result.done) return result;
    state = result.state;
  }
}
