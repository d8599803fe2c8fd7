/**
 * The function defaults, in one construct: every Lambda of the service (HTTP handlers, authorizer,
 * event and step functions) is a ServiceFunction. Node.js 24 on arm64, bundled by esbuild as infra/bundling.ts
 * says, traced, logging to the log group and running on the role its resource group gives it (infra/groups.ts).
 */
import type { Duration } from 'aws-cdk-lib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { environmentOf } from '../shared/config';
import { bundlingOptions, lazyModuleCommands } from './bundling';
import type { StageConfig } from './stages';

/** The repository root: handler entries are relative to it, the lock file sits in it. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ServiceFunctionProps {
  /** Handler module relative to the repository root (as in the route table); exports `handler`. */
  readonly entry: string;
  /** The role of its resource group and access level. */
  readonly role: IRole;
  /** Its resource group's log group (Lambda's advanced logging). */
  readonly logGroup: ILogGroup;
  readonly stageName: string;
  readonly config: StageConfig;
  /** Settings for this function, on top of the common ones (STAGE). */
  readonly environment?: Record<string, string>;
  readonly description?: string;
  /** Overrides the stage's timeout (maintenance steps run longer than API calls). */
  readonly timeout?: Duration;
  /** Files the function reads at run time (relative to the repository root), copied next to its bundle. */
  readonly assets?: readonly string[];
  /** Packages installed beside the bundle instead of bundled (infra/bundling.ts INSTALLED_PACKAGES). */
  readonly nodeModules?: readonly string[];
  /** Where asynchronous invocations that failed every attempt go (S3 and EventBridge events). */
  readonly deadLetterQueue?: IQueue;
}

export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const { config } = props;
    super(scope, id, {
      role: props.role,
      tracing: Tracing.ACTIVE,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      entry: join(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: config.memorySize,
      timeout: props.timeout ?? config.timeout,
      bundling: {
        ...bundlingOptions,
        ...(props.nodeModules?.length ? { nodeModules: [...props.nodeModules] } : {}),
        // Beside the bundle: the modules it imports only when needed (infra/bundling.ts), and its assets.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            ...lazyModuleCommands(inputDir, outputDir),
            ...(props.assets ?? []).map((file) => `cp "${join(inputDir, file)}" "${outputDir}"`),
          ],
        },
      },
      logGroup: props.logGroup,
      description: props.description,
      environment: { ...environmentOf({ stage: props.stageName }), ...props.environment },
    });
  }
}
