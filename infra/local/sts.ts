/**
 * The local STS endpoint, as DynamoDB Local and s3rver are for their services: the SDK's STS client (AWS query
 * protocol) assumes a tenant role here (AssumeRole, the one action the service calls). It answers a session with the
 * tags it was asked for and remembers them by the session's access key id, so the runtime can tell which tenant a
 * request's credentials belong to (the IAM recorder, the enforcing proxy: infra/local/enforcer.ts). The key pair is
 * made known to s3rver (which refuses unknown access key ids), as STS credentials are to S3; DynamoDB Local shares one
 * database among all credentials (`-sharedDb`). With a `check`, a call the policies refuse is answered AccessDenied.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import http from 'node:http';
import { LOCAL_ACCOUNT } from './iam-requests';

/** The tenant role every function asks for locally: the runtime runs all functions in one process, with one setting. */
export const LOCAL_TENANT_ROLE_ARN = `arn:aws:iam::${LOCAL_ACCOUNT}:role/nm-archive-local-tenant`;

/** A session the endpoint gave out. */
export interface LocalSession {
  accessKeyId: string;
  roleArn: string;
  /** The function that asked (a tenant session is named after its function: shared/clients/tenant-sessions.ts). */
  sessionName: string;
  tags: Record<string, string>;
  expiration: Date;
}

const sessions = new Map<string, LocalSession>();

/** The session an access key id belongs to, if the local STS gave it out (and it has not expired). */
export function sessionOfKey(accessKeyId: string | undefined): LocalSession | undefined {
  const session = accessKeyId ? sessions.get(accessKeyId) : undefined;
  return session && session.expiration.getTime() > Date.now() ? session : undefined;
}

/** s3rver's account registry: a key pair registered there is accepted like its own. */
const s3rverAccounts = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
};

/** Upper-case letters and digits (DynamoDB Local takes nothing else in an access key id). */
const alphanumeric = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** What an AssumeRole asks for; `check` answers why the policies refuse it, if they do (the enforcing mode). */
export type AssumeCheck = (request: {
  sessionName: string;
  roleArn: string;
  tags: Record<string, string>;
}) => Promise<string | undefined>;

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function errorResponse(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(
    `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>${code}</Code>` +
      `<Message>${xml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/** The endpoint; `check`, when given, refuses what the stage's policies do not allow (infra/local/iam-policies.ts). */
export function createStsEndpoint(check?: AssumeCheck): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      void (async () => {
        const form = new URLSearchParams(body);
        if (form.get('Action') !== 'AssumeRole')
          return errorResponse(res, 400, 'InvalidAction', `${form.get('Action')} is not served by the local STS`);
        const roleArn = form.get('RoleArn') ?? '';
        const sessionName = form.get('RoleSessionName') ?? '';
        const tags: Record<string, string> = {};
        for (let i = 1; form.has(`Tags.member.${i}.Key`); i++)
          tags[form.get(`Tags.member.${i}.Key`)!] = form.get(`Tags.member.${i}.Value`) ?? '';
        if (!/^arn:aws:iam::\d{12}:role\/[\w+=,.@/-]+$/.test(roleArn))
          return errorResponse(res, 400, 'ValidationError', `RoleArn ${roleArn} is not a role's ARN`);
        if (!/^[\w+=,.@-]{2,64}$/.test(sessionName))
          return errorResponse(res, 400, 'ValidationError', `RoleSessionName ${sessionName} is not one`);
        const refused = await check?.({ sessionName, roleArn, tags });
        if (refused) return errorResponse(res, 403, 'AccessDenied', refused);
        const seconds = Number(form.get('DurationSeconds') ?? 3600);
        const session: LocalSession = {
          accessKeyId: `ASIA${alphanumeric(8)}`,
          roleArn,
          sessionName,
          tags,
          expiration: new Date(Math.floor(Date.now() / 1000) * 1000 + seconds * 1000),
        };
        const secret = alphanumeric(20);
        sessions.set(session.accessKeyId, session);
        s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(session.accessKeyId, secret);
        const roleName = roleArn.split('/').at(-1)!;
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(
          '<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>' +
            `<AssumedRoleUser><AssumedRoleId>AROA${alphanumeric(8)}:${xml(sessionName)}</AssumedRoleId>` +
            `<Arn>arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${xml(roleName)}/${xml(sessionName)}</Arn>` +
            '</AssumedRoleUser><Credentials>' +
            `<AccessKeyId>${session.accessKeyId}</AccessKeyId><SecretAccessKey>${secret}</SecretAccessKey>` +
            `<SessionToken>${randomBytes(48).toString('base64')}</SessionToken>` +
            `<Expiration>${session.expiration.toISOString()}</Expiration></Credentials>` +
            `<PackedPolicySize>${Object.keys(tags).length}</PackedPolicySize></AssumeRoleResult>` +
            `<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></AssumeRoleResponse>`,
        );
      })().catch((error: unknown) => errorResponse(res, 500, 'InternalFailure', (error as Error).message));
    });
  });
}
