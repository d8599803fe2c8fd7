/**
 * cdk-nag (v3, through CDK's Validations) on each stage's stacks (prod's replica stack too): the AwsSolutions and
 * Serverless packs find nothing that is not acknowledged with its reason. One synthesis per stage.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { stageStacks } from '../../infra/stage';
import { STAGES, stageConfig } from '../../infra/stages';

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

/** A table restored from a backup, which prod is pointed at (docs/restore.md). */
const RESTORED = {
  tableName: 'nm-archive-prod-restored',
  tableStreamArn:
    'arn:aws:dynamodb:eu-central-1:123456789012:table/nm-archive-prod-restored/stream/2026-11-26T10:00:00.000',
};

describe.each([...STAGES.map((stage) => [stage, {}] as const), ['prod', RESTORED] as const])(
  'cdk-nag on the %s stacks %o',
  (stage, context) => {
    it(
      'finds nothing unacknowledged in the AwsSolutions and Serverless packs, and every acknowledgement gives its ' +
        'reason',
      () => {
        const outdir = mkdtempSync(join(tmpdir(), 'nm-archive-nag-'));
        outdirs.push(outdir);
        const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...context } });
        const { replica } = stageStacks(
          app,
          stage,
          stageConfig(stage, (key) => app.node.tryGetContext(key)),
        );
        expect(replica !== undefined).toBe(stage === 'prod');
        Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
        let failure: unknown;
        try {
          app.synth();
        } catch (error) {
          failure = error;
        }
        const report = join(outdir, 'validation-report.json');
        const findings = existsSync(report)
          ? (
              JSON.parse(readFileSync(report, 'utf8')).pluginReports as {
                violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
              }[]
            ).flatMap((p) =>
              p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`)),
            )
          : [];
        expect(findings).toEqual([]);
        expect(failure).toBeUndefined();
        // Each acknowledgement is recorded on its construct as { ruleId: reason }.
        const acknowledged = app.node
          .findAll()
          .flatMap((c) =>
            c.node.metadata
              .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
              .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ id, reason }))),
          );
        expect(acknowledged.length).toBeGreaterThan(0);
        for (const rule of acknowledged) expect(rule.reason, rule.id).toMatch(/\w{4,}.*\w{4,}/);
        process.stdout.write(
          `cdk-nag (${stage}${'tableName' in context ? ', a restored table' : ''}): 0 unacknowledged findings, ` +
            `${acknowledged.length} acknowledgements ` +
            `(${new Set(acknowledged.map((r) => r.id.replace(/\[.*$/, ''))).size} rules)\n`,
        );
      },
    );
  },
);
