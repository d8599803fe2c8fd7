/**
 * IAM checked, not trusted: every AWS request a function made during the run (recorded by the local runtime,
 * infra/local/iam-recorder.ts, with its condition keys and the tags of the tenant session it was made with) is
 * evaluated by an independent IAM evaluator (@cloud-copilot/iam-simulate) against the synthesized dev stage
 * (infra/local/iam-policies.ts): a request made with a tenant session as the tenant role with those tags, an
 * AssumeRole against the tenant role's trust policy, anything else as the function's own role. Any request not
 * allowed, and any condition key the evaluator ignored, is a failure.
 *
 * The second wall is then tried (docs/security.md): each kind of tenant-session request a function made is evaluated
 * again with another tenant's key (another client, another facility of the same client, facility `f1` against
 * `f10`, no key at all, another tenant's object key), and each such function's session is tried on a Scan, the uuid
 * index and the all-tenant indexes. Every one of those must be denied. The report counts the granted actions (own
 * role and tenant role) the run never exercised, and lists them per function in a file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CROSS_TENANT_INDEXES, keys, TABLE_DEFINITION } from '../../shared/data/table';
import { facilityFilesPrefix } from '../../shared/domain/document';
import { type IamAsk, type IamRequest, tableArn } from '../../infra/local/iam-requests';
import { type LocalNames, stagePolicies } from '../../infra/local/iam-policies';

type Statement = { Effect: string; Action: string | string[] };

const matches = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 'i').test(action);

export interface IamCheck {
  /** Requests the policies do not allow, one line each. */
  denied: string[];
  /** Requests whose condition keys the evaluator ignored (a key that does not apply to the action). */
  ignored: string[];
  /** Tries at another tenant's data that the policies allowed: the second wall's holes. */
  crossed: string[];
  /** Per function, the granted actions no request of the run used. */
  unexercised: Map<string, string[]>;
  requests: number;
  /** Of those, made with a tenant session and evaluated as the tenant role with its tags. */
  tagged: number;
  /** Tries at another tenant's data evaluated (each denied unless in `crossed`). */
  tries: number;
}

/** Another value of the same shape: `f1` → `f10` would be a prefix, so a fresh one (`f1` → `f1-other`). */
const other = (value: string) => `${value}-other`;

/**
 * The same request aimed elsewhere: each named kind rewrites the session's client or facility where the request names
 * it (keys, object keys), or drops its key. A kind that would leave the request as it was is left out (a client's
 * directory is shared by its facilities by design, so another facility changes nothing there).
 */
export function crossings(request: IamAsk, tags: Record<string, string>): [string, IamAsk][] {
  const { client, facility } = tags as { client: string; facility: string };
  const rewrite = (from: string, to: string): IamAsk => {
    const swap = (text: string) => text.split(from).join(to);
    const keys = request.context?.['dynamodb:LeadingKeys'];
    const prefix = request.context?.['s3:prefix'];
    return {
      ...request,
      resource: request.resource.startsWith('arn:aws:s3:::') ? swap(request.resource) : request.resource,
      context: {
        ...request.context,
        ...(keys ? { 'dynamodb:LeadingKeys': [keys].flat().map(swap) } : {}),
        // A listing names its folder in its prefix.
        ...(typeof prefix === 'string' ? { 's3:prefix': swap(prefix) } : {}),
      },
    };
  };
  // Where a request names its facility: the facility's partition key (its index partitions begin with it) or the
  // prefix of its files.
  const at = request.resource.startsWith('arn:aws:s3:::')
    ? facilityFilesPrefix
    : (c: string, f: string) => keys.tenant({ client: c, facility: f });
  const tries: [string, IamAsk][] = [
    ['another client', rewrite(client, other(client))],
    ['another facility of the same client', rewrite(at(client, facility), at(client, other(facility)))],
    ['f1 against f10', rewrite(at(client, facility), at(client, `${facility}0`))],
  ];
  if (request.context?.['dynamodb:LeadingKeys']) {
    const { 'dynamodb:LeadingKeys': _, ...rest } = request.context;
    tries.push(['no key', { ...request, context: rest }]);
  }
  const same = JSON.stringify(request);
  return tries.filter(([, tried]) => JSON.stringify(tried) !== same);
}

/** What a tenant session must never reach, whatever its function: a Scan, the uuid index, the all-tenant indexes. */
export function outOfReach(tableName: string): [string, IamAsk][] {
  const table = tableArn(tableName);
  const index = (name: keyof typeof CROSS_TENANT_INDEXES) => {
    const { index: indexName, prefix } = CROSS_TENANT_INDEXES[name];
    return {
      action: 'dynamodb:Query',
      resource: `${table}/index/${indexName}`,
      context: { 'dynamodb:LeadingKeys': [`${prefix}0`] },
    };
  };
  return [
    ['a Scan of the table', { action: 'dynamodb:Scan', resource: table }],
    ['a Scan of an index', { action: 'dynamodb:Scan', resource: `${table}/index/${TABLE_DEFINITION.indexes[0].name}` }],
    ...(Object.keys(CROSS_TENANT_INDEXES) as (keyof typeof CROSS_TENANT_INDEXES)[]).map((name): [string, IamAsk] => [
      `the cross-tenant index ${name}`,
      index(name),
    ]),
  ];
}

