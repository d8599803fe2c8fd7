/**
 * The second wall holds when the first breaks (docs/security.md). The handlers here are built in the test from the
 * service's own parts (the Middy stack, a tenant session from the runtime's STS, the DynamoDB and S3 adapters) around
 * one defect the first wall exists to prevent: a store whose keys name another tenant. They run against the local
 * runtime in its enforcing mode (the test run starts it with --enforce-iam), where IAM does what it does on AWS: the
 * call is refused, the request is answered 403 with nothing of the other tenant read or written, and the failure is
 * logged and counted as a security event. Nothing in the shipped code switches this on: only the handlers are the
 * test's.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { applyFunctionEnvironment } from '../../infra/local/environment';
import { isBookkeeping, keys, type Tenant } from '../../shared/data/table';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '../../shared/http/types';
import type { Route } from '../../shared/routes/types';
import {
  call,
  containerPath,
  createDocument,
  documentClient,
  documentsPath,
  eventually,
  newTenant,
  runtime,
  upload,
} from '../support/api';
import { checkAnswer } from '../support/contract';
import { apiEvent } from '../support/events';
import { lambdaContext, localFunctionName } from '../../infra/local/lambda';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { httpHandler } from '../../shared/http/handler';
import { single, wholeReply } from '../../shared/http/replies';
import { callerOf, tenantOf } from '../../shared/http/request';
import { containerRoutes } from '../../shared/routes/containers';
import { documentRoutes } from '../../shared/routes/documents';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { lineOutput } from '../../shared/log-output';
import { containerService } from '../../shared/services/containers';
import { documentReport, documentService } from '../../shared/services/documents';
import { maintenanceService } from '../../shared/services/maintenance';

// The handlers' log lines and metrics are written (the test reads them), not silenced as in other tests: set before
// the logger is made.
vi.hoisted(() => Object.assign(process.env, { LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false' }));
// The handlers run here, in the test's process, as the runtime runs its own: its settings, its endpoints, its STS;
// the clients are made as their modules load, so those load after.
const runtimeInfo = runtime();
applyFunctionEnvironment(runtimeInfo);
const { tenantDocumentClient, db } = await import('../../shared/clients/dynamodb');
const { tenantS3Client, s3 } = await import('../../shared/clients/s3');
const { idempotentHandler } = await import('../../shared/http/idempotency');
const { perTenant } = await import('../../shared/http/tenant');

/** The tenant whose data a defect reaches for; it must come through untouched. */
const other = newTenant();
/** The caller: a tenant of its own, whose token passes the first wall. */
const caller = newTenant();
let othersContainer: string;
let othersDocument: { uuid: string; key: string };

/**
 * The records of a tenant, as DynamoDB holds them (read behind the API): its facility's items and its client's
 * directory, without the sequence memory the stream writer keeps beside them in its own time.
 */
const recordsOf = async (tenant: Tenant) => {
  const partition = async (pk: string) =>
    (
      await documentClient().send(
        new QueryCommand({
          TableName: runtimeInfo.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
        }),
      )
    ).Items ?? [];
  const items = [...(await partition(keys.tenant(tenant))), ...(await partition(keys.client(tenant.client)))];
  return items.filter((item) => !isBookkeeping(item));
};

beforeAll(async () => {
  const created = await call('POST', containerPath(other), { token: other.token, body: { Name: "the other's box" } });
  expect(created.status, created.text).toBe(200);
  othersContainer = created.body.ContainerModel.Uuid;
  const document = await createDocument(other, { Scope: 'DEVICE', ScopeReference: 'd1', Filename: 'other.pdf' });
  expect(await upload(document.Upload, new TextEncoder().encode('%PDF other'))).toBe(204);
  othersDocument = { uuid: document.DocumentModel.Uuid, key: document.Upload.Fields.key! };
  // The upload's S3 event records the file on the document in its own time; a test that compares the other tenant's
  // records before and after a refused write must not see that change land in between.
  await eventually(async () => (await recordsOf(other)).find((item) => item.Type === 'Document' && item.File));
});

/**
 * What the handlers wrote while they ran (log lines on stdout and stderr, EMF metric lines on stdout), parsed: the
 * logger's and the metrics' lines go through shared/log-output.ts, a single metric through its own console.
 */
let written: string[] = [];
const keep = (chunk: string | Uint8Array) => {
  written.push(String(chunk));
  return true;
};
const streams = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write')];
for (const stream of streams) stream.mockImplementation(keep);
const lineWrites = vi.spyOn(lineOutput, 'write').mockImplementation((_fd, text) => void keep(text));
afterEach(() => {
  written = [];
});
afterAll(() => {
  for (const stream of streams) stream.mockRestore();
  lineWrites.mockRestore();
});
const lines = () =>
  written
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);

