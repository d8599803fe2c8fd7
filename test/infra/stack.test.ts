/**
 * CDK assertions on the stack of each stage. Bundling is skipped (`aws:cdk:bundling-stacks: []`),
 * so no esbuild run: the template is checked, not the bundles. Routes come from the route table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it, vi } from 'vitest';
import { accessLevel, routeAccess, usesTenantSessions } from '../../infra/access/levels';
import { roleIdOf as levelRoleIdOf } from '../../infra/construct-names';
import { BUILTINS_BY_REQUIRE, bundlingOptions, esbuildOptions } from '../../infra/bundling';
import { builtinShim } from '../../infra/builtins/shims';
import { groupOf } from '../../infra/groups';
import { QUOTAS, sizeTable } from '../../infra/quotas';
import { RELEASE_SWEEP_MINUTES, ServiceStack, routesByEntry } from '../../infra/stack';
import { STAGES, stageConfig } from '../../infra/stages';
import { SESSION_SECONDS, SESSION_TAGS } from '../../shared/clients/tenant-sessions';
import { CROSS_TENANT_INDEXES, TABLE_DEFINITION, tenantPartitions } from '../../shared/data/table';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from '../../shared/http/cors';
import { COUNTED_TYPES } from '../../shared/data/counted';
import { MAP_RUN_LABEL, operationStateMachine } from '../../shared/operations/machine';
import { DOCUMENT_FILES_PREFIX, facilityFilesPrefix } from '../../shared/domain/document';
import { authorizerEntry, eventFunctions, gatewayPathsOf, routeKey, routes, type Route } from '../../shared/routes';
import { isSegmented, operations } from '../../shared/routes/operations';
import type { IConstruct } from 'constructs';
import { synthStage } from '../../infra/local/templates';

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

/** A stage synthesized without bundling, its stacks read as one template (infra/local/templates.ts). */
function synthesize(stage: string, context: Record<string, string> = {}, Stack_: typeof ServiceStack = ServiceStack) {
  const synthesized = synthStage(stage, context, Stack_);
  return { ...synthesized, template: Template.fromJSON(synthesized.template) };
}
const synthesized = new Map<string, ReturnType<typeof synthesize>>();
/** A stage as deployed (no extra context, the real stack), synthesized once for every test of this file. */
function synth(stage: string) {
  if (!synthesized.has(stage)) synthesized.set(stage, synthesize(stage));
  return synthesized.get(stage)!;
}

type Statement = { Action: string | string[]; Resource: unknown };

/** The statements of the IAM policies attached to a role. */
function attachedStatements(template: Template, roleId: string): Statement[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  return policies
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

/** What every function's role holds besides its grants: writing its own log group, sending X-Ray segments. */
const BASELINE = /^(logs:(CreateLogStream|PutLogEvents)|xray:)/;

/** The statements of a role's policies that grant what the function itself does (no log or trace baseline). */
const ownStatements = (template: Template, roleId: string): Statement[] =>
  attachedStatements(template, roleId).filter((st) => ![st.Action].flat().every((action) => BASELINE.test(action)));

/** Every action of the IAM policies attached to a role. */
function roleActions(template: Template, roleId: string): string[] {
  return attachedStatements(template, roleId).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

/** Every resource of the IAM policies attached to a role. */
function policyResources(template: Template, roleId: string): unknown[] {
  return attachedStatements(template, roleId).flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]));
}

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
/** What reads or writes items (not the stream's records). */
const ITEM_ACTION =
  /^dynamodb:(GetItem|BatchGetItem|Query|PutItem|UpdateItem|DeleteItem|BatchWriteItem|ConditionCheckItem)$/;
const LOCAL_ONLY_ENV = ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'STS_ENDPOINT', 'AUTH_JWKS'];
/** The session tags as a tenant role's policy variables. */
const TAG = { client: '$' + '{aws:PrincipalTag/client}', facility: '$' + '{aws:PrincipalTag/facility}' };
const TAGS_PRESENT = { 'aws:PrincipalTag/client': 'false', 'aws:PrincipalTag/facility': 'false' };
const SESSION_FILES = facilityFilesPrefix(TAG.client, TAG.facility);
/** CDK's own helper functions: bucket auto-delete (dev) and bucket notifications. */
const CDK_HELPERS = /^(CustomS3AutoDeleteObjectsCustomResourceProvider|BucketNotificationsHandler)/;

describe('bundling', () => {
  it('gives esbuild the same settings as the stack', () => {
    const options = esbuildOptions('functions/authorizer.ts', 'out/index.mjs');
    expect(options).toMatchObject({ bundle: true, platform: 'node', format: bundlingOptions.format, metafile: true });
    expect(options.target).toBe(bundlingOptions.target);
    expect(options.mainFields).toEqual(bundlingOptions.mainFields);
    expect(options.minify).toBe(bundlingOptions.minify);
    expect(options.banner).toEqual({ js: bundlingOptions.banner });
    expect(bundlingOptions).toMatchObject({
      format: 'esm',
      target: 'node24',
      mainFields: ['module', 'main'],
      minify: true,
      sourceMap: true,
      externalModules: [],
    });
    expect(bundlingOptions.banner).toContain('const require = __cr(import.meta.url)');
  });
  it('aliases the same built-ins for the stack as for esbuild, each to a file that exists', () => {
    const aliases = Object.entries(bundlingOptions.esbuildArgs ?? {});
    expect(aliases.map(([arg]) => arg).sort()).toEqual(
      BUILTINS_BY_REQUIRE.flatMap((name) => [`--alias:${name}`, `--alias:node:${name}`]).sort(),
    );
    for (const [arg, file] of aliases) {
      expect(existsSync(String(file)), arg).toBe(true);
      // As infra/builtins/shims.ts writes it on this Node (the Lambda runtime's major version).
      const name = arg.replace(/^--alias:(node:)?/, '');
      expect(readFileSync(String(file), 'utf8'), arg).toBe(builtinShim(name));
      expect(esbuildOptions('e.ts', 'o.mjs').alias?.[arg.slice('--alias:'.length)]).toBe(file);
    }
  });
});

