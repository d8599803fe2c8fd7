/**
 * What each function asks of AWS, for checking it against its IAM policy: while a function runs in
 * the local runtime (infra/local/lambda.ts names it), every SDK command it builds (sent, or
 * presigned: a presigned URL is signed by the credentials it was made with) and every presigned POST form it
 * answers is written as one line per IAM request (infra/local/iam-requests.ts: action, resource, condition keys) to
 * IAM_RECORD_FILE, with the session tags of the tenant session it was made with, if any (infra/local/sts.ts).
 * test/support/iam.ts evaluates the lines against the synthesized policies. Off unless the file is set.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import * as dynamodb from '@aws-sdk/client-dynamodb';
import * as s3 from '@aws-sdk/client-s3';
import * as sfn from '@aws-sdk/client-sfn';
// The STS client the SDK's fromTemporaryCredentials sends AssumeRole with (shared/clients/sts.ts).
import * as sts from '@aws-sdk/nested-clients/sts';
import { type IamAsk, type IamRequest, iamRequestsOf, presignedPostsIn } from './iam-requests';
import { sessionOfKey } from './sts';

export { LOCAL_ACCOUNT, type IamRequest } from './iam-requests';

/** Which function of the stack runs: `route:<operation>`, `event:<name>`, `step:<operation>`, `authorizer`. */
const running = new AsyncLocalStorage<string>();
export const asFunction = <T>(functionKey: string, run: () => T): T => running.run(functionKey, run);

// biome-ignore lint/suspicious/noExplicitAny: an SDK command's input, whatever the command
type Input = Record<string, any>;

let file: string | undefined;
const write = (via: string, requests: IamAsk[], accessKeyId?: string) => {
  const fn = running.getStore();
  if (!file || !fn) return;
  const tags = sessionOfKey(accessKeyId)?.tags;
  appendFileSync(
    file,
    requests
      .map((r) => `${JSON.stringify({ fn, ...r, via, ...(tags ? { session: tags } : {}) } satisfies IamRequest)}\n`)
      .join(''),
  );
};

/** Records what AWS does with a function's role on its behalf (an event source mapping reading the stream). */
export const recordEventSource = (functionKey: string, requests: { action: string; resource: string }[]): void =>
  asFunction(functionKey, () => write('event source mapping', requests));

/** Records what the running function's answer presigns (the local gateway calls it with each answer). */
export function recordAnswer(body: string | undefined): void {
  if (!file || !body?.includes('"Policy"')) return;
  let forms: ReturnType<typeof presignedPostsIn>;
  try {
    forms = presignedPostsIn(JSON.parse(body));
  } catch {
    return; // not JSON: nothing presigned in it
  }
  for (const { accessKeyId, ...form } of forms) write('presigned POST', [form], accessKeyId);
}

/**
 * Starts recording into `target`: each command class of the clients the functions use records the requests it makes
 * when its middleware is resolved, which `send` and the URL presigner both do, once the credentials it is signed with
 * are known (a tenant session's tags go with its requests).
 */
export function recordSdkCalls(target: string): void {
  file = target;
  const modules = { dynamodb, s3, states: sfn, sts } as const;
  for (const [service, module] of Object.entries(modules) as [keyof typeof modules, Record<string, unknown>][]) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Command') || typeof value !== 'function') continue;
      type Resolve = (...args: unknown[]) => (args: unknown) => Promise<unknown>;
      const prototype = (value as { prototype: { resolveMiddleware?: Resolve } }).prototype;
      const original = prototype.resolveMiddleware;
      if (!original || Object.hasOwn(prototype, '__recorded')) continue;
      const command = name.slice(0, -'Command'.length);
      Object.defineProperty(prototype, '__recorded', { value: true });
      prototype.resolveMiddleware = function (this: { input: Input }, ...args: unknown[]) {
        const handler = original.apply(this, args);
        const requests = iamRequestsOf(service, command, this.input ?? {});
        const credentials = (args[1] as { credentials?: () => Promise<{ accessKeyId?: string }> } | undefined)
          ?.credentials;
        return async (handlerArgs: unknown) => {
          const identity = await credentials?.().catch(() => undefined);
          write(command, requests, identity?.accessKeyId);
          return handler(handlerArgs);
        };
      };
    }
  }
}
