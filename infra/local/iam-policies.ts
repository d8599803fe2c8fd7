/**
 * The dev stage's IAM as the local runtime enforces it (infra/local/enforcer.ts) and the test run checks it
 * (test/support/iam.ts): each function's own role and the tenant role it may assume, read from the synthesized stage
 * (its stack and nested stacks as one: infra/local/templates.ts) with the local table, buckets and state machines for
 * the resources, and a request evaluated by an independent IAM evaluator (@cloud-copilot/iam-simulate):
 *
 * - made with a tenant session: as the tenant role, with the session's tags as `aws:PrincipalTag/...`;
 * - an AssumeRole (and its TagSession): the function's own role against the tenant role's trust policy;
 * - anything else: as the function's own role, with a bucket's policy as the resource policy of S3 requests.
 */
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { eventFunctions, routes } from '../../shared/routes';
import { operations } from '../../shared/routes/operations';
import { LOCAL_REGION } from './emulators';
import { stateMachineArnOf } from './environment';
import { type IamAsk, LOCAL_ACCOUNT, tableArn } from './iam-requests';
import { localFunctionName, localStepName } from './lambda';
import { synthStage } from './templates';

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template, of any shape
type Json = any;
type Policy = { name: string; policy: Json };

/** The local table and buckets, as the runtime named them. */
export interface LocalNames {
  tableName: string;
  bucketName: string;
  recordsBucketName: string;
}

export interface FunctionIam {
  roleArn: string;
  policies: Policy[];
  /** The tenant role the function may assume (its data with a tenant's session), if any. */
  tenantRole?: { arn: string; policies: Policy[]; trust: Json };
}

export interface Evaluation {
  result: 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied' | 'Error';
  /** Condition keys of the request that the evaluator left out as not applying to the action: none may be. */
  ignoredContextKeys: string[];
  /** As whom it was evaluated. */
  as: 'tenant role' | 'own role';
  error?: string;
}

/** The key the recorder names a function with, by its local Lambda name (a tenant session is named after it). */
export const functionKeyByName: ReadonlyMap<string, string> = new Map([
  ...routes.map((r): [string, string] => [localFunctionName(r.operation), `route:${r.operation}`]),
  ...eventFunctions.map((e): [string, string] => [localFunctionName(e.name), `event:${e.name}`]),
  ...operations.map((o): [string, string] => [localStepName(o.name), `step:${o.name}`]),
]);

const bucketOf = (arn: string) => arn.replace(/^arn:aws:s3:::/, '').split('/')[0]!;
/** A role's local ARN, from its logical id in the stage read as one template. */
const roleArnOf = (id: string) => `arn:aws:iam::${LOCAL_ACCOUNT}:role/${id.replace(/[^\w+=,.@-]/g, '-')}`;

