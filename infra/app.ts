/**
 * The CDK app (`cdk.json` runs it): one stack per stage, `npx cdk synth|deploy -c stage=dev|prod`.
 * Stage settings and their context overrides: infra/stages.ts. cdk-nag's AwsSolutions and
 * Serverless packs check every synthesis: an unacknowledged finding stops it (infra/stack.ts
 * acknowledges the findings that are right, each with its reason).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { ServiceStack } from './stack';
import { stageConfig } from './stages';

const app = new App();
const stage: string = app.node.tryGetContext('stage') ?? 'dev';
new ServiceStack(app, `NmArchive-${stage}`, {
  stage,
  config: stageConfig(stage, (key) => app.node.tryGetContext(key)),
  description: `nm-archive service (${stage})`,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
