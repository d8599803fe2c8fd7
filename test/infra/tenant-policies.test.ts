/**
 * The second wall, tried on the policies alone (docs/security.md): for every function that reaches data with tenant
 * sessions, its tenant role as synthesized, evaluated by the independent IAM evaluator (infra/local/iam-policies.ts)
 * with a session's tags. Each thing the role grants is allowed for the session's own tenant (so a test that expects a
 * refusal can tell one) and refused for another client, another facility of the same client, facility `f1` against
 * `f10`, a call without a key, another tenant's object key; a Scan, the uuid index and the all-tenant indexes are
 * refused whatever the key. The last tests break the policy on purpose and see these tries let through: each guards
 * against a defect of its own. The test run does the same with the requests the functions really made
 * (test/support/iam.ts).
 */
import { describe, expect, it } from 'vitest';
import { type IamAsk, tableArn } from '../../infra/local/iam-requests';
import { stagePolicies } from '../../infra/local/iam-policies';
import { indexKeys, keys, TABLE_DEFINITION } from '../../shared/data/table';
import { facilityFilesPrefix, fileKey } from '../../shared/domain/document';
import { crossings, outOfReach } from '../support/iam';

type Json = any;
const names = { tableName: 'nm-archive-local', bucketName: 'files', recordsBucketName: 'records' };
const { functions, evaluate } = stagePolicies(names);
const tenant = { client: 'c1', facility: 'f1' };
const session = { client: tenant.client, facility: tenant.facility };
const table = tableArn(names.tableName);

/** What each statement of a tenant role grants, as requests of the session's own tenant. */
function ownRequests(policies: { policy: Json }[]): [string, IamAsk][] {
  return policies.flatMap(({ policy }) =>
    (policy.Statement as Json[]).flatMap((statement) =>
      [statement.Action].flat().flatMap((action: string): [string, IamAsk][] => {
        const resources = [statement.Resource].flat() as string[];
        if (action.startsWith('s3:'))
          return resources.map((resource) => {
            const bucket = resource.replace('arn:aws:s3:::', '').split('/')[0]!;
            // A listing asks on the bucket with the folder as its prefix.
            if (action === 's3:ListBucket')
              return [
                `${action} ${bucket}`,
                {
                  action,
                  resource: `arn:aws:s3:::${bucket}`,
                  context: { 's3:prefix': facilityFilesPrefix(tenant.client, tenant.facility) },
                },
              ];
            const key = fileKey({ Client: tenant.client, Facility: tenant.facility, Uuid: 'u1' });
            return [`${action} ${bucket}`, { action, resource: `arn:aws:s3:::${bucket}/${key}` }];
          });
        return resources.map((resource): [string, IamAsk] =>
          resource.endsWith('/index/*')
            ? [
                `${action} on an index`,
                {
                  action,
                  resource: `${table}/index/${TABLE_DEFINITION.indexes[0].name}`,
                  context: { 'dynamodb:LeadingKeys': [indexKeys.documents(keys.tenant(tenant))] },
                },
              ]
            : [
                `${action} on the facility's items`,
                { action, resource: table, context: { 'dynamodb:LeadingKeys': [keys.tenant(tenant)] } },
              ],
        );
      }),
    ),
  );
}

const tenantFunctions = [...functions].filter(([, fn]) => fn.tenantRole);
/** The Null guard on the leading keys, as the policy's JSON holds it. */
const NULL_GUARD = '"dynamodb:LeadingKeys":"false",';
/** The session's tags as policy variables. */
const TAG = { client: '$' + '{aws:PrincipalTag/client}', facility: '$' + '{aws:PrincipalTag/facility}' };

describe('the tenant roles', () => {
  it('stand behind every function that reaches data for a caller', () => {
    expect(tenantFunctions.length).toBeGreaterThan(25);
  });

  describe.each(tenantFunctions.map(([key, fn]) => [key, fn.tenantRole!.policies] as const))('%s', (fn, policies) => {
    const requests = ownRequests(policies);
    it.each(requests)('allows %s of its own tenant', async (_, request) => {
      const result = await evaluate(fn, { ...request, session });
      expect(result, JSON.stringify(request)).toMatchObject({ result: 'Allowed', ignoredContextKeys: [] });
    });
    const tries = requests.flatMap(([what, request]) =>
      crossings(request, session).map(([kind, tried]): [string, IamAsk] => [`${what}: ${kind}`, tried]),
    );
    it.each([...tries, ...outOfReach(names.tableName)])('refuses %s', async (_, request) => {
      const result = await evaluate(fn, { ...request, session });
      expect(result.result, JSON.stringify(request)).not.toBe('Allowed');
      expect(result.ignoredContextKeys).toEqual([]);
    });
  });
});

describe('a broken tenant role lets these tries through (each refusal above guards against its defect)', () => {
  const [fn, own] = tenantFunctions.find(([key]) => key === 'route:document.find')!;
  /** Evaluates with the role's policy rewritten by `change`, then puts it back. */
  async function withPolicy(change: (text: string) => string, request: IamAsk) {
    const kept = own.tenantRole!.policies;
    own.tenantRole!.policies = kept.map(({ name, policy }) => ({
      name,
      policy: JSON.parse(change(JSON.stringify(policy))),
    }));
    try {
      return (await evaluate(fn, { ...request, session })).result;
    } finally {
      own.tenantRole!.policies = kept;
    }
  }
  const query = (leadingKeys?: string[], resource = table): IamAsk => ({
    action: 'dynamodb:Query',
    resource,
    ...(leadingKeys ? { context: { 'dynamodb:LeadingKeys': leadingKeys } } : {}),
  });

  it('without the Null guard, a call that names no key', async () => {
    expect(await withPolicy((text) => text, query())).not.toBe('Allowed');
    expect(await withPolicy((text) => text.replaceAll(NULL_GUARD, ''), query())).toBe('Allowed');
  });

  it('with a facility prefix that lacks its separator, f1 reaches f10', async () => {
    const f10 = query([indexKeys.documents(keys.tenant({ client: 'c1', facility: 'f10' }))], `${table}/index/GSI1`);
    expect(await withPolicy((text) => text, f10)).not.toBe('Allowed');
    expect(await withPolicy((text) => text.replace('}#*"', '}*"'), f10)).toBe('Allowed');
  });

  it('with a client pattern instead of the exact partitions, another facility of the same client', async () => {
    const other = query([keys.tenant({ client: 'c1', facility: 'f2' })]);
    expect(await withPolicy((text) => text, other)).not.toBe('Allowed');
    expect(
      await withPolicy(
        (text) =>
          text
            .replace('ForAllValues:StringEquals', 'ForAllValues:StringLike')
            .replace(`"C#${TAG.client}"`, `"C#${TAG.client}*"`),
        other,
      ),
    ).toBe('Allowed');
  });

  it("with a bucket prefix of the client alone, another facility's files", async () => {
    const file = { action: 's3:GetObject', resource: 'arn:aws:s3:::files/documents/c1/f2/u1' };
    expect(await withPolicy((text) => text, file)).not.toBe('Allowed');
    expect(await withPolicy((text) => text.replaceAll(`/${TAG.facility}/*`, '/*'), file)).toBe('Allowed');
  });

  it('with Scan among the actions, a Scan', async () => {
    const scan = { action: 'dynamodb:Scan', resource: table };
    expect(await withPolicy((text) => text, scan)).not.toBe('Allowed');
    expect(
      await withPolicy((text) => text.replace('"dynamodb:Query"', '"dynamodb:Scan"').replaceAll(NULL_GUARD, ''), scan),
    ).toBe('Allowed');
  });
});
