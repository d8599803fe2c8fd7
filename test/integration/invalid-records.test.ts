/**
 * selectInvalidRecords and removeInvalidRecords on a table of their own: reasons, quarantine, dry run, valid records
 * untouched.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { dynamoContainerStore } from '../../shared/data/containers';
import { s3FileStorage } from '../../shared/data/files';
import { keys } from '../../shared/data/table';
import { newVersion } from '../../shared/domain/record';
import { createContainer } from '../../shared/domain/container-rules';
import { invalidRecords } from '../../shared/operations/invalid-records';
import { runToEnd } from '../support/operations';
import { documentClient, runtime } from '../support/api';

const table = `ops-${randomUUID().slice(0, 8)}`;
const db = documentClient();
const tenant = { client: randomUUID(), facility: randomUUID() };
const pk = keys.tenant(tenant);
let valid: { PK: string; SK: string }[] = [];
const files = () => {
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  return s3FileStorage(createS3Client(runtime().s3Endpoint), runtime().bucketName);
};
const run = (mode: 'select' | 'remove', dryRun = false) =>
  runToEnd(invalidRecords(db, table, files(), mode), { dryRun });
const put = (item: Record<string, unknown>) => db.send(new PutCommand({ TableName: table, Item: item }));

beforeAll(async () => {
  await ensureTable(runtime().dynamodbEndpoint, table);
  const store = dynamoContainerStore(db, table);
  const good = createContainer(tenant, randomUUID(), { Name: 'Good' }, [], new Date());
  await store.create(good, [], { actor: { sub: 'p', name: 'P' }, at: good.CreatedAt, requestId: randomUUID() });
  await store.link(tenant, good.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'prod-1', nuclide: 'F-18' });
  // A content added is a link and an audit entry `content_added`: both valid records.
  const write = { actor: { sub: 'p', name: 'P' }, at: good.CreatedAt, requestId: randomUUID() };
  const eluate = { kind: 'GENERATOR_ELUAT', id: 'eluate-1', nuclide: 'Tc-99m', uuid: randomUUID() } as const;
  await store.addContent(
    good,
    newVersion(good, new Date()),
    {
      ...eluate,
      activity: null,
      activityDateTime: null,
      createdAt: good.CreatedAt,
      createdBy: 'p',
    },
    write,
  );
  const audit = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :audit)',
      ExpressionAttributeValues: { ':pk': pk, ':audit': keys.auditPrefix('CONTAINER', good.Uuid) },
    }),
  );
  expect(audit.Items?.map((a) => a.Action).sort()).toEqual(['content_added', 'created']);
  valid = [
    ...(audit.Items ?? []).map(({ PK, SK }) => ({ PK, SK })),
    { PK: pk, SK: keys.containerLink(good.Uuid, eluate.kind, eluate.id) },
    { PK: pk, SK: keys.container(good.Uuid) },
    { PK: pk, SK: keys.containerLink(good.Uuid, 'CYCLOTRON_PRODUCT', 'prod-1') },
    { PK: keys.client(tenant.client), SK: keys.person('p') },
  ];
  // The service's own bookkeeping is no record: never reported, never removed.
  const bookkeeping = [
    { PK: pk, SK: keys.sequenceProgress, Type: 'SequenceProgress', Seq: '0000000000000000000000000000000000000001' },
    { PK: pk, SK: keys.idempotency('document.create#0f3c'), status: 'COMPLETED', expiration: 1800000000, data: '{}' },
    { PK: pk, SK: keys.documentCount('SCOPE#DEVICE'), Type: 'Counter', N: 1 },
    { PK: pk, SK: `${keys.documentPagesPrefix('ALL')}`, Type: 'PageBucket', K: '', M: 'x', N: 1, V: 1 },
  ];
  for (const item of bookkeeping) await put(item);
  valid.push(...bookkeeping.map(({ PK, SK }) => ({ PK, SK })));
  const bad = createContainer(tenant, randomUUID(), { Name: 'Bad' }, [], new Date());
  await put({
    PK: pk,
    SK: keys.container(bad.Uuid),
    Type: 'Container',
    ...bad,
    Name: 'x'.repeat(200),
    State: 'DISPATCHED',
  });
  await put({
    PK: pk,
    SK: keys.containerLink('gone', 'GENERATOR_ELUAT', 'e-1'),
    Type: 'ContainerLink',
    ContainerUuid: 'gone',
    Kind: 'GENERATOR_ELUAT',
    ContentId: 'e-1',
    Nuclide: 'Tc-99m',
  });
  await put({ PK: pk, SK: 'MYSTERY#1', Type: 'Mystery' });
  await put({
    PK: pk,
    SK: keys.maintenanceEntry('m-1'),
    Type: 'MaintenanceLogEntry',
    Client: tenant.client,
    Facility: tenant.facility,
    Uuid: 'm-1',
    Version: 1,
    CreatedAt: '2026-01-01 00:00:00',
    UpdatedAt: '2026-01-01 00:00:00',
    Reporter: 'p',
    State: 'SOLVED',
    IncidentTitle: 't',
    IncidentCause: 'c',
    IncidentDateStart: '2026-01-02 00:00:00',
    IncidentDateEnd: '2026-01-01 00:00:00',
    Solver: null,
    IncidentSolution: null,
    Device: null,
  });
});

describe('invalid records', () => {
  it('select reports each invalid record with its reasons and writes the findings to the bucket', async () => {
    const { result } = (await run('select')) as { result: any };
    expect(result).toMatchObject({ scanned: 14, invalid: 4 });
    const reasons = Object.fromEntries(
      result.sample.map((f: { SK: string; problems: string[] }) => [f.SK.split('#')[0], f.problems]),
    );
    expect(reasons.CONTAINER).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ContainerUuid: container gone does not exist/)]),
    );
    expect(result.sample.find((f: { Type: string }) => f.Type === 'Container').problems).toEqual([
      'Name: must have at most 128 characters',
    ]);
    expect(reasons.MYSTERY).toEqual(['Type: unknown record type "Mystery"']);
    expect(reasons.MLE).toEqual([
      'IncidentSolution: is required when State is SOLVED',
      'Solver: is required when State is SOLVED',
      'IncidentDateEnd: must not lie before IncidentDateStart',
    ]);
    expect(result.findings).toEqual({
      folder: expect.stringMatching(/^operations\/select-invalid-records\/.+\/$/),
      files: 1,
    });
    const report = new TextDecoder().decode(await files().read(`${result.findings.folder}findings-0000-00001.jsonl`));
    expect(report.trim().split('\n')).toHaveLength(4);
  });

  it('remove --dry-run removes nothing; remove quarantines then deletes exactly the invalid ones', async () => {
    const dry = (await run('remove', true)) as { result: any };
    expect(dry.result).toMatchObject({ invalid: 4, removed: 4, quarantine: null, findings: null, dryRun: true });
    expect((await db.send(new GetCommand({ TableName: table, Key: { PK: pk, SK: 'MYSTERY#1' } }))).Item).toBeDefined();
    const { result } = (await run('remove')) as { result: any };
    expect(result).toMatchObject({ invalid: 4, removed: 4, changedAndKept: 0, next: 'regenerateSequenceMemory' });
    const copy = JSON.parse(
      new TextDecoder().decode(
        await files().read(`${result.quarantine}${encodeURIComponent(pk)}/${encodeURIComponent('MYSTERY#1')}.json`),
      ),
    );
    expect(copy).toEqual({ PK: pk, SK: 'MYSTERY#1', Type: 'Mystery' });
    expect(
      (await db.send(new GetCommand({ TableName: table, Key: { PK: pk, SK: 'MYSTERY#1' } }))).Item,
    ).toBeUndefined();
    for (const key of valid)
      expect((await db.send(new GetCommand({ TableName: table, Key: key }))).Item, key.SK).toBeDefined();
    expect(((await run('select')) as { result: any }).result.invalid).toBe(0);
  });
});

describe('records StrlSchV § 86 keeps 30 years', () => {
  it('are reported when they break a rule and never removed: a released container, its parts, its record', async () => {
    const keptTable = `ops-${randomUUID().slice(0, 8)}`;
    await ensureTable(runtime().dynamodbEndpoint, keptTable);
    const keep = (item: Record<string, unknown>) => db.send(new PutCommand({ TableName: keptTable, Item: item }));
    const uuid = randomUUID();
    // Older data of a released container that today's rules refuse: a 200-character name, a nuclide unknown now.
    const released = {
      ...createContainer(tenant, uuid, { Name: 'Released' }, [], new Date()),
      Name: 'x'.repeat(200),
      State: 'DISPOSED',
      IsReleasedByRadiationProtectionOfficer: true,
      ReleasedByRadiationProtectionOfficer: 'rpo',
      ReleasedByRadiationProtectionOfficerDateTime: '2026-01-01 00:00:00',
    };
    const items = [
      { PK: pk, SK: keys.container(uuid), Type: 'Container', ...released },
      {
        PK: pk,
        SK: keys.containerLink(uuid, 'GENERATOR_ELUAT', 'e1'),
        Type: 'ContainerLink',
        ContainerUuid: uuid,
        Kind: 'GENERATOR_ELUAT',
        ContentId: 'e1',
        Nuclide: 'Xx-999',
      },
      {
        PK: pk,
        SK: keys.document('doc-1'),
        Type: 'Document',
        Uuid: 'doc-1',
        Client: tenant.client,
        Facility: tenant.facility,
        Scope: 'RECORD',
        ScopeReference: uuid,
        Filename: 'bad/name.pdf',
        State: 'ACTIVE',
        Version: 1,
        CreatedAt: '2026-01-01 00:00:00',
        UpdatedAt: '2026-01-01 00:00:00',
        File: null,
        KeptUntil: '2056-01-01 00:00:00',
      },
      { PK: pk, SK: keys.releaseEntry('2026-01-01 00:00:00', uuid), Type: 'ReleaseRegisterEntry', ContainerUuid: uuid },
    ];
    for (const item of items) await keep(item);
    const op = (mode: 'select' | 'remove') => runToEnd(invalidRecords(db, keptTable, files(), mode));
    const selected = ((await op('select')) as { result: any }).result;
    expect(selected.invalid).toBe(4);
    expect(selected.sample.map((f: { kept?: boolean }) => f.kept)).toEqual([true, true, true, true]);
    const removed = ((await op('remove')) as { result: any }).result;
    expect(removed).toMatchObject({ invalid: 4, removed: 0, keptAsReleaseRecords: 4 });
    for (const { PK, SK } of items)
      expect((await db.send(new GetCommand({ TableName: keptTable, Key: { PK, SK } }))).Item, SK).toBeDefined();
  });
});
