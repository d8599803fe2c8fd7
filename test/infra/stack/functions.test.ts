/**
 * The functions of each stage (infra/function.ts, infra/groups.ts): one per handler entry, event function and
 * maintenance step, plus the authorizer; their runtime, roles, log groups, settings and tracing.
 */
import { describe, expect, it } from 'vitest';
import { accessLevel, routeAccess } from '../../../infra/access/levels';
import { roleIdOf as levelRoleIdOf } from '../../../infra/construct-names';
import { groupOf } from '../../../infra/groups';
import { authorizerEntry, eventFunctions, routes } from '../../../shared/routes';
import { operations } from '../../../shared/routes/operations';
import { STAGES } from '../../../infra/stages';
import { attachedStatements, type Resource, stageOf } from '../support/stack';

const LOCAL_ONLY_ENV = ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'STS_ENDPOINT', 'AUTH_JWKS'];
/** CDK's own helper functions: bucket auto-delete (dev) and bucket notifications. */
const CDK_HELPERS = /^(CustomS3AutoDeleteObjectsCustomResourceProvider|BucketNotificationsHandler)/;

describe.each(STAGES)('functions (%s)', (stage) => {
  const {
    config,
    template,
    prod,
    authorizerFnId,
    routeFnIds,
    eventFnIds,
    stepFnIds,
    dataFnIds,
    ownFnIds,
    startFnIds,
    functions,
    roleIdOf,
    sessionFnIds,
    tableId,
    bucketId,
  } = stageOf(stage);

  it('has one function per handler entry, per event function, per operation step, plus the authorizer', () => {
    const entries = new Set(routes.map((r) => r.entry));
    expect(new Set(ownFnIds).size).toBe(entries.size + eventFunctions.length + operations.length + 1);
    expect(new Set(routeFnIds.values()).size).toBe(entries.size);
    // Besides: CDK's helpers (dev also empties the bucket on deletion).
    const others = Object.keys(functions).filter((id) => !ownFnIds.includes(id));
    expect(others.filter((id) => !CDK_HELPERS.test(id))).toEqual([]);
    expect(others).toHaveLength((prod ? 0 : 1) + (eventFunctions.length > 0 ? 1 : 0));
  });

  it.each(ownFnIds)('%s: Node.js 24 on arm64 with the stage memory and timeout', (fnId) => {
    expect(functions[fnId]!.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: config.memorySize,
      // Maintenance steps get five minutes for their bounded chunk of work.
      Timeout: [...stepFnIds.values()].includes(fnId) ? 300 : config.timeout.toSeconds(),
    });
  });

  it('gives the functions one role per resource group and access level, the same only for the same level', () => {
    const levelOf = new Map<string, string>([
      [
        authorizerFnId,
        `${groupOf(authorizerEntry)} ${levelRoleIdOf({ data: 'none', files: 'none', scope: 'cross-tenant' })}`,
      ],
      ...routes.map((r): [string, string] => [
        routeFnIds.get(r.operation)!,
        `${groupOf(r.entry)} ${levelRoleIdOf(routeAccess(r))}`,
      ]),
      ...eventFunctions.map((e): [string, string] => [
        eventFnIds.get(e.name)!,
        `${groupOf(e.entry)} ${levelRoleIdOf(accessLevel(e, { event: e.name }))}`,
      ]),
      ...operations.map((o): [string, string] => [
        stepFnIds.get(o.name)!,
        `${groupOf(o.step.entry)} ${levelRoleIdOf(accessLevel(o.step, 'step'))}`,
      ]),
    ]);
    for (const a of ownFnIds)
      for (const b of ownFnIds)
        expect(roleIdOf(a) === roleIdOf(b), `${a} ${b}`).toBe(levelOf.get(a) === levelOf.get(b));
    const roles = template.findResources('AWS::IAM::Role');
    for (const fnId of ownFnIds) expect(roles).toHaveProperty([roleIdOf(fnId)]);
    // Fewer roles than functions: what the account's role quota is spent on (docs/deploy.md).
    expect(new Set(ownFnIds.map(roleIdOf)).size).toBeLessThan(ownFnIds.length / 2);
  });

  it('logs every function of a resource group to one log group of the group, with the stage retention', () => {
    const logGroups = template.findResources('AWS::Logs::LogGroup') as Record<string, Resource>;
    const logGroupOf = (fnId: string) => functions[fnId]!.Properties.LoggingConfig?.LogGroup?.Ref as string;
    const groupOfFn = new Map<string, string>([
      [authorizerFnId, groupOf(authorizerEntry)],
      ...routes.map((r): [string, string] => [routeFnIds.get(r.operation)!, groupOf(r.entry)]),
      ...eventFunctions.map((e): [string, string] => [eventFnIds.get(e.name)!, groupOf(e.entry)]),
      ...operations.map((o): [string, string] => [stepFnIds.get(o.name)!, groupOf(o.step.entry)]),
    ]);
    for (const a of ownFnIds)
      for (const b of ownFnIds)
        expect(logGroupOf(a) === logGroupOf(b), `${a} ${b}`).toBe(groupOfFn.get(a) === groupOfFn.get(b));
    for (const fnId of ownFnIds) {
      const logGroup = logGroups[logGroupOf(fnId)]!;
      expect(logGroup.Properties.RetentionInDays).toBe(config.logRetention);
      expect(logGroup.DeletionPolicy).toBe(prod ? 'Retain' : 'Delete');
    }
  });

  it('sets the data settings on route and event functions and never a local-only one', () => {
    for (const fnId of dataFnIds) {
      const env = functions[fnId]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(Object.keys(env).sort()).toEqual([
        'BUCKET_NAME',
        'CORS_ALLOWED_ORIGINS',
        'DECISION_MEASUREMENT_MAX_AGE_DAYS',
        'MAX_BODY_BYTES',
        'MAX_UPLOAD_BYTES',
        'PAGE_SIZE',
        'RECORDS_BUCKET_NAME',
        'RECORDS_LOCK_MODE',
        'STAGE',
        ...(startFnIds.has(fnId) ? ['STATE_MACHINE_ARNS'] : []),
        'TABLE_NAME',
        ...(sessionFnIds.has(fnId) ? ['TENANT_ROLE_ARN'] : []),
      ]);
      expect(env).toMatchObject({
        STAGE: stage,
        TABLE_NAME: { Ref: tableId },
        BUCKET_NAME: { Ref: bucketId },
        MAX_BODY_BYTES: String(config.maxBodyBytes),
        MAX_UPLOAD_BYTES: String(config.maxUploadBytes),
        PAGE_SIZE: String(config.pageSize),
        CORS_ALLOWED_ORIGINS: config.corsAllowedOrigins.join(','),
        RECORDS_LOCK_MODE: config.recordsLockMode,
      });
    }
    for (const fnId of ownFnIds) {
      const env = functions[fnId]!.Properties.Environment.Variables as Record<string, unknown>;
      for (const name of LOCAL_ONLY_ENV) expect(env).not.toHaveProperty(name);
    }
  });

  it('gives the authorizer only the auth settings', () => {
    const env = functions[authorizerFnId]!.Properties.Environment.Variables as Record<string, unknown>;
    expect(env).not.toHaveProperty('TABLE_NAME');
    expect(env).not.toHaveProperty('BUCKET_NAME');
    expect(env).toEqual({
      STAGE: stage,
      AUTH_ISSUER: config.auth.issuer,
      AUTH_AUDIENCE: config.auth.audience,
      AUTH_JWKS_URI: config.auth.jwksUri,
    });
  });

  it("traces every function (X-Ray) and lets it write its group's log group only, with no managed policy", () => {
    for (const fnId of ownFnIds) {
      expect(functions[fnId]!.Properties.TracingConfig, fnId).toEqual({ Mode: 'Active' });
      const role = template.toJSON().Resources[roleIdOf(fnId)] as Resource;
      expect(role.Properties.ManagedPolicyArns, fnId).toBeUndefined();
      const logs = attachedStatements(template, roleIdOf(fnId)).filter((st) =>
        [st.Action].flat().some((a) => a.startsWith('logs:')),
      );
      expect(
        logs.map((st) => st.Resource),
        fnId,
      ).toEqual([{ 'Fn::GetAtt': [functions[fnId]!.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] }]);
    }
  });
});
