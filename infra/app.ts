/**
 * The CDK app (`cdk.json` runs it): one stack per stage, `npx cdk synth|deploy -c stage=dev|prod|<name>`, with a
 * nested stack per resource group (infra/groups.ts), and the records' replica stack in a second region where the
 * stage has one (infra/stage.ts). Stage settings and their context overrides: infra/stages.ts.
 * cdk-nag's AwsSolutions and Serverless packs check every synthesis: an unacknowledged finding stops it
 * (infra/stack.ts acknowledges the findings that are right, each with its reason). The synthesis prints each stack's
 * resource count and template size, and fails when one is over its quota (infra/quotas.ts), then what protects the
 * release book (infra/protection.ts). With a replica stack, `cdk synth` prints no template unless given a stack's name
 * (`npx cdk synth -c stage=prod NmArchive-prod`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { protectionSummary } from './protection';
import { QUOTAS, sizeTable, stackSizes, withinQuotas } from './quotas';
import { stageStacks } from './stage';
import { stageConfig } from './stages';

// CDK's own check stops a stack with more resources at synthesis, nested stacks too.
const app = new App({ context: { '@aws-cdk/core:stackResourceLimit': QUOTAS.resources } });
const stage: string = app.node.tryGetContext('stage') ?? 'dev';
const { stack, replica } = stageStacks(
  app,
  stage,
  stageConfig(stage, (key) => app.node.tryGetContext(key)),
);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));

const { directory } = app.synth();
const sizes = [stack, ...(replica ? [replica] : [])].flatMap((s) => stackSizes(s, directory));
process.stderr.write(`\n${sizeTable(sizes)}`);
const templateOf = (s: Stack) => JSON.parse(readFileSync(join(directory, s.templateFile), 'utf8'));
const replicaTemplate = replica && { name: replica.stackName, region: replica.region, template: templateOf(replica) };
process.stderr.write(`${protectionSummary(templateOf(stack), replicaTemplate).join('\n')}\n\n`);
if (!sizes.every(withinQuotas)) {
  process.stderr.write('A stack is over its quota: docs/deploy.md says how to split a resource group.\n');
  process.exitCode = 1;
}
