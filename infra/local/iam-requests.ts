/**
 * What IAM is asked when a function calls AWS: the action(s), the resource(s) and the request's condition keys, as
 * AWS would evaluate them. One SDK command may be several IAM requests: a transaction or a batch is one per item,
 * each with its own key. `dynamodb:LeadingKeys` is the partition key a request names (each item's, or the partition
 * value of a Query's key condition, on an index too); `dynamodb:Attributes` the attributes a read projects. The IAM
 * recorder (infra/local/iam-recorder.ts) and the enforcing proxy (infra/local/enforcer.ts) both read requests here,
 * the one from an SDK command's input, the other from what goes over the wire.
 */
import { TABLE_DEFINITION } from '../../shared/data/table';
import { LOCAL_REGION } from './emulators';

/** The account the local ARNs name (as the local Step Functions ARNs do). */
export const LOCAL_ACCOUNT = '000000000000';

/** A request's condition keys, by name (a multi-valued key is an array). */
export type ContextKeys = Record<string, string | string[]>;

export interface IamAsk {
  action: string;
  resource: string;
  /** Condition keys of the request itself (dynamodb:LeadingKeys, aws:RequestTag/..., ...). */
  context?: ContextKeys;
}

export interface IamRequest extends IamAsk {
  /** `route:<operation>`, `event:<name>`, `step:<operation>`, `authorizer`. */
  fn: string;
  /** The SDK command it came from (or `presigned POST`), for the report. */
  via: string;
  /** Made with a tenant session: its tags (`client`, `facility`); evaluated as the tenant role with them. */
  session?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: an SDK command's input, whatever the command (read by name below)
type Input = Record<string, any>;
export const tableArn = (name: string) => `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${name}`;
const object = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;

/** A key attribute's value, as the document client takes it (`"C#..."`) or as the wire has it (`{ S: "C#..." }`). */
const attributeValue = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'S' in value) return String((value as { S: unknown }).S);
  if (value && typeof value === 'object' && 'N' in value) return String((value as { N: unknown }).N);
  return undefined;
};
const leading = (keys: (string | undefined)[]): ContextKeys => {
  const named = keys.filter((k): k is string => k !== undefined);
  return named.length ? { 'dynamodb:LeadingKeys': named } : {};
};
const partitionOf = (item: Input | undefined) => attributeValue(item?.[TABLE_DEFINITION.partitionKey]);

