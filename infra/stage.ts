/**
 * The stacks of one stage, as the CDK app (infra/app.ts) and the tests (infra/local/templates.ts) build them: the
 * stage's stack `NmArchive-<stage>` with its nested stacks and, where the stage has a replica region, the stack of
 * the records' replica `NmArchive-<stage>-Replica` in that region, which deploys first (infra/replica.ts).
 */
import type { App } from 'aws-cdk-lib';
import { RecordsReplicaStack } from './replica';
import { ServiceStack } from './stack';
import type { StageConfig } from './stages';

export interface StageStacks {
  readonly stack: ServiceStack;
  readonly replica: RecordsReplicaStack | undefined;
}

/** `Stack_` replaces the stage's stack class (a test's mocked module). */
export function stageStacks(
  app: App,
  stage: string,
  config: StageConfig,
  Stack_: typeof ServiceStack = ServiceStack,
): StageStacks {
  const replica = config.replicaRegion
    ? new RecordsReplicaStack(app, `NmArchive-${stage}-Replica`, {
        stage,
        config,
        description: `nm-archive service (${stage}): the release records' replica in ${config.replicaRegion}`,
      })
    : undefined;
  const stack = new Stack_(app, `NmArchive-${stage}`, { stage, config, description: `nm-archive service (${stage})` });
  // S3 accepts a replication rule only towards a bucket that exists (versioned, locked): the replica goes first.
  if (replica) stack.addStackDependency(replica, 'the records bucket replicates into the replica bucket');
  return { stack, replica };
}
