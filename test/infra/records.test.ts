/**
 * The release records' bucket of each stage (StrlSchV § 86 Abs. 2: kept 30 years): S3 Object Lock with a default
 * retention of 30 years (COMPLIANCE in prod, GOVERNANCE in dev), kept when the stack goes, private, encrypted, TLS
 * only; only the functions that make records may put them (with their retention, through their tenant sessions) and
 * importRecords put a client's missing ones back (with the retention they were exported with), rebuildReleaseRegister a
 * facility's missing register line objects (locked 30 years from the release), the ones that present documents read
 * them, and no role may delete one.
 */
import { describe, expect, it } from 'vitest';
import { RECORD_RETENTION_DAYS } from '../../infra/records-bucket';
import { eventFunctions, routes } from '../../shared/routes';
import { operations } from '../../shared/routes/operations';
import { synthStage } from '../../infra/local/templates';

type Statement = { Effect?: string; Action: string | string[]; Resource: unknown };
const actionsOf = (s: Statement) => [s.Action].flat();

describe.each(['dev', 'prod'] as const)('the records bucket (%s)', (stage) => {
  // The stage's stacks read as one template (test/support/templates.ts): references across stacks resolved.
  const { stack, template, idOf } = synthStage(stage);
  const id = idOf(stack.recordsBucket);
  const mode = stage === 'prod' ? 'COMPLIANCE' : 'GOVERNANCE';
  const resources = template.Resources as Record<string, any>;
  /** Every policy statement that names the records bucket, with the roles it is attached to. */
  const onRecords = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => JSON.stringify(statement.Resource).includes(`"${id}"`))
        .map((statement) => ({ roles: JSON.stringify(policy.Properties.Roles), statement })),
    );

  it(`locks every object ${RECORD_RETENTION_DAYS} days (30 years) in ${mode} mode, and outlives the stack`, () => {
    expect(RECORD_RETENTION_DAYS).toBe(10_958);
    const resource = resources[id];
    expect(resource).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(resource.Properties).toMatchObject({
      ObjectLockEnabled: true,
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: mode, Days: RECORD_RETENTION_DAYS } },
      },
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: expect.objectContaining({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
      LoggingConfiguration: expect.objectContaining({ LogFilePrefix: 'records/' }),
    });
    const policy = Object.values(resources).find(
      (r) => r.Type === 'AWS::S3::BucketPolicy' && JSON.stringify(r.Properties.Bucket) === JSON.stringify({ Ref: id }),
    );
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('lets the functions that make records put them with their retention; nothing may delete or unlock one', () => {
    const writers = onRecords.filter(({ statement }) => actionsOf(statement).includes('s3:PutObject'));
    const makers = routes.filter((r) => r.records === 'write').map((r) => stack.routeFunctions.get(r.operation)!);
    // The release and an update that releases (record PDFs); a content's move into or out of a container, a receipt,
    // an elution and a movement (the material book's locked lines).
    expect(makers.length).toBe(7);
    // With the session of the record's tenant: the tenant role the function assumes (infra/access/tenant-role.ts).
    const roleOf = (fn: (typeof makers)[number]) =>
      JSON.stringify([{ Ref: resources[idOf(fn)].Properties.Environment.Variables.TENANT_ROLE_ARN['Fn::GetAtt'][0] }]);
    const importers = operations.filter((o) => o.step.records === 'write').map((o) => stack.stepFunctions.get(o.name)!);
    expect(importers.map((fn) => fn.node.id)).toEqual(['ImportRecordsStep', 'RebuildReleaseRegisterStep']);
    const ownRole = (fn: (typeof importers)[number]) =>
      JSON.stringify([{ Ref: resources[idOf(fn)].Properties.Role['Fn::GetAtt'][0] }]);
    // The archive check keeps a register line's missing copy (shared/services/archive-check.ts).
    const checkers = eventFunctions.filter((e) => e.records === 'write').map((e) => stack.eventFunctions.get(e.name)!);
    expect(checkers.map((fn) => fn.node.id)).toEqual(['ContainerArchiveCheck']);
    expect(new Set(writers.map((w) => w.roles))).toEqual(
      new Set([...makers.map(roleOf), ...importers.map(ownRole), ...checkers.map(ownRole)]),
    );
    for (const { roles, statement } of writers)
      expect(actionsOf(statement).sort()).toEqual(
        importers.map(ownRole).includes(roles)
          ? ['s3:GetObject', 's3:GetObjectRetention', 's3:PutObject', 's3:PutObjectRetention']
          : checkers.map(ownRole).includes(roles)
            ? ['s3:GetObject', 's3:PutObject', 's3:PutObjectRetention']
            : ['s3:PutObject', 's3:PutObjectRetention'],
      );
    const forbidden = onRecords.flatMap(({ statement }) =>
      actionsOf(statement).filter((a) =>
        /^s3:(Delete|BypassGovernance|PutObjectLegalHold|PutBucketObjectLock|\*)/.test(a),
      ),
    );
    expect(forbidden).toEqual([]);
  });
});
