/**
 * Per-stage settings of the CDK stack (`npx cdk synth|deploy -c stage=dev|prod|<name>`): `dev` and `prod` have
 * settings of their own; any other name (STAGE_NAME_PATTERN) is a personal stage on dev's settings, a stack of its
 * own whose names all carry the stage name, so stages of one account never collide.
 *
 * The token issuer and the CORS origins come from CDK context when given
 * (`-c authIssuer=... -c authAudience=... -c authJwksUri=... -c corsOrigins=https://a,https://b
 * -c apiBaseUrl=https://api.example.org`);
 * the defaults are placeholders under example.com, so the app synthesizes offline without any
 * account or identity provider. A stage deployed with placeholders verifies no token at all.
 *
 * prod also keeps the release book safe for 30 years (StrlSchV § 86): AWS Backup into a locked vault
 * (infra/backup.ts), and the records bucket replicated to a second region (`-c replicaRegion=...`, infra/replica.ts).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { LockMode } from '../shared/data/files';
import { SEGMENTS_PER_PASS } from '../shared/operations/machine';

/** The stages with settings of their own. */
export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];
/** A stage's name: it names the stack, the API, the dashboard, the alarms and the metrics namespace. */
export const STAGE_NAME_PATTERN = /^[a-z][a-z0-9-]{1,20}$/;
/** Whose settings a personal stage takes. */
const PERSONAL_STAGE_SETTINGS: StageName = 'dev';

export interface AuthSettings {
  readonly issuer: string;
  readonly audience: string;
  readonly jwksUri: string;
}

export interface StageConfig {
  /** API Gateway stage throttling (requests per second, burst bucket). */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  readonly logRetention: RetentionDays;
  /** For the table, the bucket and the log groups. */
  readonly removalPolicy: RemovalPolicy;
  /** Empty the bucket on stack deletion (only where the bucket is destroyed). */
  readonly autoDeleteObjects: boolean;
  readonly tableDeletionProtection: boolean;
  /**
   * How release records are locked (S3 Object Lock, 30 years): COMPLIANCE nobody can shorten or lift;
   * GOVERNANCE a user with s3:BypassGovernanceRetention can, so a dev stage's records can be removed.
   */
  readonly recordsLockMode: LockMode;
  /** AWS Backup of the table and the records bucket into a vault under a compliance-mode lock (infra/backup.ts). */
  readonly backups: boolean;
  /**
   * The region the records bucket replicates to (infra/replica.ts), another than the stage's own; undefined: no
   * replica. Required in prod (REQUIRED_REPLICA), off unless given in dev and personal stages.
   */
  readonly replicaRegion?: string;
  /**
   * A table the stage uses instead of the one it creates: a table restored from point-in-time recovery or a backup
   * (docs/restore.md), with its change stream. Unset: the stage's own table.
   */
  readonly existingTable?: { readonly name: string; readonly streamArn: string };
  readonly memorySize: number;
  /** Per HTTP function (and the authorizer); API Gateway gives up after 30 s anyway. */
  readonly timeout: Duration;
  readonly maxBodyBytes: number;
  readonly maxUploadBytes: number;
  readonly pageSize: number;
  /** A decision measurement older than this many days at the release no longer carries it (shared/config.ts). */
  readonly decisionMeasurementMaxAgeDays: number;
  /**
   * Segments of a whole-table maintenance operation scanned side by side (the Distributed Map's MaxConcurrency), at
   * most SEGMENTS_PER_PASS. Each scans about 1,000 items a second and reads about that many RCU: keep it well below
   * what the table's on-demand throughput may take beside the live traffic (docs/maintenance-operations.md).
   */
  readonly maintenanceConcurrency: number;
  /** `*` or exact origins; used by the API's CORS, the bucket's CORS and the functions. */
  readonly corsAllowedOrigins: readonly string[];
  readonly auth: AuthSettings;
  /** The API's public address, named by the OpenAPI document it serves (unset: the relative `/`). */
  readonly apiBaseUrl?: string;
  /** True when the issuer or the CORS origins are still the example.com defaults. */
  readonly usesPlaceholders: boolean;
}

/** Reads a CDK context value (`app.node.tryGetContext`). */
export type ContextLookup = (key: string) => unknown;

/** Settings the stages share; the values match the functions' own defaults (shared/config.ts). */
const COMMON = {
  timeout: Duration.seconds(10),
  maxBodyBytes: 64 * 1024,
  /** Largest document file a presigned upload accepts. */
  maxUploadBytes: 50 * 1024 * 1024,
  pageSize: 100,
  decisionMeasurementMaxAgeDays: 7,
} as const;

const PLACEHOLDER_HOST = 'example.com';

/**
 * The stages whose records must have a replica, with the region it goes to unless `-c replicaRegion=` names
 * another: Ireland, in the EU like the Frankfurt region a German facility deploys to (docs/deploy.md).
 */
export const REQUIRED_REPLICA: Partial<Record<StageName, string>> = { prod: 'eu-west-1' };
/** An AWS region's name (`eu-west-1`, `us-gov-west-1`). */
const REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;
/** Turns the replica off where it is optional. */
const NO_REPLICA = 'none';

type StageSettings = Omit<StageConfig, keyof typeof COMMON | 'auth' | 'usesPlaceholders'>;