/** The partition value of a Query's key condition (`#pk = :pk AND ...`), on the table or the index it names. */
function queryPartition(input: Input): string | undefined {
  const index = TABLE_DEFINITION.indexes.find((i) => i.name === input.IndexName);
  const attribute = index ? index.partitionKey : TABLE_DEFINITION.partitionKey;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  for (const part of String(input.KeyConditionExpression ?? '').split(/\s+AND\s+/i)) {
    const equal = /^\(?\s*([#\w]+)\s*=\s*(:\w+)\s*\)?$/.exec(part.trim());
    if (equal && (names[equal[1]!] ?? equal[1]) === attribute)
      return attributeValue(input.ExpressionAttributeValues?.[equal[2]!]);
  }
  return undefined;
}

/** The top-level attributes a read projects (`dynamodb:Attributes`), and its `Select`, as AWS evaluates them. */
function projected(input: Input): ContextKeys {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const projection = input.ProjectionExpression as string | undefined;
  const attributes = projection
    ? [
        ...new Set(
          projection
            .split(',')
            .map((path) => path.trim().split(/[.[]/)[0]!)
            .map((n) => names[n] ?? n),
        ),
      ]
    : [];
  return {
    ...(attributes.length ? { 'dynamodb:Attributes': attributes } : {}),
    ...(input.Select ? { 'dynamodb:Select': String(input.Select) } : {}),
  };
}

const TRANSACT_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

function dynamodbRequests(command: string, input: Input): IamAsk[] {
  const on = (name: string, index?: string) => (index ? `${tableArn(name)}/index/${index}` : tableArn(name));
  switch (command) {
    case 'Query':
      return [
        {
          action: 'dynamodb:Query',
          resource: on(input.TableName, input.IndexName),
          context: { ...leading([queryPartition(input)]), ...projected(input) },
        },
      ];
    case 'Scan':
      // A Scan names no key: IAM gets no dynamodb:LeadingKeys for it.
      return [{ action: 'dynamodb:Scan', resource: on(input.TableName, input.IndexName), context: projected(input) }];
    case 'GetItem':
      return [
        {
          action: 'dynamodb:GetItem',
          resource: on(input.TableName),
          context: { ...leading([partitionOf(input.Key)]), ...projected(input) },
        },
      ];
    case 'PutItem':
      return [
        { action: 'dynamodb:PutItem', resource: on(input.TableName), context: leading([partitionOf(input.Item)]) },
      ];
    case 'UpdateItem':
    case 'DeleteItem':
      return [
        { action: `dynamodb:${command}`, resource: on(input.TableName), context: leading([partitionOf(input.Key)]) },
      ];
    case 'BatchGetItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, Input>).flatMap(([name, request]) =>
        ((request.Keys ?? []) as Input[]).map((key) => ({
          action: 'dynamodb:BatchGetItem',
          resource: on(name),
          context: { ...leading([partitionOf(key)]), ...projected(request) },
        })),
      );
    case 'BatchWriteItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, Input[]>).flatMap(([name, writes]) =>
        writes.map((write) => ({
          action: 'dynamodb:BatchWriteItem',
          resource: on(name),
          context: leading([partitionOf(write.PutRequest?.Item ?? write.DeleteRequest?.Key)]),
        })),
      );
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
        Object.entries(item).map(([kind, part]) => ({
          action: `dynamodb:${TRANSACT_ACTIONS[kind] ?? kind}`,
          resource: on((part as Input).TableName),
          context: leading([partitionOf((part as Input).Item ?? (part as Input).Key)]),
        })),
      );
    default:
      return [{ action: `dynamodb:${command}`, resource: on(input.TableName ?? '*') }];
  }
}

function s3Requests(command: string, input: Input): IamAsk[] {
  const versioned = (action: string) => (input.VersionId ? `${action}Version` : action);
  const one = (action: string, resource: string) => [{ action, resource }];
  switch (command) {
    case 'GetObject':
    case 'HeadObject':
      return one(versioned('s3:GetObject'), object(input.Bucket, input.Key));
    case 'PutObject':
      // An Object Lock retention given with the object needs its own permission.
      return [
        { action: 's3:PutObject', resource: object(input.Bucket, input.Key) },
        ...(input.ObjectLockMode || input.ObjectLockRetainUntilDate
          ? [{ action: 's3:PutObjectRetention', resource: object(input.Bucket, input.Key) }]
          : []),
      ];
    case 'DeleteObject':
      return one(versioned('s3:DeleteObject'), object(input.Bucket, input.Key));
    case 'DeleteObjects':
      return ((input.Delete?.Objects ?? []) as Input[]).map((o) => ({
        action: o.VersionId ? 's3:DeleteObjectVersion' : 's3:DeleteObject',
        resource: object(input.Bucket, o.Key),
      }));
    case 'CopyObject': {
      const [sourceBucket, ...sourceKey] = decodeURIComponent(
        String(input.CopySource).replace(/^\//, '').split('?')[0]!,
      ).split('/');
      return [
        { action: 's3:GetObject', resource: object(sourceBucket!, sourceKey.join('/')) },
        { action: 's3:PutObject', resource: object(input.Bucket, input.Key) },
      ];
    }
    case 'ListObjectsV2':
    case 'ListObjects':
      // A listing is asked with its prefix: a policy may hold it to a tenant's folder (s3:prefix).
      return [
        {
          action: 's3:ListBucket',
          resource: `arn:aws:s3:::${input.Bucket}`,
          context: { 's3:prefix': String(input.Prefix ?? '') },
        },
      ];
    case 'HeadBucket':
      return one('s3:ListBucket', `arn:aws:s3:::${input.Bucket}`);
    default:
      return one(`s3:${command}`, `arn:aws:s3:::${input.Bucket}${input.Key ? `/${input.Key}` : ''}`);
  }
}

/** An AssumeRole with session tags is two requests on the role: sts:AssumeRole and sts:TagSession, with the tags. */
function stsRequests(command: string, input: Input): IamAsk[] {
  const tags = ((input.Tags ?? []) as { Key: string; Value: string }[]).filter((t) => t.Key);
  const context: ContextKeys = {
    ...Object.fromEntries(tags.map((t) => [`aws:RequestTag/${t.Key}`, t.Value])),
    ...(tags.length ? { 'aws:TagKeys': tags.map((t) => t.Key) } : {}),
  };
  return [
    { action: `sts:${command}`, resource: String(input.RoleArn), context },
    ...(command === 'AssumeRole' && tags.length
      ? [{ action: 'sts:TagSession', resource: String(input.RoleArn), context }]
      : []),
  ];
}

/** The IAM requests one SDK command makes: its action(s) on the resource(s) it names, with their condition keys. */
export function iamRequestsOf(service: 'dynamodb' | 's3' | 'states' | 'sts', command: string, input: Input): IamAsk[] {
  if (service === 'dynamodb') return dynamodbRequests(command, input);
  if (service === 's3') return s3Requests(command, input);
  if (service === 'sts') return stsRequests(command, input);
  return [{ action: `states:${command}`, resource: input.executionArn ?? input.stateMachineArn ?? '*' }];
}

/**
 * The presigned POST forms in a function's JSON answer (an `Upload` with a `Policy`): s3:PutObject on the key, and the
 * access key id the form was signed with.
 */
export function presignedPostsIn(body: unknown): (IamAsk & { accessKeyId?: string })[] {
  const found: (IamAsk & { accessKeyId?: string })[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const fields = (value as Input).Fields as Input | undefined;
    if (
      fields &&
      typeof fields.Policy === 'string' &&
      typeof fields.key === 'string' &&
      typeof fields.bucket === 'string'
    ) {
      found.push({
        action: 's3:PutObject',
        resource: object(fields.bucket, fields.key),
        accessKeyId: String(fields['X-Amz-Credential'] ?? '').split('/')[0],
      });
    }
    Object.values(value).forEach(visit);
  };
  visit(body);
  return found;
}
