/**
 * The Middy stack (shared/http/handler.ts) under faults a real emulator cannot produce on demand: a DynamoDB that
 * always throttles (a small HTTP server speaking its protocol), one that is down (a closed port), a deadline that
 * comes before the commit, and an unexpected exception.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, createDynamoClient } from '../../shared/clients/dynamodb';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoDocumentStore } from '../../shared/data/documents';
import type { FileStorage } from '../../shared/data/files';
import { containerRoutes } from '../../shared/routes/containers';
import { documentRoutes } from '../../shared/routes/documents';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import type { ApiEvent } from '../../shared/http/types';
import { idempotentHandler } from '../../shared/http/idempotency';
import { lambdaContext } from '../../infra/local/lambda';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { MAX_ATTEMPTS } from '../../shared/retry';
import { containerService } from '../../shared/services/containers';
import { documentService } from '../../shared/services/documents';
import { runtime } from '../support/api';
import { apiEvent } from '../support/events';

const event = (
  method: 'GET' | 'POST',
  rawPath: string,
  pathParameters: Record<string, string>,
  body?: unknown,
): ApiEvent => apiEvent({ method, rawPath, pathParameters, body, headers: { 'accept-language': 'de' } });
const loadEvent = () =>
  event('GET', '/waste-management/api/v1/c1/f1/container/u1', { clientUuid: 'c1', facilityUuid: 'f1', uuid: 'u1' });

const handlerOver = (endpoint: string) => {
  const db = createDocumentClient(endpoint, createDynamoClient(endpoint, { credentials: LOCAL_CREDENTIALS }));
  const service = containerService(dynamoContainerStore(db, 'table'));
  return httpHandler(containerRoutes.load, async (request) => {
    await service.load(tenantOf(request), request.params.uuid!);
    return { body: {} };
  });
};

describe('faults behind a handler', () => {
  let throttling: Server;
  let requests = 0;
  beforeAll(async () => {
    // Speaks DynamoDB's JSON protocol, and says nothing but "throttled".
    throttling = createServer((req, res) => {
      requests += 1;
      req.resume();
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
          message: 'Rate of requests exceeds the allowed throughput',
        }),
      );
    }).listen(0, '127.0.0.1');
    await once(throttling, 'listening');
  });
  afterAll(() => throttling.close());

  it(`answers 503 with Retry-After when DynamoDB keeps throttling, at most ${MAX_ATTEMPTS} attempts`, async () => {
    requests = 0;
    const result = await handlerOver(`http://127.0.0.1:${(throttling.address() as AddressInfo).port}`)(
      loadEvent(),
      lambdaContext('t'),
    );
    expect(result.statusCode).toBe(503);
    expect(result.headers['Retry-After']).toBe('2');
    expect(JSON.parse(result.body!).Notifications[0]).toMatchObject({
      Message: 'server.unavailable',
      Code: 50301,
      Details: ['In 2 s erneut versuchen; es wurde nichts geschrieben.'],
    });
    expect(requests).toBeGreaterThan(1);
    expect(requests).toBeLessThanOrEqual(MAX_ATTEMPTS);
  });

  it('answers 503 with Retry-After when DynamoDB is down (nothing listens)', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const result = await handlerOver(`http://127.0.0.1:${port}`)(loadEvent(), lambdaContext('t'));
    expect(result.statusCode).toBe(503);
    expect(result.headers['Retry-After']).toBe('2');
    expect(JSON.parse(result.body!).Notifications[0].Message).toBe('server.unavailable');
  });

  it('stores nothing when the deadline is too close to commit, and says so with 503', async () => {
    const { dynamodbEndpoint } = runtime();
    const db = createDocumentClient(
      dynamodbEndpoint,
      createDynamoClient(dynamodbEndpoint, { credentials: LOCAL_CREDENTIALS }),
    );
    const store = dynamoDocumentStore(db, runtime().tableName);
    const files = {
      presignUpload: async () => ({ Url: 'u', Method: 'POST', ExpiresAt: new Date() }),
      presignDownload: async () => 'u',
    } as unknown as FileStorage;
    const service = documentService(store, files, { pageSize: 100, maxUploadBytes: 1 });
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const create = idempotentHandler(documentRoutes.create, async (request) => ({
      body: await service.create(tenantOf(request), request.body as never),
    }));
    const request = event(
      'POST',
      '/document',
      { clientUuid: tenant.client, facilityUuid: tenant.facility },
      { Scope: 'DEVICE', ScopeReference: 'd', Filename: 'a.pdf' },
    );
    request.requestContext.authorizer!.lambda = {
      sub: 's1',
      clients: tenant.client,
      facilities: tenant.facility,
      roles: '',
      exp: Math.floor(Date.now() / 1000) + 60,
    } as never;
    // Two seconds left: less than a write needs to be sure it finishes before the answer.
    const context = { ...lambdaContext('t'), getRemainingTimeInMillis: () => 2_000 };
    const result = await create(request, context);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!).Notifications[0]).toMatchObject({
      Message: 'server.deadline',
      LocalizedMessage: expect.stringContaining('nichts gespeichert'),
    });
    expect(await store.list(tenant, { kind: 'all' }, 10)).toEqual([]);
  });

  it('answers 500 with nothing of the error but a request id', async () => {
    const context = lambdaContext('t');
    const failing = httpHandler(containerRoutes.load, async () => {
      throw new TypeError('secret internal detail: table arn:aws:dynamodb:xyz');
    });
    const result = await failing(loadEvent(), context);
    expect(result.statusCode).toBe(500);
    expect(result.headers['Content-Type']).toBe('application/json');
    expect(result.body).not.toMatch(/secret|arn:|TypeError|at .*\.ts/);
    const [notification] = JSON.parse(result.body!).Notifications;
    expect(notification).toMatchObject({
      Type: 'Error',
      Message: 'server.error',
      Level: 500,
      LevelAsString: 'CRITICAL',
      Details: [`Anfrage-Kennung: ${context.awsRequestId}`],
    });
  });
});
