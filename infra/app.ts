/**
 * The CDK app (`cdk.json` runs it): one stack per stage, `npx cdk synth|deploy -c stage=dev|prod`.
 * Stage settings and their context overrides: infra/stages.ts.
 */
import { App } from 'aws-cdk-lib';
import { ServiceStack } from './stack';
import { stageConfig } from './stages';

const app = new App();
const stage: string = app.node.tryGetContext('stage') ?? 'dev';
new ServiceStack(app, `NmArchive-${stage}`, {
  stage,
  config: stageConfig(stage, (key) => app.node.tryGetContext(key)),
  description: `nm-archive service (${stage})`,
});
