/**
 * The stages' stacks as the infra tests read them (test/infra/stack/): each stage synthesized without bundling, its
 * stacks read as one template (infra/local/templates.ts), once per worker: the `stack` project of vitest.config.ts
 * does not isolate its files, so they share this module and its synthesized stages. Also the ids of the stage's
 * functions and roles, and how a role's IAM statements are read.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { routeAccess, usesTenantSessions } from '../../../infra/access/levels';
import { synthStage } from '../../../infra/local/templates';
import { ServiceStack } from '../../../infra/stack';
import { eventFunctions, routes } from '../../../shared/routes';
import { operations } from '../../../shared/routes/operations';

export type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

/** A stage synthesized without bundling, its stacks read as one template (infra/local/templates.ts). */
export function synthesize(
  stage: string,
  context: Record<string, string> = {},
  Stack_: typeof ServiceStack = ServiceStack,
) {
  const synthesized = synthStage(stage, context, Stack_);
  return { ...synthesized, template: Template.fromJSON(synthesized.template) };
}

const synthesized = new Map<string, ReturnType<typeof synthesize>>();
/** A stage as deployed (no extra context, the real stack), synthesized once for every test file of the worker. */
export function synth(stage: string) {
  if (!synthesized.has(stage)) synthesized.set(stage, synthesize(stage));
  return synthesized.get(stage)!;
}

/** A stage's stack, template and config, with the ids of its functions and roles the tests name. */
export function stageOf(stage: string) {
  const { stack, config, template, idOf } = synth(stage);
  const authorizerFnId = idOf(stack.authorizerFunction);
  const routeFnIds = new Map(routes.map((r) => [r.operation, idOf(stack.routeFunctions.get(r.operation)!)]));
  const eventFnIds = new Map(eventFunctions.map((e) => [e.name, idOf(stack.eventFunctions.get(e.name)!)]));
  const stepFnIds = new Map(operations.map((o) => [o.name, idOf(stack.stepFunctions.get(o.name)!)]));
  const dataFnIds = [...new Set(routeFnIds.values()), ...eventFnIds.values(), ...stepFnIds.values()];
  const functions = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
  /** The tenant role a function assumes (TENANT_ROLE_ARN), if it has one. */
  const tenantRoleIdOf = (fnId: string): string | undefined =>
    functions[fnId]!.Properties.Environment.Variables.TENANT_ROLE_ARN?.['Fn::GetAtt']?.[0];
  const roleIdOf = (fnId: string) => (functions[fnId]!.Properties.Role['Fn::GetAtt'] as string[])[0]!;
  /** The functions that reach data for a caller: with tenant sessions (infra/access/tenant-role.ts). */
  const sessionFnIds = new Set(
    routes.filter((r) => usesTenantSessions(routeAccess(r))).map((r) => routeFnIds.get(r.operation)!),
  );
  return {
    stack,
    config,
    template,
    idOf,
    prod: stage === 'prod',
    authorizerFnId,
    routeFnIds,
    eventFnIds,
    stepFnIds,
    dataFnIds,
    ownFnIds: [authorizerFnId, ...dataFnIds],
    startFnIds: new Set(routes.filter((r) => r.auth === 'operator').map((r) => routeFnIds.get(r.operation)!)),
    functions,
    roleIdOf,
    sessionFnIds,
    tenantRoleIdOf,
    /** The role a function's table and bucket calls run with: its tenant role's, or its own. */
    dataRoleIdOf: (fnId: string) => tenantRoleIdOf(fnId) ?? roleIdOf(fnId),
    tenantRoleIds: [...new Set([...sessionFnIds].map((fnId) => tenantRoleIdOf(fnId)!))],
    tableId: idOf(stack.table),
    bucketId: idOf(stack.bucket),
  };
}

export type Statement = { Action: string | string[]; Resource: unknown };

/** The statements of the IAM policies attached to a role. */
export function attachedStatements(template: Template, roleId: string): Statement[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  return policies
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

/** What every function's role holds besides its grants: writing its own log group, sending X-Ray segments. */
const BASELINE = /^(logs:(CreateLogStream|PutLogEvents)|xray:)/;

/** The statements of a role's policies that grant what the function itself does (no log or trace baseline). */
export const ownStatements = (template: Template, roleId: string): Statement[] =>
  attachedStatements(template, roleId).filter((st) => ![st.Action].flat().every((action) => BASELINE.test(action)));

/** Every action of the IAM policies attached to a role. */
export function roleActions(template: Template, roleId: string): string[] {
  return attachedStatements(template, roleId).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

/** Every resource of the IAM policies attached to a role. */
export function policyResources(template: Template, roleId: string): unknown[] {
  return attachedStatements(template, roleId).flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]));
}
