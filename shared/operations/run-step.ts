/**
 * One step of an operation as its state machine runs it (shared/operations/machine.ts): the framework around the
 * operation's own step. It keeps the execution's options on the payload, counts the execution's steps (and says when
 * it spent them: MAX_STEPS_PER_EXECUTION), and measures what each step read and wrote (shared/operations/usage.ts):
 * the sums go with the progress and, added up over the segments, with the result. The step function's handler
 * (step-handler.ts) and the local runtime's executions (infra/local/executions.ts) both call it.
 */
import { MAX_STEPS_PER_EXECUTION } from './machine';
import type { Operation, StepEvent, StepPayload, StepProgress } from './step';
import { addConsumed, measured, NOTHING } from './usage';

/** The options an execution was started with, and the segment a step is of: passed on from step to step. */
function optionsOf(payload: StepPayload): StepEvent {
  const { client, facility, inputs, dryRun, segments, segment } = payload;
  return {
    ...(client ? { client } : {}),
    ...(facility ? { facility } : {}),
    ...(inputs ? { inputs } : {}),
    dryRun: dryRun ?? false,
    ...(segments ? { segments } : {}),
    ...(segment ? { segment } : {}),
  };
}

/** What a step processed: progress counts run on within a phase, so the step's own share is the difference. */
export function processedBy(before: StepProgress | undefined, after: StepProgress): number {
  const earlier = before && before.phase === after.phase ? before.processed : 0;
  return Math.max(0, after.processed - earlier);
}

export async function runStep<S>(operation: Operation<S>, input: StepPayload<S>): Promise<StepPayload<S>> {
  // An execution that carries on another's work starts with that one's last payload: its own steps start at 0.
  const payload = input.continued ?? input;
  const options = optionsOf(payload);
  const fanIn = payload.fanOut?.results;
  // A pass of the Map state counts as a step of the execution that ran it; what its segments consumed is added.
  let steps = (input.continued ? 0 : (payload.steps ?? 0)) + (fanIn ? 1 : 0);
  let consumed = addConsumed(payload.consumed ?? NOTHING, ...(fanIn ?? []).map((r) => r.consumed));
  const event = { ...options, ...(payload.state !== undefined ? { state: payload.state } : {}) } as StepEvent<S>;
  const { result: stepped, consumed: used } = await measured(() =>
    operation.step(payload.state ?? operation.initial(event), { ...event, ...(fanIn ? { fanIn } : {}) }),
  );
  steps += 1;
  consumed = addConsumed(consumed, used);
  const spent = !stepped.done && !stepped.fanOut && steps >= MAX_STEPS_PER_EXECUTION;
  return {
    ...options,
    state: stepped.state,
    done: stepped.done,
    progress: { ...stepped.progress, ...consumed },
    steps,
    consumed,
    ...(stepped.fanOut ? { fanOut: { segments: stepped.fanOut } } : {}),
    ...(spent ? { budgetSpent: true as const } : {}),
    ...(stepped.result !== undefined ? { result: { ...(stepped.result as object), ...consumed } } : {}),
  };
}