const line = (fn: string, r: IamAsk) =>
  `${fn}: ${r.action} on ${r.resource}${r.context ? ` ${JSON.stringify(r.context)}` : ''}`;

/** Evaluates the recorded requests of a run and tries the second wall; `names` are the local table and buckets. */
export async function checkIam(recordFile: string, names: LocalNames): Promise<IamCheck> {
  const lines = existsSync(recordFile) ? readFileSync(recordFile, 'utf8').trim().split('\n').filter(Boolean) : [];
  const requests = [
    ...new Map(
      lines.map((text) => {
        const request = JSON.parse(text) as IamRequest;
        const { via: _, ...asked } = request;
        return [JSON.stringify(asked), request];
      }),
    ).values(),
  ];
  const { functions, evaluate } = stagePolicies(names);
  const check: IamCheck = {
    denied: [],
    ignored: [],
    crossed: [],
    unexercised: new Map(),
    requests: requests.length,
    tagged: 0,
    tries: 0,
  };
  /** One sample per function, action and resource kind of its tenant-session requests, for the tries. */
  const samples = new Map<string, IamRequest>();
  for (const request of requests) {
    if (request.session) check.tagged += 1;
    const result = await evaluate(request.fn, request);
    if (result.result !== 'Allowed')
      check.denied.push(
        `${line(request.fn, request)} (${request.via}, as the ${result.as}) is ${result.result}` +
          `${result.error ? `: ${result.error}` : ''}`,
      );
    if (result.ignoredContextKeys.length)
      check.ignored.push(`${line(request.fn, request)}: ${result.ignoredContextKeys.join(', ')}`);
    if (request.session) {
      const kind = request.resource.replace(/(:::[^/]+\/).*/, '$1').replace(/\/index\/.*/, '/index');
      samples.set(`${request.fn} ${request.action} ${kind}`, request);
    }
  }
  const tenantFunctions = new Map<string, Record<string, string>>();
  for (const sample of samples.values()) {
    tenantFunctions.set(sample.fn, sample.session!);
    for (const [kind, tried] of crossings(sample, sample.session!)) {
      check.tries += 1;
      const result = await evaluate(sample.fn, { ...tried, session: sample.session! });
      if (result.result === 'Allowed') check.crossed.push(`${line(sample.fn, tried)} (${kind}) is allowed`);
    }
  }
  for (const [fn, session] of tenantFunctions)
    for (const [kind, tried] of outOfReach(names.tableName)) {
      check.tries += 1;
      const result = await evaluate(fn, { ...tried, session });
      if (result.result === 'Allowed') check.crossed.push(`${line(fn, tried)} (${kind}) is allowed`);
    }
  for (const [key, fn] of functions) {
    const used = requests.filter((r) => r.fn === key).map((r) => r.action);
    const granted = [
      ...new Set(
        [...fn.policies, ...(fn.tenantRole?.policies ?? [])].flatMap(({ policy }) =>
          (policy.Statement as Statement[]).filter((s) => s.Effect === 'Allow').flatMap((s) => [s.Action].flat()),
        ),
      ),
    ];
    check.unexercised.set(key, granted.filter((pattern) => !used.some((action) => matches(pattern, action))).sort());
  }
  return check;
}

/**
 * The report: the figures, and how many granted actions the run never exercised. The list (one line per function)
 * goes to `listFile`, not to the output, so the last lines of a run's output stay vitest's summary.
 */
export function iamReport(check: IamCheck, listFile: string): string {
  const unused = [...check.unexercised].filter(([, actions]) => actions.length);
  writeFileSync(listFile, unused.map(([fn, actions]) => `${fn}: ${actions.join(', ')}\n`).join(''));
  const count = unused.reduce((sum, [, actions]) => sum + actions.length, 0);
  return (
    `IAM: ${check.requests} distinct requests checked against the dev stack's policies (${check.tagged} made with a ` +
    `tenant session, evaluated as the tenant role with its tags), ${check.denied.length} denied, ` +
    `${check.ignored.length} with a condition key the evaluator ignored\n` +
    `Second wall: ${check.tries} tries at another tenant's data with a tenant session, ` +
    `${check.crossed.length} allowed\n` +
    `Granted, never exercised in this run: ${count} actions of ${unused.length} functions (listed in ${listFile})\n`
  );
}