describe('routesByEntry', () => {
  const base: Route = {
    operation: 'x.page',
    summary: 'A page of x.',
    method: 'GET',
    path: '/x/page',
    entry: 'functions/x.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
  };
  it('gives the routes of one entry one function', () => {
    const groups = routesByEntry([base, { ...base, path: '/x/page/{page}' }]);
    expect([...groups.keys()]).toEqual(['functions/x.ts']);
    expect(groups.get('functions/x.ts')).toHaveLength(2);
  });
  it('refuses routes of one entry that need different access', () => {
    expect(() => routesByEntry([base, { ...base, path: '/x/page/{page}', data: 'write' }])).toThrow(/disagree/);
  });
});

describe('stage settings', () => {
  it('takes any stage name of 2 to 21 lower-case letters, digits and hyphens, and refuses others', () => {
    for (const name of ['Alice', 'a', '1dev', 'dev_2', 'a'.repeat(22), 'dev/x'])
      expect(() => stageConfig(name), name).toThrow(`Stage name "${name}" must match`);
    for (const name of ['alice', 'qa-2', 'a'.repeat(21)])
      expect(stageConfig(name).auth.audience).toBe(`nm-archive-${name}`);
  });
  it("gives a personal stage dev's settings", () => {
    const { auth: _dev, usesPlaceholders: _a, ...dev } = stageConfig('dev');
    const { auth, usesPlaceholders: _b, ...alice } = stageConfig('alice');
    expect(alice).toEqual(dev);
    expect(auth.issuer).toMatch(/nm-archive-alice$/);
  });
  it('throttles and retains differently in dev and prod', () => {
    const [dev, prod] = [stageConfig('dev'), stageConfig('prod')];
    expect(dev.throttle).not.toEqual(prod.throttle);
    expect(dev.logRetention).not.toBe(prod.logRetention);
  });
  it('has offline placeholders for auth, overridable by context', () => {
    const defaults = stageConfig('prod');
    expect(defaults.auth.issuer).toMatch(/^https:\/\/[^/]*example\.com\//);
    expect(defaults.usesPlaceholders).toBe(true);
    const overrides: Record<string, string> = {
      authIssuer: 'https://id.test/pool',
      authAudience: 'aud',
      authJwksUri: 'https://id.test/pool/jwks',
      corsOrigins: 'https://a.test, https://b.test',
      apiBaseUrl: 'https://api.a.test',
    };
    const custom = stageConfig('prod', (key) => overrides[key]);
    expect(custom.auth).toEqual({
      issuer: 'https://id.test/pool',
      audience: 'aud',
      jwksUri: 'https://id.test/pool/jwks',
    });
    expect(custom.corsAllowedOrigins).toEqual(['https://a.test', 'https://b.test']);
    expect(custom.apiBaseUrl).toBe('https://api.a.test');
    expect(defaults.apiBaseUrl).toBeUndefined();
    expect(() => stageConfig('prod', (key) => (key === 'apiBaseUrl' ? 'https://api.a.test/v1' : undefined))).toThrow(
      /apiBaseUrl/,
    );
    expect(custom.usesPlaceholders).toBe(false);
  });
});

describe.each(STAGES)('ServiceStack (%s)', (stage) => {
  const { stack, config, template, idOf } = synth(stage);
  const prod = stage === 'prod';
  const authorizerFnId = idOf(stack.authorizerFunction);
  const routeFnIds = new Map(routes.map((r) => [r.operation, idOf(stack.routeFunctions.get(r.operation)!)]));
  const eventFnIds = new Map(eventFunctions.map((e) => [e.name, idOf(stack.eventFunctions.get(e.name)!)]));
  const stepFnIds = new Map(operations.map((o) => [o.name, idOf(stack.stepFunctions.get(o.name)!)]));
  const dataFnIds = [...new Set(routeFnIds.values()), ...eventFnIds.values(), ...stepFnIds.values()];
  const ownFnIds = [authorizerFnId, ...dataFnIds];
  const startFnIds = new Set(routes.filter((r) => r.auth === 'operator').map((r) => routeFnIds.get(r.operation)!));
  const functions = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
  const roleIdOf = (fnId: string) => (functions[fnId]!.Properties.Role['Fn::GetAtt'] as string[])[0]!;
  /** The functions that reach data for a caller: with tenant sessions (infra/access/tenant-role.ts). */
  const sessionFnIds = new Set(
    routes.filter((r) => usesTenantSessions(routeAccess(r))).map((r) => routeFnIds.get(r.operation)!),
  );
  /** The tenant role a function assumes (TENANT_ROLE_ARN), if it has one. */
  const tenantRoleIdOf = (fnId: string): string | undefined =>
    functions[fnId]!.Properties.Environment.Variables.TENANT_ROLE_ARN?.['Fn::GetAtt']?.[0];
  /** The role a function's table and bucket calls run with: its tenant role's, or its own. */
  const dataRoleIdOf = (fnId: string) => tenantRoleIdOf(fnId) ?? roleIdOf(fnId);
  const tenantRoleIds = [...new Set([...sessionFnIds].map((fnId) => tenantRoleIdOf(fnId)!))];
  const tableId = idOf(stack.table);
  const bucketId = idOf(stack.bucket);

  describe('functions', () => {
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

    it(
      "deploys each operation's one state machine definition, invoking its own step function, logged and " + 'traced',
      () => {
        const machines = template.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>;
        expect(Object.keys(machines)).toHaveLength(operations.length);
        for (const op of operations) {
          const machineId = idOf(stack.stateMachines.get(op.name)!);
          const machine = machines[machineId]!.Properties;
          // The definition the local runtime runs (shared/operations/machine.ts), with the step function's ARN
          // substituted.
          expect(JSON.parse(machine.DefinitionString)).toEqual(
            // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation definition substitution
            operationStateMachine(op.name, '${StepFunctionArn}', {
              segmented: isSegmented(op),
              maxConcurrency: stageConfig(stage).maintenanceConcurrency,
            }),
          );
          expect(machine.DefinitionSubstitutions).toEqual({
            StepFunctionArn: { 'Fn::GetAtt': [stepFnIds.get(op.name), 'Arn'] },
          });
          expect(machine.TracingConfiguration).toEqual({ Enabled: true });
          expect(machine.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
          // The machines of a group share a role: it may invoke their step functions and nothing else.
          const invoke = attachedStatements(template, machine.RoleArn['Fn::GetAtt'][0]).filter((st) =>
            [st.Action].flat().includes('lambda:InvokeFunction'),
          );
          expect(invoke.map((st) => st.Resource)).toContainEqual({ 'Fn::GetAtt': [stepFnIds.get(op.name), 'Arn'] });
          for (const st of invoke)
            expect([...stepFnIds.values()]).toContain((st.Resource as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]);
        }
      },
    );

    it(
      "lets each machine start an execution of its own (the one that carries on, a Distributed Map's children) and " +
        "a segmented one describe, stop and redrive its Map Run's children: nothing more",
      () => {
        const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
        for (const op of operations) {
          const machineId = idOf(stack.stateMachines.get(op.name)!);
          const roleId = idOf(stack.stateMachines.get(op.name)!.role);
          const own = policies.filter(
            (p) =>
              JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`) &&
              JSON.stringify(p.Properties.PolicyDocument).includes(`"${machineId}"`),
          );
          expect(own, op.name).toHaveLength(1);
          const statements = own[0]!.Properties.PolicyDocument.Statement as Statement[];
          const children = (label: string) => ({
            'Fn::Join': [
              '',
              [
                'arn:',
                { Ref: 'AWS::Partition' },
                ':states:',
                { Ref: 'AWS::Region' },
                ':',
                { Ref: 'AWS::AccountId' },
                ':execution:',
                { 'Fn::GetAtt': [machineId, 'Name'] },
                `/${label}`,
              ],
            ],
          });
          expect(statements.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
            { Action: 'states:StartExecution', Resource: { Ref: machineId } },
            ...(isSegmented(op)
              ? [
                  { Action: ['states:DescribeExecution', 'states:StopExecution'], Resource: children('*') },
                  { Action: 'states:RedriveExecution', Resource: children(`${MAP_RUN_LABEL}:*`) },
                ]
              : []),
          ]);
          expect(own[0]!.Properties.Roles).toEqual([{ Ref: roleId }]);
        }
      },
    );

    it("lets the /service routes start the operations' state machines, each naming only its own", () => {
      const machineIds = [...stack.stateMachines.values()].map((machine) => idOf(machine));
      for (const route of routes.filter((r) => r.executions === 'start')) {
        const fnId = routeFnIds.get(route.operation)!;
        const own = route.operation.replace('service.', '');
        const statements = attachedStatements(template, roleIdOf(fnId));
        const start = statements.filter((st) => [st.Action].flat().includes('states:StartExecution'));
        // One role for the start routes (one access level): it may start the operations' machines, no other.
        expect(start.map((st) => st.Resource)).toContainEqual({ Ref: idOf(stack.stateMachines.get(own)!) });
        for (const st of start) expect(machineIds).toContain((st.Resource as { Ref: string }).Ref);
        expect(statements.flatMap((st) => [st.Action].flat()).filter((a: string) => a.startsWith('dynamodb:'))).toEqual(
          [],
        );
        const env = functions[fnId]!.Properties.Environment.Variables as Record<string, unknown>;
        expect(JSON.stringify(env.STATE_MACHINE_ARNS)).toContain(`\\"${own}\\"`);
        for (const other of operations.filter((o) => o.name !== own))
          expect(JSON.stringify(env.STATE_MACHINE_ARNS)).not.toContain(`\\"${other.name}\\"`);
      }
    });

    it('lets the execution status route read the executions of every state machine, and nothing else', () => {
      for (const route of routes.filter((r) => r.executions === 'read')) {
        const statements = ownStatements(template, roleIdOf(routeFnIds.get(route.operation)!));
        expect(statements.flatMap((st) => [st.Action].flat()).sort()).toEqual([
          'states:DescribeExecution',
          'states:GetExecutionHistory',
        ]);
        const resources = JSON.stringify(statements[0]!.Resource);
        for (const op of operations)
          expect(resources).toContain(
            JSON.stringify({ 'Fn::GetAtt': [idOf(stack.stateMachines.get(op.name)!), 'Name'] }),
          );
        expect(resources).toContain(':execution:');
        const env = functions[routeFnIds.get(route.operation)!]!.Properties.Environment.Variables as Record<
          string,
          unknown
        >;
        expect(JSON.stringify(env.STATE_MACHINE_ARNS)).toContain(operations.at(-1)!.name);
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
  });

  describe('permissions', () => {
    it('grants read-only routes no write actions, with their tenant sessions', () => {
      const readRoutes = routes.filter((r) => r.data === 'read');
      expect(readRoutes.length).toBeGreaterThan(0);
      for (const route of readRoutes) {
        const actions = roleActions(template, dataRoleIdOf(routeFnIds.get(route.operation)!));
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
        for (const action of WRITE_ACTIONS) expect(actions).not.toContain(action);
        // The table grant covers the table and its indexes, never a wildcard resource.
        const resources = JSON.stringify(
          ownStatements(template, dataRoleIdOf(routeFnIds.get(route.operation)!)).flatMap((st) => [st.Resource].flat()),
        );
        expect(resources).toContain(JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] }));
        expect(resources).toContain('/index/*');
        expect(resources).not.toContain('"*"');
      }
    });

    it('grants write routes read and write, with their tenant sessions', () => {
      for (const route of routes.filter((r) => r.data === 'write')) {
        const actions = roleActions(template, dataRoleIdOf(routeFnIds.get(route.operation)!));
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', ...WRITE_ACTIONS]));
      }
    });

    it('grants routes without data no table access', () => {
      for (const route of routes.filter((r) => r.data === 'none')) {
        const actions = roleActions(template, roleIdOf(routeFnIds.get(route.operation)!));
        expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
      }
    });

    it('lets only maintenance steps scan the table or list the bucket (and a records reader its own folder)', () => {
      const recordReaders = routes.filter((r) => r.records === 'read').map((r) => routeFnIds.get(r.operation));
      for (const fnId of ownFnIds) {
        const actions = [...roleActions(template, roleIdOf(fnId)), ...roleActions(template, dataRoleIdOf(fnId))];
        const step = [...stepFnIds.values()].includes(fnId);
        expect(actions.includes('dynamodb:Scan'), fnId).toBe(step);
        if (!step)
          expect(
            actions.filter((a) => /^s3:(List|GetBucket)/.test(a) || a.endsWith('*')),
            fnId,
          ).toEqual(recordReaders.includes(fnId) ? ['s3:ListBucket'] : []);
      }
    });

    it('grants file access by the table: none, read, write (put), read-delete, write-delete; records to write', () => {
      const subjects = [
        ...routes.map((r) => ({ files: r.files as string, records: r.records, fnId: routeFnIds.get(r.operation)! })),
        ...eventFunctions.map((e) => ({ files: e.files as string, records: undefined, fnId: eventFnIds.get(e.name)! })),
      ];
      for (const { files, records, fnId } of subjects) {
        const s3 = roleActions(template, dataRoleIdOf(fnId)).filter((a) => a.startsWith('s3:'));
        // Release records: put with their retention by the functions that make them (test/infra/records.test.ts).
        const recordActions =
          records === 'write'
            ? ['s3:PutObject', 's3:PutObjectRetention']
            : records === 'read'
              ? ['s3:GetObject', 's3:ListBucket']
              : [];
        if (files === 'none') {
          expect(s3.sort(), fnId).toEqual(recordActions);
          continue;
        }
        expect([...new Set(s3)].sort(), fnId).toEqual(
          [
            ...new Set([
              's3:GetObject',
              ...(files.endsWith('delete') ? ['s3:DeleteObject'] : []),
              ...(files.startsWith('write') ? ['s3:PutObject'] : []),
              ...recordActions,
            ]),
          ].sort(),
        );
        // API and event functions touch document files only; with a tenant session, its own facility's.
        expect(JSON.stringify(policyResources(template, dataRoleIdOf(fnId)))).toContain(
          sessionFnIds.has(fnId) ? `/${SESSION_FILES}*` : `/${DOCUMENT_FILES_PREFIX}*`,
        );
      }
    });

    it('runs the scheduled event functions (the release sweep) from an EventBridge rate rule, every minute', () => {
      const scheduled = eventFunctions.filter((e) => e.source === 'schedule');
      expect(scheduled.map((e) => e.name)).toEqual(['container.releaseSweep']);
      for (const event of scheduled) {
        template.hasResourceProperties('AWS::Events::Rule', {
          ScheduleExpression: `rate(${RELEASE_SWEEP_MINUTES} minute)`,
          State: 'ENABLED',
          Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [eventFnIds.get(event.name), 'Arn'] } })],
        });
        template.hasResourceProperties('AWS::Lambda::Permission', {
          FunctionName: { 'Fn::GetAtt': [eventFnIds.get(event.name), 'Arn'] },
          Principal: 'events.amazonaws.com',
        });
      }
    });

    it('calls the event functions on their S3 events', () => {
      for (const event of eventFunctions.filter((e) => e.source === 'files:objectCreated')) {
        template.hasResourceProperties('Custom::S3BucketNotifications', {
          BucketName: { Ref: bucketId },
          NotificationConfiguration: {
            LambdaFunctionConfigurations: Match.arrayWith([
              {
                Events: ['s3:ObjectCreated:*'],
                LambdaFunctionArn: { 'Fn::GetAtt': [eventFnIds.get(event.name), 'Arn'] },
                Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: DOCUMENT_FILES_PREFIX }] } },
              },
            ]),
          },
        });
      }
    });

    it(
      "feeds the table's change stream, in order, to the stream functions: counted types only, bad batches halved, " +
        'then parked',
      () => {
        template.hasResourceProperties('AWS::DynamoDB::Table', {
          StreamSpecification: { StreamViewType: TABLE_DEFINITION.streamView },
        });
        for (const event of eventFunctions.filter((e) => e.source === 'table:changes')) {
          const mappings = Object.values(
            template.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>,
          ).filter((m) => m.Properties.FunctionName?.Ref === eventFnIds.get(event.name));
          // Two mappings, each with the filter of its consumer (shared/data/counted.ts STREAM_CONSUMERS).
          expect(mappings).toHaveLength(2);
          for (const mapping of mappings.map((m) => m.Properties))
            expect(mapping).toMatchObject({
              EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
              StartingPosition: 'TRIM_HORIZON',
              BatchSize: 100,
              ParallelizationFactor: 1,
              BisectBatchOnFunctionError: true,
              DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
            });
          const patterns = mappings.map((m) =>
            m.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern)),
          );
          expect(patterns).toEqual([
            [
              { dynamodb: { NewImage: { Type: { S: COUNTED_TYPES } } } },
              { dynamodb: { OldImage: { Type: { S: COUNTED_TYPES } } } },
            ],
            [
              {
                eventName: ['INSERT'],
                dynamodb: {
                  Keys: { PK: { S: [{ prefix: 'C#' }] } },
                  NewImage: {
                    Facility: { S: [{ exists: true }] },
                    Type: { S: [{ 'anything-but': ['Facility', ...COUNTED_TYPES] }] },
                  },
                },
              },
            ],
          ]);
          expect(roleActions(template, roleIdOf(eventFnIds.get(event.name)!))).toEqual(
            expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'sqs:SendMessage']),
          );
        }
      },
    );

    it(
      'gives a function that reaches data for a caller no table or bucket grant of its own: it assumes its tenant ' +
        'role with the session tags (a cross-tenant route also queries its cross-tenant partitions, by their keys)',
      () => {
        expect(sessionFnIds.size).toBeGreaterThan(20);
        for (const route of routes.filter((r) => sessionFnIds.has(routeFnIds.get(r.operation)!))) {
          const fnId = routeFnIds.get(route.operation)!;
          const own = ownStatements(template, roleIdOf(fnId));
          const assume = own.filter((st) => [st.Action].flat().includes('sts:AssumeRole'));
          expect(assume, fnId).toEqual([
            expect.objectContaining({
              Action: ['sts:AssumeRole', 'sts:TagSession'],
              Resource: { 'Fn::GetAtt': [tenantRoleIdOf(fnId), 'Arn'] },
            }),
          ]);
          const data = own.filter((st) => [st.Action].flat().some((a) => /^(dynamodb|s3):/.test(a)));
          if (!route.allTenants) {
            expect(data, fnId).toEqual([]);
            continue;
          }
          const { index, prefix } = CROSS_TENANT_INDEXES[route.allTenants];
          expect(data).toEqual([
            expect.objectContaining({
              Action: 'dynamodb:Query',
              Resource: [
                { 'Fn::GetAtt': [tableId, 'Arn'] },
                { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, `/index/${index}`]] },
              ],
              Condition: expect.objectContaining({
                'ForAllValues:StringLike': expect.objectContaining({ 'dynamodb:LeadingKeys': [`${prefix}*`] }),
                Null: expect.objectContaining({ 'dynamodb:LeadingKeys': 'false' }),
              }),
            }),
          ]);
        }
      },
    );

    it('lets only the function roles that need it assume a tenant role, with both session tags and no other', () => {
      const roles = template.findResources('AWS::IAM::Role') as Record<string, Resource>;
      for (const tenantRoleId of tenantRoleIds) {
        const assumers = [...sessionFnIds].filter((fnId) => tenantRoleIdOf(fnId) === tenantRoleId).map(roleIdOf);
        const trust = roles[tenantRoleId]!.Properties.AssumeRolePolicyDocument.Statement as Record<string, unknown>[];
        expect(new Set(trust.map((st) => JSON.stringify(st.Principal)))).toEqual(
          new Set(assumers.map((id) => JSON.stringify({ AWS: { 'Fn::GetAtt': [id, 'Arn'] } }))),
        );
        for (const statement of trust)
          expect(statement).toMatchObject({
            Effect: 'Allow',
            Action: ['sts:AssumeRole', 'sts:TagSession'],
            Condition: {
              'ForAllValues:StringEquals': { 'aws:TagKeys': Object.values(SESSION_TAGS) },
              Null: { 'aws:RequestTag/client': 'false', 'aws:RequestTag/facility': 'false' },
            },
          });
        expect(roles[tenantRoleId]!.Properties.MaxSessionDuration).toBe(SESSION_SECONDS);
      }
    });

    it(
      "keeps a tenant role to its session's tenant: leading keys (ForAllValues) of its own partitions, a Null " +
        "guard, no Scan, the facility's own object keys",
      () => {
        expect(tenantRoleIds.length).toBeGreaterThanOrEqual(8);
        const tenant = tenantPartitions(TAG.client, TAG.facility);
        for (const tenantRoleId of tenantRoleIds) {
          const statements = ownStatements(template, tenantRoleId) as (Statement & { Condition?: any })[];
          expect(statements.length).toBeGreaterThan(0);
          for (const statement of statements) {
            const actions = [statement.Action].flat();
            expect(actions).not.toContain('dynamodb:Scan');
            if (actions.some((a) => a.startsWith('dynamodb:'))) {
              const onIndex = JSON.stringify(statement.Resource).includes('/index/*');
              expect(statement.Condition, tenantRoleId).toEqual(
                onIndex
                  ? {
                      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${tenant.indexPrefix}*`] },
                      Null: { 'dynamodb:LeadingKeys': 'false', ...TAGS_PRESENT },
                    }
                  : {
                      'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [tenant.directory, tenant.facility] },
                      Null: { 'dynamodb:LeadingKeys': 'false', ...TAGS_PRESENT },
                    },
              );
              if (onIndex) expect(actions).toEqual(['dynamodb:Query']);
            } else if (actions.includes('s3:ListBucket')) {
              // A listing: the bucket, under the session's own folder only.
              expect(actions, tenantRoleId).toEqual(['s3:ListBucket']);
              expect(statement.Condition, tenantRoleId).toEqual({ StringLike: { 's3:prefix': [`${SESSION_FILES}*`] } });
            } else {
              expect(actions.every((a) => a.startsWith('s3:'))).toBe(true);
              expect(JSON.stringify(statement.Resource).endsWith(`/${SESSION_FILES}*"]]}`), tenantRoleId).toBe(true);
            }
          }
        }
      },
    );

    it("keeps an event function's grants to facilities' items and its cross-tenant partitions, never a Scan", () => {
      for (const event of eventFunctions) {
        const statements = ownStatements(template, roleIdOf(eventFnIds.get(event.name)!)) as (Statement & {
          Condition?: any;
        })[];
        const onTable = statements.filter((st) => [st.Action].flat().some((a) => ITEM_ACTION.test(a)));
        expect(onTable.length).toBeGreaterThan(0);
        for (const statement of onTable) {
          expect([statement.Action].flat()).not.toContain('dynamodb:Scan');
          expect(statement.Condition?.Null).toEqual({ 'dynamodb:LeadingKeys': 'false' });
          const keys = statement.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'] as string[];
          const across = event.allTenants ? `${CROSS_TENANT_INDEXES[event.allTenants].prefix}*` : undefined;
          expect(keys.every((k) => k === 'C#*#F#*' || k === across)).toBe(true);
        }
      }
    });

    it('grants the authorizer no dynamodb or s3 action', () => {
      const actions = roleActions(template, roleIdOf(authorizerFnId));
      expect(actions.filter((a) => /^(dynamodb|s3):/.test(a))).toEqual([]);
    });

    it('lets API Gateway invoke every route function', () => {
      for (const fnId of routeFnIds.values()) {
        template.hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          Principal: 'apigateway.amazonaws.com',
          FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        });
      }
    });
  });

  describe('HTTP API', () => {
    const authorizers = template.findResources('AWS::ApiGatewayV2::Authorizer') as Record<string, Resource>;
    const authorizerId = Object.keys(authorizers)[0]!;

    it('has a Lambda REQUEST authorizer with simple responses, cached 300 s on Authorization', () => {
      expect(Object.keys(authorizers)).toHaveLength(1);
      expect(authorizers[authorizerId]!.Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        EnableSimpleResponses: true,
        AuthorizerResultTtlInSeconds: 300,
        IdentitySource: ['$request.header.Authorization'],
        AuthorizerPayloadFormatVersion: '2.0',
      });
      expect(JSON.stringify(authorizers[authorizerId]!.Properties.AuthorizerUri)).toContain(
        JSON.stringify({ 'Fn::GetAtt': [authorizerFnId, 'Arn'] }),
      );
    });

    it(
      'registers every route and its trailing-slash twin (greedy, as route keys may not end in "/"), on its own ' +
        'function',
      () => {
        const all = template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>;
        expect(Object.keys(all)).toHaveLength(routes.length * 2);
        expect(Object.values(all).filter((r) => String(r.Properties.RouteKey).endsWith('/'))).toEqual([]);
        const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
        for (const route of routes) {
          const [path, twin] = gatewayPathsOf(route);
          expect(twin).toBe(`${path}/{proxy+}`);
          for (const p of [path, twin]) {
            const found = Object.values(all).filter((r) => r.Properties.RouteKey === routeKey(route, p));
            expect(found, routeKey(route, p)).toHaveLength(1);
            const props = found[0]!.Properties;
            if (route.auth === 'token')
              expect(props).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } });
            if (route.auth !== 'token') {
              expect(props.AuthorizationType).toBe(route.auth === 'public' ? 'NONE' : 'AWS_IAM');
              expect(props.AuthorizerId).toBeUndefined();
            }
            const integrationId = props.Target['Fn::Join'][1][1].Ref as string;
            expect(integrations[integrationId]!.Properties).toMatchObject({
              IntegrationType: 'AWS_PROXY',
              PayloadFormatVersion: '2.0',
              IntegrationUri: { 'Fn::GetAtt': [routeFnIds.get(route.operation), 'Arn'] },
            });
          }
        }
      },
    );

    it('has an explicit $default stage throttled per stage', () => {
      template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: {
          ThrottlingRateLimit: config.throttle.rateLimit,
          ThrottlingBurstLimit: config.throttle.burstLimit,
        },
      });
    });

    it('answers CORS preflight for the stage origins', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
        ProtocolType: 'HTTP',
        CorsConfiguration: {
          AllowOrigins: [...config.corsAllowedOrigins],
          AllowHeaders: [...CORS_ALLOW_HEADERS],
          ExposeHeaders: [...CORS_EXPOSE_HEADERS],
          AllowMethods: Match.arrayWith(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']),
        },
      });
    });
  });

  describe('data', () => {
    it('has the table: keys, on-demand, PITR, TTL, protection per stage', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: TABLE_DEFINITION.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE_DEFINITION.sortKey, AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'ExpiresAt', Enabled: true },
      });
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
      const table = template.toJSON().Resources[tableId] as Resource;
      expect(table.Properties.TimeToLiveSpecification.AttributeName).toBe(TABLE_DEFINITION.timeToLiveAttribute);
      if (prod) {
        template.hasResource('AWS::DynamoDB::Table', {
          DeletionPolicy: 'Retain',
          UpdateReplacePolicy: 'Retain',
          Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
        });
      } else {
        expect(table.DeletionPolicy).toBe('Delete');
        expect(table.Properties.DeletionProtectionEnabled).not.toBe(true);
      }
    });

    it('has the bucket: private, encrypted, versioned, TLS only, CORS for presigned uploads', () => {
      // The file bucket, the records bucket (test/infra/records.test.ts) and the bucket of their access logs.
      template.resourceCountIs('AWS::S3::Bucket', 3);
      template.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'files/' },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
              AllowedOrigins: [...config.corsAllowedOrigins],
              AllowedHeaders: ['*'],
              ExposedHeaders: ['ETag'],
            }),
          ],
        },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
      if (prod) {
        template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
        template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
      } else {
        template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
        template.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
      }
    });
  });

  describe('controls', () => {
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

    it('writes an access log line per API request', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        AccessLogSettings: {
          DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('ApiAccessLogs'), 'Arn'] },
          Format: Match.stringLikeRegexp('requestId.*status.*latency'),
        },
      });
    });

    it(
      'keeps the events of asynchronously invoked functions that failed every attempt (S3 notification, ' + 'schedule)',
      () => {
        for (const event of eventFunctions.filter((e) => e.source !== 'table:changes')) {
          const dlq = functions[eventFnIds.get(event.name)!]!.Properties.DeadLetterConfig;
          expect(dlq?.TargetArn?.['Fn::GetAtt']?.[1], event.name).toBe('Arn');
        }
      },
    );
  });

  describe('monitoring', () => {
    type MetricQuery = {
      Id: string;
      Expression?: string;
      MetricStat?: {
        Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] };
        Stat: string;
      };
    };
    const alarms = template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>;
    const composites = template.findResources('AWS::CloudWatch::CompositeAlarm') as Record<string, Resource>;
    const topicRef = { Ref: idOf(stack.monitoring.topic) };
    const alarmNamed = (name: string) =>
      Object.values(alarms).find((a) => a.Properties.AlarmName === `NmArchive-${stage}-${name}`);
    /** The alarms a name stands for: itself, or the parts its composite alarm joins. */
    const partsOf = (name: string): Resource[] => {
      const single = alarmNamed(name);
      if (single) return [single];
      const composite = Object.values(composites).find((a) => a.Properties.AlarmName === `NmArchive-${stage}-${name}`);
      expect(composite, name).toBeDefined();
      const joined = (composite!.Properties.AlarmRule as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      const parts = joined.flatMap((part) =>
        (part as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']
          ? [alarms[(part as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!]!]
          : [],
      );
      expect(parts.length, name).toBeGreaterThan(1);
      return parts;
    };
    const metricsOf = (alarm: Resource) =>
      ((alarm.Properties.Metrics ?? []) as MetricQuery[]).filter((q) => q.MetricStat).map((q) => q.MetricStat!);
    const dimension = (stat: { Metric: { Dimensions?: { Name: string; Value: unknown }[] } }, name: string) =>
      stat.Metric.Dimensions?.find((d) => d.Name === name)?.Value;
    const notifies = (alarm: Resource) => JSON.stringify(alarm.Properties.AlarmActions) === JSON.stringify([topicRef]);

    it('alarms on the 5xx rate of the API, in percent of its requests, and notifies the alarm topic', () => {
      const alarm = alarmNamed('ServerErrorRate')!;
      expect(alarm).toBeDefined();
      expect(notifies(alarm)).toBe(true);
      const stats = metricsOf(alarm);
      expect(stats.map((s) => `${s.Metric.Namespace} ${s.Metric.MetricName} ${s.Stat}`).sort()).toEqual([
        'AWS/ApiGateway 5xx Sum',
        'AWS/ApiGateway Count Sum',
      ]);
      for (const stat of stats) expect(dimension(stat, 'ApiId')).toEqual({ Ref: idOf(stack.api) });
      expect((alarm.Properties.Metrics as MetricQuery[]).find((q) => q.Expression)?.Expression).toContain(
        '100 * errors / requests',
      );
      expect(alarm.Properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
      });
    });

    it('alarms on the p99 latency of the API', () => {
      const alarm = alarmNamed('LatencyP99')!;
      expect(alarm.Properties).toMatchObject({
        Namespace: 'AWS/ApiGateway',
        MetricName: 'Latency',
        ExtendedStatistic: 'p99',
        Dimensions: [{ Name: 'ApiId', Value: { Ref: idOf(stack.api) } }],
      });
      expect(notifies(alarm)).toBe(true);
    });

    it("alarms on any throttle: every function, the table's reads and writes, every state machine", () => {
      const stats = partsOf('Throttles').flatMap(metricsOf);
      const throttledFunctions = stats
        .filter((s) => s.Metric.Namespace === 'AWS/Lambda' && s.Metric.MetricName === 'Throttles')
        .map((s) => (dimension(s, 'FunctionName') as { Ref: string }).Ref);
      expect(throttledFunctions.sort()).toEqual([...new Set(ownFnIds)].sort());
      expect(
        stats
          .filter((s) => s.Metric.Namespace === 'AWS/DynamoDB' && dimension(s, 'TableName') !== undefined)
          .map((s) => s.Metric.MetricName)
          .sort(),
      ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
      expect(
        stats.filter((s) => s.Metric.Namespace === 'AWS/States' && s.Metric.MetricName === 'ExecutionThrottled'),
      ).toHaveLength(operations.length);
    });

    it('alarms on every failed, timed-out or aborted maintenance execution', () => {
      const stats = partsOf('FailedExecutions').flatMap(metricsOf);
      for (const op of operations) {
        const arn = { Ref: idOf(stack.stateMachines.get(op.name)!) };
        const names = stats
          .filter((s) => JSON.stringify(dimension(s, 'StateMachineArn')) === JSON.stringify(arn))
          .map((s) => s.Metric.MetricName)
          .sort();
        expect(names, op.name).toEqual(['ExecutionsAborted', 'ExecutionsFailed', 'ExecutionsTimedOut']);
      }
    });

    it('alarms on any message in a dead-letter queue', () => {
      const stats = partsOf('DeadLetterQueueDepth').flatMap(metricsOf);
      expect(stack.deadLetterQueues.length).toBe(eventFunctions.length);
      expect(
        stats.map((s) => (dimension(s, 'QueueName') as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]).sort(),
      ).toEqual(stack.deadLetterQueues.map((q) => idOf(q)).sort());
      expect(
        stats.every((s) => s.Metric.MetricName === 'ApproximateNumberOfMessagesVisible' && s.Stat === 'Maximum'),
      ).toBe(true);
    });

    it('alarms on any security event: a call IAM refused a function (the second wall caught one)', () => {
      const alarm = alarmNamed('SecurityEvents')!;
      expect(alarm.Properties).toMatchObject({
        Namespace: `nm-archive/${stage}`,
        MetricName: 'SecurityEvents',
        Dimensions: [{ Name: 'service', Value: 'nm-archive' }],
        Statistic: 'Sum',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
      });
      expect(notifies(alarm)).toBe(true);
    });

    it(
      'keeps every metric math alarm within 10 metrics; each alarm or the composite joining it notifies the ' + 'topic',
      () => {
        for (const [id, alarm] of Object.entries(alarms)) expect(metricsOf(alarm).length, id).toBeLessThanOrEqual(10);
        for (const name of [...stack.monitoring.alarms.keys()]) {
          const top =
            alarmNamed(name) ??
            Object.values(composites).find((a) => a.Properties.AlarmName === `NmArchive-${stage}-${name}`);
          expect(top && notifies(top), name).toBe(true);
        }
      },
    );

    it(
      'has a dashboard of the stage with the API, the route and step metrics (EMF, per operation) and the ' + 'alarms',
      () => {
        const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
        expect(dashboards).toHaveLength(1);
        expect(dashboards[0]!.Properties.DashboardName).toBe(`nm-archive-${stage}`);
        // The body is JSON text joined with references: its literal parts, references left out.
        const raw = dashboards[0]!.Properties.DashboardBody as string | { 'Fn::Join': [string, unknown[]] };
        const parts = typeof raw === 'string' ? [raw] : raw['Fn::Join'][1];
        const text = parts.map((part) => (typeof part === 'string' ? part : '')).join('');
        const referenced = new Set(
          parts.flatMap((part) => (part as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']?.[0] ?? []),
        );
        for (const metric of ['Latency', '4xx', '5xx', 'StepDuration', 'Processed', 'StepFailures']) {
          expect(text).toContain(
            `SEARCH('{nm-archive/${stage},operation,service} service=\\"nm-archive\\" MetricName=\\"${metric}\\"'`,
          );
        }
        for (const [name, alarm] of stack.monitoring.alarms)
          expect(referenced.has(idOf(alarm as unknown as IConstruct)), name).toBe(true);
        expect([...stack.monitoring.alarms.keys()]).toEqual([
          'ServerErrorRate',
          'LatencyP99',
          'Throttles',
          'FailedExecutions',
          'DeadLetterQueueDepth',
          'SecurityEvents',
        ]);
      },
    );
  });

  it('outputs the API URL, table and bucket names, dashboard, alarm topic and each state machine', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: tableId } });
    template.hasOutput('BucketName', { Value: { Ref: bucketId } });
    template.hasOutput('DashboardName', {});
    template.hasOutput('AlarmTopicArn', { Value: { Ref: idOf(stack.monitoring.topic) } });
    for (const op of operations)
      template.hasOutput(`${op.name[0]!.toUpperCase()}${op.name.slice(1)}StateMachineArn`, {
        Value: { Ref: idOf(stack.stateMachines.get(op.name)!) },
      });
  });
});

