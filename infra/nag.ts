/** cdk-nag (v3, CDK's Validations): acknowledging a finding with the reason it is right here. */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Acknowledges a cdk-nag finding (AwsSolutions or Serverless pack) on a construct and what is under it. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `${rule.split('-')[0]}::${rule}`, reason });
}