/** Invokes a handler as the runtime's function of `operation` (its tenant session is that function's). */
async function invoke(
  handler: (event: ApiEvent, context: Context) => Promise<ApiResult>,
  operation: string,
  event: ApiEvent,
): Promise<ApiResult & { json: any }> {
  const result = await handler(event, lambdaContext(localFunctionName(operation)));
  const json = JSON.parse(result.body ?? 'null');
  // The answer is one the OpenAPI document describes for the operation (and counts for its coverage).
  checkAnswer(
    { method: event.requestContext.http.method, pathname: event.rawPath },
    { status: result.statusCode!, contentType: result.headers['Content-Type'] ?? null, body: json, text: result.body! },
    inject('localDir'),
  );
  return { ...result, json };
}

/** The request's own tenant, as the path and the token name it. */
const eventOf = (method: 'GET' | 'POST', rawPath: string, params: Record<string, string>, body?: unknown) =>
  apiEvent({
    method,
    rawPath,
    pathParameters: params,
    tenant: { client: caller.client, facility: caller.facility },
    ...(body ? { body } : {}),
  });

/** The refused request's traces: one security event in the log, one counted, and an answer that reveals nothing. */
function expectSecurityEvent(result: ApiResult & { json: any }) {
  expect(result.statusCode).toBe(403);
  expect(result.json.Notifications[0]).toMatchObject({ Message: 'auth.access_denied', Code: 40304 });
  expect(result.body).not.toContain(other.client);
  const events = lines().filter((l) => l.securityEvent === 'access_denied');
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ level: 'CRITICAL', message: 'security event: IAM refused a call' });
  // What IAM refused, for the operator: the other tenant's key, under the caller's session.
  expect(events[0]!.error.message).toMatch(/is not authorized to perform: (dynamodb|s3):\w+/);
  const counted = lines().filter((l) => '_aws' in l && 'SecurityEvents' in l);
  expect(counted).toHaveLength(1);
  expect(counted[0]!.SecurityEvents).toBe(1);
}

