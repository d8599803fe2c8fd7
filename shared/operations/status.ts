/**
 * Where an execution of a maintenance operation is: its status and times from DescribeExecution,
 * the last step's progress from its history (the newest exit of the step state), and once it ended
 * its report or its error. An execution that carried on in a fresh one (`continuedAs` in its output,
 * shared/operations/machine.ts) answers for the last of them: its id finds the whole run. Read the same
 * way on AWS and from the local Step Functions endpoint.
 */
import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  type DescribeExecutionCommandOutput,
  type SFNClient,
} from '@aws-sdk/client-sfn';
import { sfn as defaultSfn } from '../clients/sfn';
import { config } from '../config';
import { formatTimestamp } from '../domain/time';
import type { Language } from '../i18n/messages';
import { notification } from '../i18n/translate';
import { operations } from '../routes/operations';
import { EXECUTION_ID_PATTERN } from '../schemas/operation';
import { stateNames } from './machine';
import type { StepPayload } from './step';
import type { Usage } from './usage';

/** An execution that carried on, and the one that carried on its work, and so on: at most this many are followed. */
const MAX_CARRIED = 1000;

export interface ExecutionStatus {
  Operation: string;
  ExecutionId: string;
  ExecutionArn: string;
  Status: string;
  StartedAt: string;
  DryRun: boolean;
  StoppedAt: string | null;
  Progress: {
    Phase: string;
    Processed: number;
    Total?: number;
    Read?: { Items: number; CapacityUnits: number };
    Written?: { Items: number; CapacityUnits: number };
  } | null;
  Result: unknown;
  Error: { Error: string; Cause: string } | null;
}

/** Newest events first: a step's exit is among the last few dozen, retries included. */
const HISTORY_PAGE = 100;

/** The operation and execution ARN an execution id names, given each operation's state machine ARN. */
export function executionOf(
  executionId: string,
  stateMachineArn: (operation: string) => string | undefined,
): { operation: string; executionArn: string } | undefined {
  const slug = EXECUTION_ID_PATTERN.exec(executionId)?.[1];
  const operation = operations.find((o) => o.slug === slug);
  const machine = operation && stateMachineArn(operation.name);
  if (!operation || !machine) return undefined;
  return {
    operation: operation.name,
    executionArn: `${machine.replace(':stateMachine:', ':execution:')}:${executionId}`,
  };
}

const parse = (text: string | undefined): Record<string, unknown> | undefined => {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The status, or undefined when Step Functions knows no such execution. */
export async function executionStatus(
  sfn: SFNClient,
  operation: string,
  executionArn: string,
): Promise<ExecutionStatus | undefined> {
  let described: DescribeExecutionCommandOutput;
  try {
    described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return undefined;
    throw error;
  }
  const first = described;
  let latestArn = executionArn;
  for (let hop = 0; hop < MAX_CARRIED; hop++) {
    const carriedTo = (parse(described.output)?.continuedAs as { ExecutionArn?: string } | undefined)?.ExecutionArn;
    if (described.status !== 'SUCCEEDED' || !carriedTo) break;
    described = await sfn.send(new DescribeExecutionCommand({ executionArn: carriedTo }));
    latestArn = carriedTo;
  }
  const { events = [] } = await sfn.send(
    new GetExecutionHistoryCommand({
      executionArn: latestArn,
      reverseOrder: true,
      maxResults: HISTORY_PAGE,
      includeExecutionData: true,
    }),
  );
  const step = stateNames(operation).step;
  const lastStep = events.find((e) => e.type === 'TaskStateExited' && e.stateExitedEventDetails?.name === step);
  const progress = (parse(lastStep?.stateExitedEventDetails?.output) as StepPayload | undefined)?.progress;
  const output = parse(described.output);
  const ended = described.status !== 'RUNNING';
  const usage = (u: Usage) => ({ Items: u.items, CapacityUnits: u.capacityUnits });
  return {
    Operation: operation,
    ExecutionId: first.name ?? executionArn.split(':').at(-1)!,
    ExecutionArn: executionArn,
    Status: described.status ?? 'RUNNING',
    StartedAt: formatTimestamp(first.startDate ?? new Date()),
    DryRun: parse(first.input)?.dryRun === true,
    StoppedAt: described.stopDate ? formatTimestamp(described.stopDate) : null,
    Progress: progress
      ? {
          Phase: progress.phase,
          Processed: progress.processed,
          ...(progress.total !== undefined ? { Total: progress.total } : {}),
          ...(progress.read ? { Read: usage(progress.read) } : {}),
          ...(progress.written ? { Written: usage(progress.written) } : {}),
        }
      : null,
    Result: described.status === 'SUCCEEDED' ? (output?.result ?? null) : null,
    Error:
      ended && described.status !== 'SUCCEEDED'
        ? { Error: described.error ?? described.status ?? 'Unknown', Cause: described.cause ?? '' }
        : null,
  };
}

/** The route's answer (and the ops CLI's): the status with its Notifications, or undefined for no such execution. */
export async function statusOf(executionId: string, language: Language, sfn: SFNClient = defaultSfn) {
  const execution = executionOf(executionId, (operation) => config.stateMachineArn(operation));
  const status = execution && (await executionStatus(sfn, execution.operation, execution.executionArn));
  if (!status) return undefined;
  return {
    ...status,
    Notifications: [
      notification(
        {
          key: 'operation.status',
          params: { execution: status.ExecutionId, operation: status.Operation, status: status.Status },
        },
        language,
      ),
    ],
  };
}
