/**
 * What each function asks of AWS, for checking it against its IAM policy: while a function runs in
 * the local runtime (infra/local/lambda.ts names it), every SDK command it builds (sent, or
 * presigned: a presigned URL is signed by the function's role) and every presigned POST form it
 * answers is written as one line per IAM request (action and resource ARN) to IAM_RECORD_FILE.
 * test/support/iam.ts evaluates the lines against the synthesized policies. Off unless the file is set.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import * as dynamodb from '@aws-sdk/client-dynamodb';
import * as s3 from '@aws-sdk/client-s3';
import * as sfn from '@aws-sdk/client-sfn';
import { LOCAL_REGION } from './emulators';

/** The account the local ARNs name (as the local Step Functions ARNs do). */
export const LOCAL_ACCOUNT = '000000000000';

/** Which function of the stack runs: `route:<operation>`, `event:<name>`, `step:<operation>`, `authorizer`. */
const running = new AsyncLocalStorage<string>();
export const asFunction = <T>(functionKey: string, run: () => T): T => running.run(functionKey, run);

export interface IamRequest {
  fn: string;
  action: string;
  resource: string;
  /** The SDK command it came from (or `presigned POST`), for the report. */
  via: string;
}

// biome-ignore lint/suspicious/noExplicitAny: an SDK command's input, whatever the command (read by name below)
type Input = Record<string, any>;
const table = (name: string) => `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${name}`;
const object = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;

/** The IAM requests one SDK command makes: its action(s) on the resource(s) it names. */
export function iamRequestsOf(
  service: 'dynamodb' | 's3' | 'states',
  command: string,
  input: Input,
): { action: string; resource: string }[] {
  const one = (action: string, resource: string) => [{ action, resource }];
  if (service === 'dynamodb') {
    switch (command) {
      case 'Query':
      case 'Scan':
        return one(
          `dynamodb:${command}`,
          input.IndexName ? `${table(input.TableName)}/index/${input.IndexName}` : table(input.TableName),
        );
      case 'BatchGetItem':
      case 'BatchWriteItem':
        return Object.keys(input.RequestItems ?? {}).map((name) => ({
          action: `dynamodb:${command}`,
          resource: table(name),
        }));
      case 'TransactWriteItems':
      case 'TransactGetItems': {
        const actions: Record<string, string> = {
          Put: 'PutItem',
          Update: 'UpdateItem',
          Delete: 'DeleteItem',
          ConditionCheck: 'ConditionCheckItem',
          Get: 'GetItem',
        };
        return (input.TransactItems ?? []).flatMap((item: Input) =>
          Object.entries(item).map(([kind, part]) => ({
            action: `dynamodb:${actions[kind] ?? kind}`,
            resource: table((part as Input).TableName),
          })),
        );
      }
      default:
        return one(`dynamodb:${command}`, table(input.TableName));
    }
  }
  if (service === 's3') {
    const versioned = (action: string) => (input.VersionId ? `${action}Version` : action);
    switch (command) {
      case 'GetObject':
      case 'HeadObject':
        return one(versioned('s3:GetObject'), object(input.Bucket, input.Key));
      case 'PutObject':
        // An Object Lock retention given with the object needs its own permission.
        return [
          { action: 's3:PutObject', resource: object(input.Bucket, input.Key) },
          ...(input.ObjectLockMode || input.ObjectLockRetainUntilDate
            ? [{ action: 's3:PutObjectRetention', resource: object(input.Bucket, input.Key) }]
            : []),
        ];
      case 'DeleteObject':
        return one(versioned('s3:DeleteObject'), object(input.Bucket, input.Key));
      case 'DeleteObjects':
        return (input.Delete?.Objects ?? []).map((o: Input) => ({
          action: o.VersionId ? 's3:DeleteObjectVersion' : 's3:DeleteObject',
          resource: object(input.Bucket, o.Key),
        }));
      case 'CopyObject': {
        const [sourceBucket, ...sourceKey] = decodeURIComponent(
          String(input.CopySource).replace(/^\//, '').split('?')[0]!,
        ).split('/');
        return [
          { action: 's3:GetObject', resource: object(sourceBucket!, sourceKey.join('/')) },
          { action: 's3:PutObject', resource: object(input.Bucket, input.Key) },
        ];
      }
      case 'ListObjectsV2':
      case 'ListObjects':
      case 'HeadBucket':
        return one('s3:ListBucket', `arn:aws:s3:::${input.Bucket}`);
      default:
        return one(`s3:${command}`, `arn:aws:s3:::${input.Bucket}${input.Key ? `/${input.Key}` : ''}`);
    }
  }
  return one(`states:${command}`, input.executionArn ?? input.stateMachineArn ?? '*');
}

/** The presigned POST forms in a function's JSON answer (an `Upload` with a `Policy`): s3:PutObject on the key. */
export function presignedPostsIn(body: unknown): { action: string; resource: string }[] {
  const found: { action: string; resource: string }[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const fields = (value as Input).Fields as Input | undefined;
    if (
      fields &&
      typeof fields.Policy === 'string' &&
      typeof fields.key === 'string' &&
      typeof fields.bucket === 'string'
    ) {
      found.push({ action: 's3:PutObject', resource: object(fields.bucket, fields.key) });
    }
    Object.values(value).forEach(visit);
  };
  visit(body);
  return found;
}

let file: string | undefined;
const write = (via: string, requests: { action: string; resource: string }[]) => {
  const fn = running.getStore();
  if (!file || !fn) return;
  appendFileSync(file, requests.map((r) => `${JSON.stringify({ fn, ...r, via } satisfies IamRequest)}\n`).join(''));
};

/** Records what AWS does with a function's role on its behalf (an event source mapping reading the stream). */
export const recordEventSource = (functionKey: string, requests: { action: string; resource: string }[]): void =>
  asFunction(functionKey, () => write('event source mapping', requests));

/** Records what the running function's answer presigns (the local gateway calls it with each answer). */
export function recordAnswer(body: string | undefined): void {
  if (!file || !body?.includes('"Policy"')) return;
  try {
    write('presigned POST', presignedPostsIn(JSON.parse(body)));
  } catch {
    // not JSON: nothing presigned in it
  }
}

/**
 * Starts recording into `target`: each command class of the three clients the functions use records
 * the requests it makes when its middleware is resolved, which `send` and the URL presigner both do.
 */
export function recordSdkCalls(target: string): void {
  file = target;
  const modules = { dynamodb, s3, states: sfn } as const;
  for (const [service, module] of Object.entries(modules) as [keyof typeof modules, Record<string, unknown>][]) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Command') || typeof value !== 'function') continue;
      const prototype = (value as { prototype: { resolveMiddleware?: (...args: unknown[]) => unknown } }).prototype;
      const original = prototype.resolveMiddleware;
      if (!original || Object.hasOwn(prototype, '__recorded')) continue;
      const command = name.slice(0, -'Command'.length);
      Object.defineProperty(prototype, '__recorded', { value: true });
      prototype.resolveMiddleware = function (this: { input: Input }, ...args: unknown[]) {
        write(command, iamRequestsOf(service, command, this.input ?? {}));
        return original.apply(this, args);
      };
    }
  }
}
