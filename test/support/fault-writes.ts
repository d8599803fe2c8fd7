/**
 * The writes of the fault matrix (test/contract/faults.test.ts, test/support/fault-matrix.ts), one entry each: how
 * to prepare it, make one attempt of it, and what must hold after it. A new write is one entry here (the material
 * book's receipt and movement are one each, test/support/fault-material.ts).
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { keys } from '../../shared/data/table';
import { call, containerPath, createDocument, documentsPath, eventually, runtime, s3Client, upload } from './api';
import type { MatrixWrite, Tenant } from './fault-matrix';
import { closedContainer, measurementBody, measurementPath, rpoOf, usableInstrument } from './registers';
import { answerOf, countHolds, exactly, itemsOf, recordCreate, request } from './fault-calls';
import { MATERIAL_WRITES } from './fault-material';
import { OPERATION_WRITES } from './fault-operations';
import { releasable } from './releases';

const CONTENT = { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'fdg-1', Nuclide: 'F-18', Activity: 1000, Impurities: [] };
const DOCUMENT = { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'Prüfbericht.pdf' };
const ENTRY = {
  IncidentTitle: 'PET/CT: table stuck',
  IncidentCause: 'Table drive reports an end-stop fault',
  IncidentDateStart: '2026-10-01 09:00:00',
};
const entriesPath = (t: Tenant, uuid?: string) =>
  `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries${uuid ? `/${uuid}` : ''}`;
const LOG_REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';

const containerCreate = recordCreate({
  name: 'container create',
  operation: 'container.create',
  path: (t) => containerPath(t),
  body: { Name: 'Box 7', Weight: 1000 },
  model: 'ContainerModel',
  prefix: 'CONTAINER#',
});

const containerUpdate: MatrixWrite<{ uuid: string }> = {
  name: 'container update',
  fn: 'route:container.update',
  async prepare(t) {
    const created = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box 7', Weight: 1000 } });
    return { uuid: created.body.ContainerModel.Uuid as string };
  },
  attempt: (t, { uuid }, o) => request('PUT', containerPath(t, uuid), t.token, { Name: 'Box 8', Weight: 2000 }, o),
  async check(t, { uuid }) {
    const [container] = (await itemsOf(t, keys.container(uuid))) as { Weight: number; Version: number }[];
    const updates = (await itemsOf(t, keys.auditPrefix('CONTAINER', uuid))).filter((a) => a.Action === 'updated');
    return [
      ...(container?.Weight === 2000 ? [] : [`weight ${container?.Weight}`]),
      ...(container?.Version === 2 && updates.length === 1
        ? []
        : [`version ${container?.Version}, ${updates.length} updates`]),
    ];
  },
};

const contentAdd: MatrixWrite<{ uuid: string; body: object }> = {
  name: 'container contents add',
  fn: 'route:container.addContent',
  async prepare(t) {
    const created = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box 7', Weight: 1000 } });
    return {
      uuid: created.body.ContainerModel.Uuid as string,
      body: { ...CONTENT, ActivityDateTime: '2026-11-20 08:00:00' },
    };
  },
  attempt: (t, { uuid, body }, o) => request('POST', `${containerPath(t, uuid)}/contents`, t.token, body, o),
  async check(t, { uuid }, answers) {
    const links = await itemsOf(t, `${keys.containerPrefix(uuid)}LINK#`);
    const [container] = (await itemsOf(t, keys.container(uuid))) as { Version: number }[];
    return [
      ...exactly('contents', links, answers.at(-1)?.body?.ContainerContentModel?.Uuid),
      ...(container?.Version === 2 ? [] : [`container version ${container?.Version}`]),
    ];
  },
};

const measurement: MatrixWrite<{ uuid: string; body: object }> = {
  name: 'decision measurement',
  fn: 'route:container.addMeasurement',
  roles: ['rpo'],
  async prepare(t) {
    const instrument = await usableInstrument(t);
    return { uuid: await closedContainer(t), body: measurementBody(instrument) };
  },
  attempt: (t, { uuid, body }, o) => request('POST', measurementPath(t, uuid), t.token, body, o),
  async check(t, { uuid }, answers) {
    const stored = await itemsOf(t, keys.measurementsPrefix(uuid));
    return exactly('measurements', stored, answers.at(-1)?.body?.DecisionMeasurementModel?.Uuid);
  },
};

const release: MatrixWrite<{ uuid: string; notice: string }> = {
  name: 'release',
  fn: 'route:container.release',
  prepare: (t) => releasable(t),
  attempt: (t, { uuid, notice }, o) =>
    request(
      'POST',
      `${containerPath(t, uuid)}/release`,
      rpoOf(t),
      { ReleaseType: 'UNRESTRICTED', ClearanceNoticeUuid: notice },
      o,
    ),
  async check(t, { uuid }, answers) {
    const broken: string[] = [];
    const lines = await itemsOf(t, keys.releaseEntryPrefix);
    const answered = answers.at(-1)?.body?.ReleaseRecordModel;
    // Released exactly once: one line, the container's, the record the answer named.
    if (
      lines.length !== 1 ||
      lines[0]!.ContainerUuid !== uuid ||
      lines[0]!.RecordDocumentUuid !== answered?.RecordDocumentUuid
    )
      broken.push(`${lines.length} register lines`);
    // Every line with its locked object, every object with its line (the archive check has run): verify is Valid.
    const year = String(lines[0]?.ReleasedAt ?? '').slice(0, 4) || new Date().getUTCFullYear();
    const verified = await call(
      'GET',
      `/waste-management/api/v1/${t.client}/${t.facility}/release-register/verify?year=${year}`,
      {
        token: rpoOf(t),
      },
    );
    const verification = verified.body?.ReleaseRegisterVerificationModel;
    if (!verification?.Valid) broken.push(`verify: ${JSON.stringify(verification?.Missing ?? verified.body)}`);
    // No record PDF without its release, except an orphan the archive check named.
    const documents = await itemsOf(t, 'DOCUMENT#');
    const orphans = (await itemsOf(t, 'ARCHIVE#')).filter((a) => a.Orphaned).map((a) => a.RecordKey);
    const listed = await s3Client().send(
      new ListObjectsV2Command({ Bucket: runtime().recordsBucketName, Prefix: `documents/${t.client}/${t.facility}/` }),
    );
    for (const key of (listed.Contents ?? []).map((o) => o.Key!).filter((k) => !k.includes('/register/')))
      if (!documents.some((d) => (d.File as { Key?: string } | null)?.Key === key) && !orphans.includes(key))
        broken.push(`record ${key.split('/').at(-1)} without its release, not named`);
    return broken;
  },
};

const documentCreate = recordCreate({
  name: 'document create',
  operation: 'document.create',
  path: documentsPath,
  body: DOCUMENT,
  model: 'DocumentModel',
  prefix: 'DOCUMENT#',
  listing: (t) => documentsPath(t, '/page/2'),
});

const fileStored: MatrixWrite<{ uuid: string; form: { Url: string; Fields: Record<string, string> } }> = {
  name: 'document upload FileInfo',
  fn: 'event:document.fileStored',
  retry: 'platform',
  async prepare(t) {
    const created = await createDocument(t, DOCUMENT);
    return { uuid: created.DocumentModel.Uuid as string, form: created.Upload };
  },
  attempt: async (_t, { form }) => ({
    status: (await upload(form, new Uint8Array(1234), 'report.pdf')) < 300 ? 200 : 502,
  }),
  async check(t, { uuid }) {
    // Lambda retries a failed asynchronous event (here after one and two seconds): FileInfo is there by then.
    const size = await eventually(async () => {
      const [document] = await itemsOf(t, keys.document(uuid));
      return (document?.File as { Size?: number } | null)?.Size;
    }, 6_000).catch(() => undefined);
    return size === 1234 ? [] : [`FileInfo ${size ?? 'empty'}`];
  },
};

const logEntryCreate = recordCreate({
  name: 'log entry create',
  operation: 'maintenanceLog.create',
  path: (t) => entriesPath(t),
  body: ENTRY,
  model: 'MaintenanceLogEntryModel',
  prefix: 'MLE#',
  listing: () => `${LOG_REPORT}/page/2`,
});

const logEntrySolve: MatrixWrite<{ uuid: string }> = {
  name: 'log entry solve',
  fn: 'route:maintenanceLog.update',
  async prepare(t) {
    const created = await call('POST', entriesPath(t), { token: t.token, body: ENTRY });
    return { uuid: created.body.MaintenanceLogEntryModel.Uuid as string };
  },
  attempt: (t, { uuid }, o) =>
    request(
      'PUT',
      entriesPath(t, uuid),
      t.token,
      { IncidentSolution: 'End-stop replaced', IncidentDateEnd: '2026-10-01 12:30:00' },
      o,
    ),
  async check(t, { uuid }) {
    const [entry] = await itemsOf(t, keys.maintenanceEntry(uuid));
    return entry?.IncidentSolution === 'End-stop replaced' && entry?.Version === 2
      ? []
      : [`solution ${String(entry?.IncidentSolution)}, version ${String(entry?.Version)}`];
  },
};

const streamCount: MatrixWrite = {
  name: 'stream count update',
  fn: 'event:sequence.changes',
  retry: 'platform',
  // Its calls repeat per counter and per bucket (and how a batch falls varies): each kind of call is failed once.
  calls: 'each kind',
  prepare: async () => ({}),
  attempt: async (t) => answerOf(await call('POST', documentsPath(t), { token: t.token, body: DOCUMENT })),
  async check(t) {
    return countHolds('documents', documentsPath(t, '/page/2'), t.token, 1);
  },
};

/** The writes that matter, each with how it is made and what must hold after it. */
export const MATRIX_WRITES: readonly MatrixWrite[] = [
  release,
  documentCreate,
  fileStored,
  logEntryCreate,
  logEntrySolve,
  containerCreate,
  containerUpdate,
  contentAdd,
  measurement,
  streamCount,
  ...OPERATION_WRITES,
  ...MATERIAL_WRITES,
];
