/**
 * A tenant route's session under faults a real STS cannot produce on demand (a small HTTP server speaking STS's query
 * protocol, and one speaking DynamoDB's that records what reaches it): a session refused or out of reach is answered
 * 503 with Retry-After, never 500, and then no table call is made at all; a session given is used for the tenant's
 * calls (they carry its key and token, never the function's own credentials) and asked for once per tenant.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/lambda';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { environmentOf } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { perTenant } from '../../shared/http/tenant';
import { containerRoutes } from '../../shared/routes/containers';
import { containerService } from '../../shared/services/containers';
import { apiEvent } from '../support/events';

/** What the STS stand-in answers next: a session, STS's refusal, or (closed) nothing at all. */
let sts: 'session' | 'refused' = 'session';
const assumed: URLSearchParams[] = [];
const tableCalls: IncomingMessage['headers'][] = [];
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server.listen(0, '127.0.0.1'));
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const stsServer = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const form = new URLSearchParams(body);
    if (sts === 'refused') {
      res.writeHead(403, { 'content-type': 'text/xml' });
      res.end(
        '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>User is not authorized to ' +
          'perform: sts:AssumeRole</Message></Error><RequestId>r</RequestId></ErrorResponse>',
      );
      return;
    }
    assumed.push(form);
    const n = assumed.length;
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(
      '<AssumeRoleResponse><AssumeRoleResult><Credentials>' +
        `<AccessKeyId>ASIASESSION${n}</AccessKeyId><SecretAccessKey>secret</SecretAccessKey>` +
        `<SessionToken>token-${n}</SessionToken>` +
        `<Expiration>${new Date(Date.now() + 3600_000).toISOString()}</Expiration>` +
        '</Credentials></AssumeRoleResult></AssumeRoleResponse>',
    );
  });
});
const dynamoServer = createServer((req, res) => {
  tableCalls.push(req.headers);
  req.resume();
  res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify({ Items: [], Count: 0 }));
});

const tenant = { client: 'c1', facility: 'f1' };
const loadEvent = (t = tenant) =>
  apiEvent({
    rawPath: `/waste-management/api/v1/${t.client}/${t.facility}/container/u1`,
    pathParameters: { clientUuid: t.client, facilityUuid: t.facility, uuid: 'u1' },
    tenant: t,
    headers: { 'accept-language': 'de' },
  });
let handler: ReturnType<typeof httpHandler>;

beforeAll(async () => {
  Object.assign(process.env, {
    ...environmentOf({
      stsEndpoint: await listen(stsServer),
      dynamodbEndpoint: await listen(dynamoServer),
      tenantRoleArn: 'arn:aws:iam::000000000000:role/tenant',
      tableName: 'table',
    }),
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  // The clients are made as their module loads: with the endpoints above.
  const { tenantDocumentClient } = await import('../../shared/clients/dynamodb');
  const containers = perTenant((session) =>
    containerService(dynamoContainerStore(tenantDocumentClient(session), 'table')),
  );
  handler = httpHandler(containerRoutes.load, async (request) => {
    const { model } = await (await containers.of(request)).load(tenantOf(request), request.params.uuid!);
    return single('ContainerModel', model, { language: request.language });
  });
});
afterAll(() => {
  for (const server of servers) server.close();
});
beforeEach(() => {
  tableCalls.length = 0;
});

describe("a tenant route's session", () => {
  it('refused by STS: 503 with Retry-After, and no call to the table', async () => {
    sts = 'refused';
    const result = await handler(loadEvent({ client: 'c9', facility: 'f9' }), lambdaContext('container-load'));
    expect(result.statusCode).toBe(503);
    expect(result.headers['Retry-After']).toBe('2');
    expect(JSON.parse(result.body!).Notifications[0]).toMatchObject({ Message: 'server.unavailable', Code: 50301 });
    expect(tableCalls).toEqual([]);
  });

  it('out of reach (STS does not answer): 503 with Retry-After, and no call to the table', async () => {
    stsServer.close();
    await once(stsServer, 'close');
    const result = await handler(loadEvent({ client: 'c8', facility: 'f8' }), lambdaContext('container-load'));
    expect(result.statusCode).toBe(503);
    expect(result.headers['Retry-After']).toBe('2');
    expect(tableCalls).toEqual([]);
    servers.splice(servers.indexOf(stsServer), 1);
    stsServer.listen(Number(new URL(process.env.STS_ENDPOINT!).port), '127.0.0.1');
    await once(stsServer, 'listening');
  });

  it("is asked for once per tenant, tagged with the path's tenant, and signs the tenant's calls", async () => {
    sts = 'session';
    assumed.length = 0;
    for (const t of [tenant, tenant, { client: 'c1', facility: 'f10' }]) {
      const result = await handler(loadEvent(t), lambdaContext('container-load'));
      expect(result.statusCode).toBe(404);
    }
    expect(assumed.map((form) => [form.get('Tags.member.1.Value'), form.get('Tags.member.2.Value')])).toEqual([
      ['c1', 'f1'],
      ['c1', 'f10'],
    ]);
    expect(assumed[0]!.get('RoleArn')).toBe('arn:aws:iam::000000000000:role/tenant');
    expect(assumed[0]!.get('RoleSessionName')).toBe('container-load');
    // Every table call carries the session's key and token: none goes out with the function's own credentials.
    expect(
      tableCalls.map((headers) => [
        /Credential=(\w+)\//.exec(headers.authorization!)?.[1],
        headers['x-amz-security-token'],
      ]),
    ).toEqual([
      ['ASIASESSION1', 'token-1'],
      ['ASIASESSION1', 'token-1'],
      ['ASIASESSION2', 'token-2'],
    ]);
  });
});