/** The ids of the stateful resources in the stage's stack of the one-stack layout (main at 7b4b1a5), per stage. */
const STATEFUL_BEFORE_NESTED_STACKS: Record<string, string> = {
  StorageTableB43FDCE7: 'AWS::DynamoDB::Table',
  StorageFiles48C02C92: 'AWS::S3::Bucket',
  StorageFilesAccessLogs1D64C67E: 'AWS::S3::Bucket',
};

describe.each([...STAGES, 'alice'])('the stacks of %s', (stage) => {
  const { stack, stacks, template, sizes } = synth(stage);

  it(`hold at most ${QUOTAS.resources} resources and ${QUOTAS.templateBytes / 1000} KB of template each`, () => {
    process.stdout.write(`\n${stage}:\n${sizeTable(sizes)}`);
    expect(sizes.map((s) => s.name)).toContain(`NmArchive-${stage}`);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) {
      expect(size.resources, size.name).toBeLessThanOrEqual(QUOTAS.resources);
      expect(size.templateBytes, size.name).toBeLessThanOrEqual(QUOTAS.templateBytes);
    }
  });

  it("keep the table and the buckets in the stage's stack under the logical ids they had before nested stacks", () => {
    const own = stacks.get(stack.node.path)!.template.Resources as Record<string, Resource>;
    for (const [id, type] of Object.entries(STATEFUL_BEFORE_NESTED_STACKS)) {
      expect(own[id]?.Type, id).toBe(type);
      // Removed from the template would delete it: kept in prod (and the table protected), emptied and deleted in dev.
      expect(own[id]!.DeletionPolicy, id).toBe(stage === 'prod' ? 'Retain' : 'Delete');
    }
    const table = own.StorageTableB43FDCE7!.Properties;
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.DeletionProtectionEnabled === true).toBe(stage === 'prod');
    // Whatever holds data is in the stage's stack, never in a nested stack that a change of layout could replace.
    const stateful = /^AWS::(DynamoDB::Table|S3::Bucket|SQS::Queue)$/;
    for (const [path, { template: nested }] of stacks) {
      if (path === stack.node.path) continue;
      const types = Object.values(nested.Resources as Record<string, Resource>).map((r) => r.Type);
      expect(
        types.filter((t) => stateful.test(t)),
        path,
      ).toEqual([]);
    }
  });

  it('names nothing that another stage of the account could name too', () => {
    // Names an account holds once: every one this stage sets carries the stage's name (the rest CloudFormation makes).
    const named = Object.values(template.toJSON().Resources as Record<string, Resource>).flatMap((r) =>
      Object.entries(r.Properties ?? {})
        .filter(([key, value]) => ACCOUNT_WIDE_NAMES.has(`${r.Type} ${key}`) && typeof value === 'string')
        .map(([key, value]) => `${r.Type} ${key} ${value as string}`),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(name).toMatch(new RegExp(`(nm-archive|NmArchive)-${stage}(-|$)`));
    const exports = Object.values(template.toJSON().Outputs ?? {}).filter((o) => (o as { Export?: unknown }).Export);
    expect(exports).toEqual([]);
    expect(stack.stackName).toBe(`NmArchive-${stage}`);
  });
});