/** The dev stage's functions and roles, resolved against the local names. */
export function stagePolicies(names: LocalNames) {
  const { stack, template, idOf } = synthStage('dev');
  const fnIds = new Map<string, string>([
    ['authorizer', idOf(stack.authorizerFunction)],
    ...[...stack.routeFunctions].map(([operation, fn]): [string, string] => [`route:${operation}`, idOf(fn)]),
    ...[...stack.eventFunctions].map(([name, fn]): [string, string] => [`event:${name}`, idOf(fn)]),
    ...[...stack.stepFunctions].map(([operation, fn]): [string, string] => [`step:${operation}`, idOf(fn)]),
  ]);
  const resources = template.Resources as Record<string, Json>;
  const table = tableArn(names.tableName);
  const attributes: Record<string, Record<string, string>> = {
    [idOf(stack.table)]: { Ref: names.tableName, Arn: table, StreamArn: `${table}/stream/local` },
    [idOf(stack.bucket)]: { Ref: names.bucketName, Arn: `arn:aws:s3:::${names.bucketName}` },
    [idOf(stack.recordsBucket)]: { Ref: names.recordsBucketName, Arn: `arn:aws:s3:::${names.recordsBucketName}` },
    ...Object.fromEntries(
      [...stack.stateMachines].map(([operation, machine]) => {
        const arn = stateMachineArnOf(operation);
        return [idOf(machine), { Ref: arn, Arn: arn, Name: arn.split(':').at(-1)! }];
      }),
    ),
    ...Object.fromEntries(
      Object.entries(resources)
        .filter(([, r]) => r.Type === 'AWS::IAM::Role')
        .map(([id]) => [id, { Ref: id, Arn: roleArnOf(id) }]),
    ),
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
  const policiesOfRole = (roleId: string): Policy[] =>
    Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((role: Json) => role.Ref === roleId))
      .map(([name, r]) => ({ name, policy: resolve(r.Properties.PolicyDocument) }));
  const roleIdOfArn = new Map(
    Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::IAM::Role')
      .map(([id]) => [roleArnOf(id), id]),
  );
  const functions = new Map<string, FunctionIam>();
  for (const [key, fnId] of fnIds) {
    const roleId = resources[fnId].Properties.Role['Fn::GetAtt'][0] as string;
    const policies = policiesOfRole(roleId);
    // The tenant role is the one its own role may assume (TENANT_ROLE_ARN names the same,
    // test/infra/stack/access.test.ts).
    const assumable = policies
      .flatMap(({ policy }) => policy.Statement as Json[])
      .filter((st) => [st.Action].flat().includes('sts:AssumeRole'))
      .flatMap((st) => [st.Resource].flat() as string[]);
    const tenantRoleId = assumable.map((arn) => roleIdOfArn.get(arn)).find(Boolean);
    functions.set(key, {
      roleArn: roleArnOf(roleId),
      policies,
      ...(tenantRoleId
        ? {
            tenantRole: {
              arn: roleArnOf(tenantRoleId),
              policies: policiesOfRole(tenantRoleId),
              trust: resolve(resources[tenantRoleId].Properties.AssumeRolePolicyDocument),
            },
          }
        : {}),
    });
  }
  // Each bucket's own policy, by the bucket's name: the resource policy of requests to it.
  const bucketPolicies = new Map<string, Json>(
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::S3::BucketPolicy')
      .map((r) => [resolve(r.Properties.Bucket) as string, resolve(r.Properties.PolicyDocument)]),
  );

  /** Evaluates a request `fn` made, with a tenant session's tags if it was made with one. */
  async function evaluate(fn: string, request: IamAsk & { session?: Record<string, string> }): Promise<Evaluation> {
    const own = functions.get(fn);
    const as = request.session ? 'tenant role' : 'own role';
    if (!own) return { result: 'Error', ignoredContextKeys: [], as, error: `${fn}: no such function in the stack` };
    const context = { 'aws:SecureTransport': 'true', ...request.context };
    const sts = request.action.startsWith('sts:');
    let principal = own.roleArn;
    let identityPolicies = own.policies;
    let resource = request.resource;
    let resourcePolicy: Json;
    if (request.session) {
      if (!own.tenantRole)
        return { result: 'ImplicitlyDenied', ignoredContextKeys: [], as, error: 'a session, but no tenant role' };
      principal = own.tenantRole.arn;
      identityPolicies = own.tenantRole.policies;
      Object.assign(
        context,
        Object.fromEntries(Object.entries(request.session).map(([key, value]) => [`aws:PrincipalTag/${key}`, value])),
      );
    } else if (sts) {
      // Locally every function asks for one tenant role ARN (infra/local/sts.ts): its own is the one it may assume.
      if (!own.tenantRole) return { result: 'ImplicitlyDenied', ignoredContextKeys: [], as, error: 'no tenant role' };
      resource = own.tenantRole.arn;
      resourcePolicy = own.tenantRole.trust;
    }
    if (request.action.startsWith('s3:')) resourcePolicy = bucketPolicies.get(bucketOf(resource));
    const result = await runSimulation(
      {
        request: {
          principal,
          action: request.action,
          resource: { resource, accountId: LOCAL_ACCOUNT },
          contextVariables: context,
        },
        identityPolicies,
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        ...(resourcePolicy ? { resourcePolicy } : {}),
      },
      {},
    );
    if (result.resultType === 'error')
      return { result: 'Error', ignoredContextKeys: [], as, error: JSON.stringify(result.errors) };
    const ignored =
      result.resultType === 'single'
        ? (result.result.ignoredContextKeys ?? [])
        : result.results.flatMap((r) => r.ignoredContextKeys ?? []);
    return { result: result.overallResult, ignoredContextKeys: [...new Set(ignored)], as };
  }

  return { functions, evaluate };
}

export type StagePolicies = ReturnType<typeof stagePolicies>;
