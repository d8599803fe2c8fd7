/**
 * The Middy stack under faults a real emulator cannot produce on demand: a throttled or timed-out
 * DynamoDB (mock clients, for fault injection only) and an unexpected exception.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler, tenantOf, type ApiEvent } from '../../shared/http/handler';
import { lambdaContext } from '../../infra/local/lambda';
import { containerService } from '../../shared/services/containers';

const failingClient = (error: Error) => ({ send: async () => { throw error; } }) as unknown as DynamoDBDocumentClient;
const awsError = (name: string, message: string) => Object.assign(new Error(message), { name, $fault: 'client' });

function loadEvent(): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'GET /waste-management/api/v1/{clientUuid}/{facilityUuid}/container/{uuid}',
    rawPath: '/waste-management/api/v1/c1/f1/container/u1',
    rawQueryString: '',
    headers: { 'accept-language': 'de' },
    pathParameters: { clientUuid: 'c1', facilityUuid: 'f1', uuid: 'u1' },
    isBase64Encoded: false,
    requestContext: {
      accountId: '1', apiId: 'x', domainName: 'x', domainPrefix: 'x', requestId: 'r1', routeKey: 'x', stage: '$default', time: '', timeEpoch: 0,
      http: { method: 'GET', path: '/', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      authorizer: { lambda: { sub: 's1', clients: 'c1', facilities: 'f1', roles: '', exp: Math.floor(Date.now() / 1000) + 60 } },
    },
  };
}

function handlerOver(error: Error) {
  const service = containerService(dynamoContainerStore(failingClient(error), 'table'));
  return httpHandler(containerRoutes.load, async (request) => {
    await service.load(tenantOf(request), request.params.uuid!);
    return { body: {} };
  });
}

describe('faults behind a handler', () => {
  it('answers 429 with a Notifications body when DynamoDB throttles', async () => {
    const result = await handlerOver(awsError('ProvisionedThroughputExceededException', 'Rate of requests exceeds the allowed throughput'))(loadEvent(), lambdaContext('t'));
    expect(result.statusCode).toBe(429);
    expect(JSON.parse(result.body!).Notifications[0]).toMatchObject({ Message: 'request.throttled', Code: 42901, LocalizedMessage: expect.stringContaining('Zu viele') });
  });

  it('answers 503 when DynamoDB times out', async () => {
    const result = await handlerOver(awsError('TimeoutError', 'socket hang up'))(loadEvent(), lambdaContext('t'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!).Notifications[0].Message).toBe('server.unavailable');
  });

  it('answers 500 with nothing of the error but a request id', async () => {
    const context = lambdaContext('t');
    const result = await handlerOver(new TypeError('secret internal detail: table arn:aws:dynamodb:xyz'))(loadEvent(), context);
    expect(result.statusCode).toBe(500);
    expect(result.headers['Content-Type']).toBe('application/json');
    expect(result.body).not.toMatch(/secret|arn:|TypeError|at .*\.ts/);
    const [notification] = JSON.parse(result.body!).Notifications;
    expect(notification).toMatchObject({ Type: 'Error', Message: 'server.error', Level: 500, LevelAsString: 'CRITICAL', Details: [`Anfrage-Kennung: ${context.awsRequestId}`] });
  });
});