/** Properties that name a resource once in an account and region (as `<type> <property>`). */
const ACCOUNT_WIDE_NAMES = new Set([
  'AWS::CloudWatch::Alarm AlarmName',
  'AWS::CloudWatch::CompositeAlarm AlarmName',
  'AWS::CloudWatch::Dashboard DashboardName',
  'AWS::DynamoDB::Table TableName',
  'AWS::S3::Bucket BucketName',
  'AWS::Logs::LogGroup LogGroupName',
  'AWS::IAM::Role RoleName',
  'AWS::Lambda::Function FunctionName',
  'AWS::SQS::Queue QueueName',
  'AWS::SNS::Topic TopicName',
  'AWS::StepFunctions::StateMachine StateMachineName',
  'AWS::Events::Rule Name',
  'AWS::ApiGatewayV2::Api Name',
  'AWS::Backup::BackupVault BackupVaultName',
]);

describe('context overrides', () => {
  it('reach the authorizer environment and the CORS rules', () => {
    const context = {
      authIssuer: 'https://id.test/pool',
      authAudience: 'aud',
      authJwksUri: 'https://id.test/pool/jwks',
      corsOrigins: 'https://app.test',
    };
    const { stack, template, idOf } = synthesize('prod', context);
    const env = (template.toJSON().Resources[idOf(stack.authorizerFunction)] as Resource).Properties.Environment
      .Variables;
    expect(env).toMatchObject({
      AUTH_ISSUER: 'https://id.test/pool',
      AUTH_AUDIENCE: 'aud',
      AUTH_JWKS_URI: 'https://id.test/pool/jwks',
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['https://app.test'] }),
    });
  });
});

describe('operator routes', () => {
  it('use IAM authorization', async () => {
    // No operator route exists yet: add one to the table for this test only.
    vi.resetModules();
    vi.doMock('../../shared/routes', async (importOriginal) => {
      const actual = await importOriginal<typeof import('../../shared/routes')>();
      const operatorRoute: Route = {
        operation: 'service.test',
        summary: 'A test.',
        method: 'POST',
        path: '/service/test',
        entry: 'functions/authorizer.ts',
        auth: 'operator',
        data: 'none',
        files: 'none',
      };
      return { ...actual, routes: [...actual.routes, operatorRoute] };
    });
    try {
      const { ServiceStack: MockedStack } = await import('../../infra/stack');
      const { template } = synthesize('dev', {}, MockedStack);
      for (const key of ['POST /service/test', 'POST /service/test/{proxy+}']) {
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
          RouteKey: key,
          AuthorizationType: 'AWS_IAM',
          AuthorizerId: Match.absent(),
        });
      }
    } finally {
      vi.doUnmock('../../shared/routes');
      vi.resetModules();
    }
  });
});
