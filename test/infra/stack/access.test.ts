/**
 * What each function may do in each stage (infra/access/): grants by the route table's access, the tenant roles a
 * function reaches a caller's data with, and their trust and conditions.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_SECONDS, SESSION_TAGS } from '../../../shared/clients/tenant-sessions';
import { CROSS_TENANT_INDEXES, tenantPartitions } from '../../../shared/data/table';
import { DOCUMENT_FILES_PREFIX, facilityFilesPrefix } from '../../../shared/domain/document';
import { eventFunctions, routes } from '../../../shared/routes';
import { STAGES } from '../../../infra/stages';
import { ownStatements, policyResources, type Resource, roleActions, type Statement, stageOf } from '../support/stack';

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
/** The session tags as a tenant role's policy variables. */
const TAG = { client: '$' + '{aws:PrincipalTag/client}', facility: '$' + '{aws:PrincipalTag/facility}' };
const TAGS_PRESENT = { 'aws:PrincipalTag/client': 'false', 'aws:PrincipalTag/facility': 'false' };
const SESSION_FILES = facilityFilesPrefix(TAG.client, TAG.facility);

describe.each(STAGES)('access (%s)', (stage) => {
  const {
    template,
    authorizerFnId,
    routeFnIds,
    eventFnIds,
    stepFnIds,
    ownFnIds,
    roleIdOf,
    sessionFnIds,
    tenantRoleIdOf,
    dataRoleIdOf,
    tenantRoleIds,
    tableId,
  } = stageOf(stage);

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
    const recordReaders = [
      ...routes.filter((r) => r.records === 'read').map((r) => routeFnIds.get(r.operation)),
      // The archive check: whether a record or a line's copy is there (a missing one answers 404, not 403).
      ...eventFunctions.filter((e) => e.records).map((e) => eventFnIds.get(e.name)),
    ];
    for (const fnId of ownFnIds) {
      const actions = [
        ...new Set([...roleActions(template, roleIdOf(fnId)), ...roleActions(template, dataRoleIdOf(fnId))]),
      ];
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
    // Release records: put with their retention by the routes that make them (test/infra/records.test.ts); the archive
    // check reads whether they are there and keeps a line's copy.
    const routeRecords = { write: ['s3:PutObject', 's3:PutObjectRetention'], read: ['s3:GetObject', 's3:ListBucket'] };
    const eventRecords = { ...routeRecords, write: ['s3:GetObject', 's3:ListBucket', ...routeRecords.write] };
    const subjects = [
      ...routes.map((r) => ({
        files: r.files as string,
        recordActions: r.records ? routeRecords[r.records] : [],
        fnId: routeFnIds.get(r.operation)!,
      })),
      ...eventFunctions.map((e) => ({
        files: e.files as string,
        recordActions: e.records ? eventRecords[e.records] : [],
        fnId: eventFnIds.get(e.name)!,
      })),
    ];
    for (const { files, recordActions, fnId } of subjects) {
      const s3 = roleActions(template, dataRoleIdOf(fnId)).filter((a) => a.startsWith('s3:'));
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

  it('grants the authorizer no dynamodb or s3 action', () => {
    const actions = roleActions(template, roleIdOf(authorizerFnId));
    expect(actions.filter((a) => /^(dynamodb|s3):/.test(a))).toEqual([]);
  });
});