describe('a handler whose store keys name another tenant (the first wall broken)', () => {
  it('is refused a read by IAM: 403, nothing of the other tenant read, logged and counted', async () => {
    const store = dynamoContainerStore;
    const honest = perTenant((session) => containerService(store(tenantDocumentClient(session), config.tableName)));
    const crossing = perTenant((session) => {
      const real = store(tenantDocumentClient(session), config.tableName);
      return containerService({ ...real, load: (_tenant, uuid, options) => real.load(other, uuid, options) });
    });
    const build = (services: typeof honest) =>
      httpHandler(containerRoutes.load, async (request) => {
        const { model } = await (await services.of(request)).load(tenantOf(request), request.params.uuid!);
        return single('ContainerModel', model, { language: request.language });
      });
    const event = () =>
      eventOf('GET', containerPath(caller, othersContainer), {
        clientUuid: caller.client,
        facilityUuid: caller.facility,
        uuid: othersContainer,
      });
    // The first wall intact: the other tenant's uuid in the caller's path is simply not found.
    expect((await invoke(build(honest), 'container.load', event())).statusCode).toBe(404);
    written = [];
    const refused = await invoke(build(crossing), 'container.load', event());
    expectSecurityEvent(refused);
    expect(refused.body).not.toContain("the other's box");
  });

  it('is refused a write by IAM: 403, nothing written to either tenant, logged and counted', async () => {
    const crossing = perTenant((session) => {
      const real = dynamoContainerStore(tenantDocumentClient(session), config.tableName);
      return containerService({
        ...real,
        create: (record, changes, write) =>
          real.create({ ...record, Client: other.client, Facility: other.facility }, changes, write),
      });
    });
    const handler = idempotentHandler(containerRoutes.create, async (request) => {
      const { model } = await (await crossing.of(request)).create(
        tenantOf(request),
        callerOf(request),
        { Name: 'planted' },
        request.requestId,
      );
      return single('ContainerModel', model, { language: request.language });
    });
    const before = { other: await recordsOf(other), caller: await recordsOf(caller) };
    const refused = await invoke(
      handler,
      'container.create',
      eventOf(
        'POST',
        containerPath(caller),
        { clientUuid: caller.client, facilityUuid: caller.facility },
        {
          Name: 'planted',
        },
      ),
    );
    expectSecurityEvent(refused);
    // The transaction (container, audit entry, directory entry) was refused whole: nothing anywhere.
    expect(await recordsOf(other)).toEqual(before.other);
    expect(await recordsOf(caller)).toEqual(before.caller);
    expect(before.other.length).toBeGreaterThan(0);
  });

  it("is refused the other tenant's file: the download it presigns is answered AccessDenied by S3", async () => {
    const crossing = perTenant((session) => {
      const files = s3FileStorage(tenantS3Client(session), config.bucketName);
      return {
        ...files,
        presignDownload: (_key: string, disposition: string, seconds: number) =>
          files.presignDownload(othersDocument.key, disposition, seconds),
      };
    });
    const handler = httpHandler(documentRoutes.find, async (request) => {
      const url = await (await crossing.of(request)).presignDownload('mine', 'attachment', 60);
      return { body: { url } };
    });
    const result = await handler(
      eventOf('GET', documentsPath(caller), { clientUuid: caller.client, facilityUuid: caller.facility }),
      lambdaContext(localFunctionName('document.find')),
    );
    // A presigned address is made without a call; S3 refuses it when it is used.
    const { url } = JSON.parse(result.body!) as { url: string };
    expect(url).toContain(othersDocument.key);
    const download = await fetch(url);
    expect(download.status).toBe(403);
    expect(await download.text()).toContain('<Code>AccessDenied</Code>');
    // The object is there (read with the runtime's own credentials, as a tool would): it was IAM that refused.
    const stored = await s3.send(new GetObjectCommand({ Bucket: config.bucketName, Key: othersDocument.key }));
    expect(await stored.Body!.transformToString()).toBe('%PDF other');
  });

  it("is refused by IAM in the report and the log's listing, with the session of the tenant found", async () => {
    const documents = perTenant((session) => {
      const real = dynamoDocumentStore(tenantDocumentClient(session), config.tableName);
      return documentService(
        { ...real, get: (_tenant, uuid, options) => real.get(other, uuid, options) },
        s3FileStorage(tenantS3Client(session), config.bucketName),
        { pageSize: config.pageSize, maxUploadBytes: config.maxUploadBytes },
      );
    });
    const located = dynamoDocumentStore(db, config.tableName);
    const report = httpHandler(documentRoutes.report, async (request) =>
      single(
        'DocumentModel',
        await documentReport(located.tenantsOf, (tenant) => documents.forTenant(tenant, request.functionName))(
          callerOf(request),
          request.params.uuid!,
        ),
        { language: request.language },
      ),
    );
    // A document of the caller's own: found on the uuid index, then read with the caller's session, keyed wrong.
    const mine = await createDocument(caller, { Scope: 'DEVICE', ScopeReference: 'd1', Filename: 'mine.pdf' });
    const path = `/document/report-api/v1/document/${mine.DocumentModel.Uuid}`;
    expectSecurityEvent(
      await invoke(report, 'document.report', eventOf('GET', path, { uuid: mine.DocumentModel.Uuid })),
    );

    const stores = perTenant((session) => {
      const real = dynamoMaintenanceStore(tenantDocumentClient(session), config.tableName);
      return { ...real, listTenant: (_tenant: Tenant, limit: number) => real.listTenant(other, limit) };
    });
    const allTenants = dynamoMaintenanceStore(db, config.tableName);
    const listing = (route: Route) =>
      httpHandler(route, async (request) =>
        wholeReply(
          request,
          'MaintenanceLogEntryModelCollection',
          await maintenanceService(allTenants, {
            pageSize: config.pageSize,
            storeOf: (tenant) => stores.forTenant(tenant, request.functionName),
          }).find(callerOf(request)),
          1000,
        ),
      );
    const report_ = '/maintenance-log/report-api/v1/maintenance-log-entries';
    for (const [route, path, params] of [
      [maintenanceRoutes.find, report_, {}],
      [maintenanceRoutes.page, `${report_}/page`, {}],
      [maintenanceRoutes.pageNumber, `${report_}/page/1`, { page: '1' }],
    ] as const) {
      written = [];
      expectSecurityEvent(await invoke(listing(route), route.operation, eventOf('GET', path, params)));
    }
  });
});

it('leaves the other tenant its own, whole (read over the API with its own token)', async () => {
  const own = await call('GET', containerPath(other, othersContainer), { token: other.token });
  expect(own.status).toBe(200);
  expect(own.body.ContainerModel.Name).toBe("the other's box");
  expect(own.headers.get('etag')).toBe(`"${othersContainer}.1"`);
});
