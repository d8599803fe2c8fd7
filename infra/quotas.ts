/**
 * How far each stack of a stage is from CloudFormation's quotas: 500 resources per stack and a template of 1 MB (by
 * S3), both hard. Each stack of the service keeps to half of them, so the service can double its endpoints without a
 * redesign; `npx cdk synth` prints every stack's figures and fails when one is over (infra/app.ts), and so does
 * test/infra/stack/stack.test.ts. Adding endpoints: docs/deploy.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';

export const QUOTAS = {
  /** Half of CloudFormation's 500. */
  resources: 250,
  /** Half of CloudFormation's 1 MB (a template deployed from S3), in bytes as synthesized. */
  templateBytes: 500_000,
} as const;

export interface StackSize {
  /** `NmArchive-prod` for the stage's stack, `NmArchive-prod/Container` for the nested stack of a group. */
  name: string;
  resources: number;
  templateBytes: number;
}

export const withinQuotas = (size: StackSize): boolean =>
  size.resources <= QUOTAS.resources && size.templateBytes <= QUOTAS.templateBytes;

/** Each stack of a stage synthesized into `assemblyDir`: the stage's own stack first, then its nested stacks. */
export function stackSizes(stage: Stack, assemblyDir: string): StackSize[] {
  const nested = stage.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c));
  return [stage, ...nested].map((stack) => {
    const text = readFileSync(join(assemblyDir, stack.templateFile), 'utf8');
    return {
      name: stack === stage ? stage.stackName : `${stage.stackName}/${stack.node.id}`,
      resources: Object.keys((JSON.parse(text) as { Resources?: object }).Resources ?? {}).length,
      templateBytes: Buffer.byteLength(text),
    };
  });
}

/** The figures as a table, one stack a line, and whether each holds. */
export function sizeTable(sizes: readonly StackSize[]): string {
  const rows = sizes.map((s) => {
    const kb = (s.templateBytes / 1000).toFixed(1);
    return `| ${s.name} | ${s.resources} | ${kb} | ${withinQuotas(s) ? 'holds' : 'EXCEEDED'} |`;
  });
  return [
    `| stack | resources (<= ${QUOTAS.resources}) | template KB (<= ${QUOTAS.templateBytes / 1000}) | quota |`,
    '|---|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}
