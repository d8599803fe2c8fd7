/**
 * The runtime's Step Functions endpoint for tests that start and read executions in-process, and the state machine
 * ARNs a start or status function is given (STATE_MACHINE_ARNS), as the runtime gives them.
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { vi } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { stateMachineArnOf } from '../../infra/local/environment';
import { operations } from '../../shared/routes/operations';
import { runtime } from './api';

export const localSfn = () =>
  new SFNClient({
    endpoint: runtime().stepFunctionsEndpoint,
    region: runtime().region,
    credentials: LOCAL_CREDENTIALS,
  });

/** Sets STATE_MACHINE_ARNS for this test file, as the stack and the runtime set it on a start function. */
export const stubStateMachineArns = () =>
  vi.stubEnv(
    'STATE_MACHINE_ARNS',
    JSON.stringify(Object.fromEntries(operations.map((o) => [o.name, stateMachineArnOf(o.name)]))),
  );
