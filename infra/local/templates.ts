/**
 * A stage's templates read as one: the stage's stack and its nested stacks (one per resource group) synthesized once,
 * each nested stack's resources under `<its stack's logical id>/<logical id>`, the parameters it takes replaced by
 * what its parent passes and its parent's reads of its outputs by their values. So a reference across stacks reads as
 * a reference within one template (`{ Ref: <table id> }`), and the infra tests and the IAM check see every resource.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { type StackSize, stackSizes } from '../quotas';
import type { RecordsReplicaStack } from '../replica';
import type { ServiceStack } from '../stack';
import { stageStacks } from '../stage';
import { type StageConfig, stageConfig } from '../stages';

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template, of any shape
type Json = any;

export interface Stage {
  stack: ServiceStack;
  config: StageConfig;
  /** Every resource of every stack of the stage, and the stage's stack's outputs. */
  template: { Resources: Record<string, Json>; Outputs: Record<string, Json> };
  /** A construct's resource id in `template`. */
  idOf(construct: IConstruct): string;
  /** Each stack's own template as synthesized, by construct path. */
  stacks: Map<string, { stack: Stack; template: Json }>;
  /** Each stack's resource count and template size (infra/quotas.ts), the replica's last. */
  sizes: StackSize[];
  /** The records' replica stack in the stage's replica region and its template, where the stage has one. */
  replica?: { stack: RecordsReplicaStack; template: Json };
}

/**
 * Synthesizes a stage without bundling (the templates, not the bundles) in a scratch folder it removes again.
 * `context` adds CDK context; `Stack_` replaces the stack class (a test's mocked module).
 */
export function synthStage(stage: string, context: Record<string, string> = {}, Stack_?: typeof ServiceStack): Stage {
  const outdir = mkdtempSync(join(tmpdir(), 'nm-archive-cdk-'));
  try {
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...context } });
    const config = stageConfig(stage, (key) => app.node.tryGetContext(key));
    const { stack, replica } = stageStacks(app, stage, config, Stack_);
    const assembly = app.synth();
    const templateOf = (s: Stack): Json => JSON.parse(readFileSync(join(assembly.directory, s.templateFile), 'utf8'));
    const all = [stack, ...stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))];
    const stacks = new Map(all.map((s) => [s.node.path, { stack: s as Stack, template: templateOf(s) }]));
    const sizes = [stack, ...(replica ? [replica] : [])].flatMap((s) => stackSizes(s, assembly.directory));
    return {
      stack,
      config,
      ...flatten(stack, stacks),
      stacks,
      sizes,
      ...(replica ? { replica: { stack: replica, template: templateOf(replica) } } : {}),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function flatten(root: Stack, stacks: Map<string, { template: Json }>) {
  const nested = new Map<Stack, NestedStack[]>();
  for (const c of root.node.findAll())
    if (NestedStack.isNestedStack(c)) {
      const parent = c.nestedStackParent!;
      nested.set(parent, [...(nested.get(parent) ?? []), c]);
    }
  const prefixes = new Map<Stack, string>([[root, '']]);
  const resources: Record<string, Json> = {};
  const outputs = new Map<Stack, Record<string, Json>>();

  /** The stack's template with its ids prefixed and its parameters filled; its outputs as resolved values. */
  const walk = (stack: Stack, parameters: Record<string, Json>) => {
    const prefix = prefixes.get(stack)!;
    const template = stacks.get(stack.node.path)!.template;
    const children = new Map(
      (nested.get(stack) ?? []).map((child) => [stack.getLogicalId(child.nestedStackResource as CfnElement), child]),
    );
    const childOutputs = (id: string): Record<string, Json> => {
      const child = children.get(id)!;
      if (!outputs.has(child)) {
        prefixes.set(child, `${prefix}${id}/`);
        const given = rewrite(template.Resources[id].Properties?.Parameters ?? {}) as Record<string, Json>;
        walk(child, given);
      }
      return outputs.get(child)!;
    };
    const rewrite = (value: Json): Json => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== 'object') return value;
      if ('Ref' in value && typeof value.Ref === 'string') {
        if (value.Ref in (template.Parameters ?? {}) && value.Ref in parameters) return parameters[value.Ref];
        if (value.Ref in template.Resources) return { Ref: `${prefix}${value.Ref}` };
        return value;
      }
      if ('Fn::GetAtt' in value && Array.isArray(value['Fn::GetAtt'])) {
        const [id, attribute] = value['Fn::GetAtt'] as [string, string];
        if (children.has(id) && attribute.startsWith('Outputs.'))
          return childOutputs(id)[attribute.slice('Outputs.'.length)];
        return { 'Fn::GetAtt': [`${prefix}${id}`, attribute] };
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
    };
    for (const [id, resource] of Object.entries<Json>(template.Resources)) {
      if (children.has(id)) {
        childOutputs(id);
        continue;
      }
      const dependsOn = [resource.DependsOn ?? []].flat().filter((d: string) => !children.has(d));
      resources[`${prefix}${id}`] = {
        ...rewrite(resource),
        ...(resource.DependsOn ? { DependsOn: dependsOn.map((d: string) => `${prefix}${d}`) } : {}),
      };
    }
    outputs.set(
      stack,
      Object.fromEntries(Object.entries<Json>(template.Outputs ?? {}).map(([name, o]) => [name, rewrite(o.Value)])),
    );
  };
  walk(root, {});
  const rootOutputs = stacks.get(root.node.path)!.template.Outputs ?? {};
  const resolvedOutputs = outputs.get(root)!;
  return {
    template: {
      Resources: resources,
      Outputs: Object.fromEntries(
        Object.entries<Json>(rootOutputs).map(([name, o]) => [name, { ...o, Value: resolvedOutputs[name] }]),
      ),
    },
    idOf: (construct: IConstruct) => {
      const stack = Stack.of(construct);
      return `${prefixes.get(stack)}${stack.getLogicalId(construct.node.defaultChild as CfnElement)}`;
    },
  };
}