const STAGE_SETTINGS: Record<StageName, StageSettings> = {
  dev: {
    throttle: { rateLimit: 50, burstLimit: 100 },
    logRetention: RetentionDays.ONE_WEEK,
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
    tableDeletionProtection: false,
    recordsLockMode: 'GOVERNANCE',
    backups: false,
    memorySize: 512,
    maintenanceConcurrency: 8,
    corsAllowedOrigins: ['*'],
  },
  prod: {
    throttle: { rateLimit: 200, burstLimit: 400 },
    logRetention: RetentionDays.ONE_YEAR,
    removalPolicy: RemovalPolicy.RETAIN,
    autoDeleteObjects: false,
    tableDeletionProtection: true,
    recordsLockMode: 'COMPLIANCE',
    backups: true,
    memorySize: 1024,
    maintenanceConcurrency: SEGMENTS_PER_PASS,
    corsAllowedOrigins: [`https://archive.${PLACEHOLDER_HOST}`],
  },
};

/** A Cognito-style placeholder issuer per stage; its JWKS sits where Cognito puts it. */
function placeholderAuth(stage: string): AuthSettings {
  const issuer = `https://cognito-idp.${PLACEHOLDER_HOST}/nm-archive-${stage}`;
  return { issuer, audience: `nm-archive-${stage}`, jwksUri: `${issuer}/.well-known/jwks.json` };
}

function isPlaceholder(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname;
  return host === PLACEHOLDER_HOST || host.endsWith(`.${PLACEHOLDER_HOST}`);
}

function contextString(context: ContextLookup, key: string): string | undefined {
  const value = context(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`CDK context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
}

function isStage(stage: string): stage is StageName {
  return (STAGES as readonly string[]).includes(stage);
}

/** The settings of a stage, with the context overrides applied. Throws for a name that is no stage name. */
export function stageConfig(stage: string, context: ContextLookup = () => undefined): StageConfig {
  if (!STAGE_NAME_PATTERN.test(stage)) {
    throw new Error(
      `Stage name "${stage}" must match ${STAGE_NAME_PATTERN.source}: ${STAGES.join(', ')}, or a personal stage ` +
        `on ${PERSONAL_STAGE_SETTINGS}'s settings (-c stage=<name>)`,
    );
  }
  const settings = STAGE_SETTINGS[isStage(stage) ? stage : PERSONAL_STAGE_SETTINGS];
  const defaults = placeholderAuth(stage);
  const auth: AuthSettings = {
    issuer: contextString(context, 'authIssuer') ?? defaults.issuer,
    audience: contextString(context, 'authAudience') ?? defaults.audience,
    jwksUri: contextString(context, 'authJwksUri') ?? defaults.jwksUri,
  };
  const origins = contextString(context, 'corsOrigins')
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const corsAllowedOrigins = origins?.length ? origins : settings.corsAllowedOrigins;
  const replicaRegion = replicaRegionOf(stage, contextString(context, 'replicaRegion'));
  const existingTable = existingTableOf(contextString(context, 'tableName'), contextString(context, 'tableStreamArn'));
  const apiBaseUrl = contextString(context, 'apiBaseUrl');
  if (apiBaseUrl !== undefined && !/^https?:\/\/[^/?#]+$/.test(apiBaseUrl))
    throw new Error(`CDK context "apiBaseUrl" must be an origin such as https://api.example.org, got ${apiBaseUrl}`);
  return {
    ...COMMON,
    ...settings,
    corsAllowedOrigins,
    auth,
    ...(apiBaseUrl ? { apiBaseUrl } : {}),
    ...(replicaRegion ? { replicaRegion } : {}),
    ...(existingTable ? { existingTable } : {}),
    usesPlaceholders: [auth.issuer, auth.jwksUri, ...corsAllowedOrigins].some(isPlaceholder),
  };
}

/** The records' second region: the context's, else the stage's required one; `none` only where none is required. */
function replicaRegionOf(stage: string, given: string | undefined): string | undefined {
  const required = isStage(stage) ? REQUIRED_REPLICA[stage] : undefined;
  if (given === NO_REPLICA) {
    if (required)
      throw new Error(
        `Stage ${stage} replicates its release records to a second region (StrlSchV § 86: kept 30 years): ` +
          `-c replicaRegion=<region>, default ${required}; it cannot be ${NO_REPLICA}`,
      );
    return undefined;
  }
  if (given !== undefined && !REGION_PATTERN.test(given))
    throw new Error(`CDK context "replicaRegion" must be an AWS region such as eu-west-1, got ${given}`);
  return given ?? required;
}

/** `-c tableName=<table> -c tableStreamArn=<its stream>`: both or neither, the stream the table's own. */
function existingTableOf(name: string | undefined, streamArn: string | undefined) {
  if (name === undefined && streamArn === undefined) return undefined;
  if (name === undefined || streamArn === undefined || !/^[A-Za-z0-9_.-]{3,255}$/.test(name))
    throw new Error('CDK context "tableName" (a table name) and "tableStreamArn" (its stream) come together');
  if (!/^arn:aws[a-z-]*:dynamodb:/.test(streamArn) || !streamArn.includes(`:table/${name}/stream/`))
    throw new Error(
      `CDK context "tableStreamArn" must be the stream of table ${name} (arn:aws:dynamodb:<region>:<account>:` +
        `table/${name}/stream/<label>), got ${streamArn}`,
    );
  return { name, streamArn };
}
