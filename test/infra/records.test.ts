/**
 * The release records' bucket of each stage (StrlSchV § 86 Abs. 2: kept 30 years): S3 Object Lock with a default
 * retention of 30 years (COMPLIANCE in prod, GOVERNANCE in dev), kept when the stack goes, private, encrypted, TLS
 * only; only the functions that make records may put them (with their retention), the ones that present documents
 * read them, and no role may delete one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceStack } from '../../infra/stack';
import { RECORD_RETENTION_DAYS } from '../../infra/storage';
import { stageConfig } from '../../infra/stages';
import { routes } from '../../shared/routes';

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

function synth(stage: 'dev' | 'prod') {
  const outdir = mkdtempSync(join(tmpdir(), 'nm-archive-records-'));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
  return new ServiceStack(app, `NmArchive-${stage}`, { stage, config: stageConfig(stage) });
}

type Statement = { Effect?: string; Action: string | string[]; Resource: unknown };
/** Every statement of the policies in the stacks of `stack` (the stage's stack and any nested ones). */
function statements(stack: Stack): { role: unknown; statement: Statement }[] {
  const stacks = [stack, ...stack.node.findAll().filter((c): c is Stack => c instanceof Stack && c !== stack)];
  return stacks.flatMap((s) =>
    Object.values(Template.fromStack(s).findResources('AWS::IAM::Policy')).flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as Statement[]).map((statement) => ({
        role: policy.Properties.Roles,
        statement,
      })),
    ),
  );
}
const actionsOf = (s: Statement) => [s.Action].flat();
const names = (s: Statement, id: string) => JSON.stringify(s.Resource).includes(`"${id}`);

describe.each(['dev', 'prod'] as const)('the records bucket (%s)', (stage) => {
  const stack = synth(stage);
  const bucket = stack.recordsBucket;
  const template = Template.fromStack(Stack.of(bucket));
  const id = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement);
  const mode = stage === 'prod' ? 'COMPLIANCE' : 'GOVERNANCE';

  it(`locks every object ${RECORD_RETENTION_DAYS} days (30 years) in ${mode} mode, and outlives the stack`, () => {
    expect(RECORD_RETENTION_DAYS).toBe(10_958);
    const resource = template.toJSON().Resources[id];
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
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets the functions that make records put them with their retention; nothing may delete or unlock one', () => {
    const all = statements(stack).filter(({ statement }) => names(statement, id));
    const writers = all.filter(({ statement }) => actionsOf(statement).includes('s3:PutObject'));
    const makers = routes.filter((r) => r.records === 'write').map((r) => stack.routeFunctions.get(r.operation)!);
    expect(makers.length).toBe(2);
    expect(new Set(writers.map((w) => JSON.stringify(w.role)))).toEqual(
      new Set(
        makers.map((fn) =>
          JSON.stringify([{ Ref: Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as CfnElement) }]),
        ),
      ),
    );
    for (const { statement } of writers)
      expect(actionsOf(statement).sort()).toEqual(['s3:PutObject', 's3:PutObjectRetention']);
    const forbidden = all.flatMap(({ statement }) =>
      actionsOf(statement).filter((a) =>
        /^s3:(Delete|BypassGovernance|PutObjectLegalHold|PutBucketObjectLock|\*)/.test(a),
      ),
    );
    expect(forbidden).toEqual([]);
  });
});
