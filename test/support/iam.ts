/**
 * IAM checked, not trusted: every AWS request a function made during the run (recorded by the
 * local runtime, infra/local/iam-recorder.ts) is evaluated by an IAM policy simulator
 * (@cloud-copilot/iam-simulate) against its role's policies in the synthesized dev stage (its stack and the
 * nested stacks of its resource groups, read as one: test/support/templates.ts), with
 * the bucket policy as the resource policy of S3 requests. Any request not allowed is a failure.
 * The report lists, per function, the granted actions the run never exercised.
 */
import { existsSync, readFileSync } from 'node:fs';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { LOCAL_REGION } from '../../infra/local/emulators';
import { stateMachineArnOf } from '../../infra/local/environment';
import { LOCAL_ACCOUNT, type IamRequest } from '../../infra/local/iam-recorder';
import { synthStage } from './templates';

type Json = any;
/** The local table and buckets, as the runtime named them. */
type BucketNames = { tableName: string; bucketName: string; recordsBucketName: string };
/** The bucket an S3 ARN names (`arn:aws:s3:::bucket/key`). */
const bucketOf = (arn: string) => arn.replace(/^arn:aws:s3:::/, '').split('/')[0]!;
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** The dev stack's functions by the key the recorder names them with, and the resolver of its intrinsics. */
function synthesize(names: BucketNames) {
  const { stack, template, idOf } = synthStage('dev');
  const functions = new Map<string, string>([
    ['authorizer', idOf(stack.authorizerFunction)],
    ...[...stack.routeFunctions].map(([operation, fn]): [string, string] => [`route:${operation}`, idOf(fn)]),
    ...[...stack.eventFunctions].map(([name, fn]): [string, string] => [`event:${name}`, idOf(fn)]),
    ...[...stack.stepFunctions].map(([operation, fn]): [string, string] => [`step:${operation}`, idOf(fn)]),
  ]);
  const machines = new Map(
    [...stack.stateMachines].map(([operation, machine]) => [idOf(machine), stateMachineArnOf(operation)]),
  );
  const table = `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${names.tableName}`;
  const attributes: Record<string, Record<string, string>> = {
    [idOf(stack.table)]: { Ref: names.tableName, Arn: table, StreamArn: `${table}/stream/local` },
    [idOf(stack.bucket)]: { Ref: names.bucketName, Arn: `arn:aws:s3:::${names.bucketName}` },
    [idOf(stack.recordsBucket)]: { Ref: names.recordsBucketName, Arn: `arn:aws:s3:::${names.recordsBucketName}` },
    ...Object.fromEntries([...machines].map(([id, arn]) => [id, { Ref: arn, Arn: arn, Name: arn.split(':').at(-1)! }])),
  };
  const pseudo: Record<string, string> = {
    'AWS::Partition': 'aws',
    'AWS::Region': LOCAL_REGION,
    'AWS::AccountId': LOCAL_ACCOUNT,
    'AWS::URLSuffix': 'amazonaws.com',
  };
  const resolve = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    if ('Ref' in value) return pseudo[value.Ref] ?? attributes[value.Ref]?.Ref ?? `unresolved:${value.Ref}`;
    if ('Fn::GetAtt' in value) {
      const [id, attribute] = value['Fn::GetAtt'] as [string, string];
      return attributes[id]?.[attribute] ?? `arn:aws:unresolved:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${id}/${attribute}`;
    }
    if ('Fn::Join' in value) {
      const [separator, parts] = value['Fn::Join'] as [string, Json[]];
      return parts.map(resolve).join(separator);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  };
  const resources = template.Resources as Record<string, Json>;
  const roleOf = (fnId: string) => resources[fnId].Properties.Role['Fn::GetAtt'][0] as string;
  const policiesOf = (fnId: string) =>
    Object.entries(resources)
      .filter(
        ([, r]) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((role: Json) => role.Ref === roleOf(fnId)),
      )
      .map(([name, r]) => ({ name, policy: resolve(r.Properties.PolicyDocument) }));
  // Each bucket's own policy, by the bucket's name: the resource policy of requests to it.
  const bucketPolicies = new Map<string, Json>(
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::S3::BucketPolicy')
      .map((r) => [resolve(r.Properties.Bucket) as string, resolve(r.Properties.PolicyDocument)]),
  );
  return { functions, policiesOf, roleOf, bucketPolicies };
}

const matches = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 'i').test(action);
const actionsOf = (statement: Statement) => [statement.Action].flat();

export interface IamCheck {
  /** Requests the policies do not allow, one line each. */
  denied: string[];
  /** Per function, the granted actions no request of the run used. */
  unexercised: Map<string, string[]>;
  requests: number;
}

/** Evaluates the recorded requests of a run; `names` are the local table and bucket. */
export async function checkIam(recordFile: string, names: BucketNames): Promise<IamCheck> {
  const lines = existsSync(recordFile) ? readFileSync(recordFile, 'utf8').trim().split('\n').filter(Boolean) : [];
  const requests = [
    ...new Map(
      lines.map((line) => {
        const r = JSON.parse(line) as IamRequest;
        return [`${r.fn} ${r.action} ${r.resource}`, r];
      }),
    ).values(),
  ];
  const { functions, policiesOf, roleOf, bucketPolicies } = synthesize(names);
  const denied: string[] = [];
  for (const request of requests) {
    const fnId = functions.get(request.fn);
    if (!fnId) {
      denied.push(`${request.fn}: no such function in the stack (${request.action} ${request.resource})`);
      continue;
    }
    const result = await runSimulation(
      {
        request: {
          principal: `arn:aws:iam::${LOCAL_ACCOUNT}:role/${roleOf(fnId)}`,
          action: request.action,
          resource: { resource: request.resource, accountId: LOCAL_ACCOUNT },
          contextVariables: { 'aws:SecureTransport': 'true' },
        },
        identityPolicies: policiesOf(fnId),
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        ...(request.action.startsWith('s3:') && bucketPolicies.has(bucketOf(request.resource))
          ? { resourcePolicy: bucketPolicies.get(bucketOf(request.resource)) }
          : {}),
      },
      {},
    );
    if (result.resultType === 'error')
      denied.push(
        `${request.fn}: ${request.action} on ${request.resource} could not be evaluated: ` +
          `${JSON.stringify(result.errors)}`,
      );
    else if (result.overallResult !== 'Allowed')
      denied.push(
        `${request.fn}: ${request.action} on ${request.resource} (${request.via}) is ${result.overallResult}`,
      );
  }
  const unexercised = new Map<string, string[]>();
  for (const [key, fnId] of functions) {
    const used = requests.filter((r) => r.fn === key).map((r) => r.action);
    const granted = [
      ...new Set(
        policiesOf(fnId).flatMap(({ policy }) =>
          (policy.Statement as Statement[]).filter((s) => s.Effect === 'Allow').flatMap(actionsOf),
        ),
      ),
    ];
    unexercised.set(key, granted.filter((pattern) => !used.some((action) => matches(pattern, action))).sort());
  }
  return { denied, unexercised, requests: requests.length };
}

/** The report: one line per function with what it was granted and never used. */
export function iamReport(check: IamCheck): string {
  const lines = [...check.unexercised]
    .filter(([, actions]) => actions.length)
    .map(([fn, actions]) => `  ${fn}: ${actions.join(', ')}`);
  return (
    `IAM: ${check.requests} distinct requests checked against the dev stack's policies, ${check.denied.length} ` +
    `denied\nGranted, never exercised in this run:\n${lines.join('\n') || '  (none)'}\n`
  );
}
