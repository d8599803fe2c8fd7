/**
 * Every route of the route table answers over HTTP, with and without the trailing slash, through
 * the real authorizer and handler, and through an independent validator of the OpenAPI document
 * (Stoplight Prism) besides the project's own. A route without a sample here fails the suite: new
 * routes come with their contract test.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/local/paths';
import { OPENAPI_FILE } from '../../shared/routes/docs';
import { type OperationName, routes } from '../../shared/routes';
import { perStartRoute } from '../../shared/routes/operations';
import { CONTAINER_FIELDS } from '../../shared/domain/container-fields';
import { DOCUMENT_FIELDS } from '../../shared/domain/document';
import { MAINTENANCE_FIELDS } from '../../shared/domain/maintenance';
import { ITEM_TYPES, keys } from '../../shared/data/table';
import {
  call,
  containerPath,
  createDocument,
  documentClient,
  newTenant,
  runtime,
  token,
  type ApiResponse,
} from '../support/api';
import { startPrism } from '../support/prism';
import { releasable, releaseOf } from '../support/releases';
import { fillPath } from '../support/routes';
import { REGISTER_FIELDS } from '../../shared/domain/release-register';
import { CLEARANCE_NOTICE_FIELDS } from '../../shared/domain/clearance-notice';
import { INSTRUMENT_FIELDS } from '../../shared/domain/instrument';
import { MEASUREMENT_FIELDS } from '../../shared/domain/decision-measurement-fields';
import { checkModel } from '../../shared/schemas/instrument';
import { LICENCE_FIELDS } from '../../shared/domain/licence';
import { MATERIAL_FIELDS, MOVEMENT_FIELDS } from '../../shared/domain/material-model';
import { bookedEluate, createLicence, generatorBody, LICENCE_BODY, move, receive } from '../support/material';
import {
  at,
  closedContainer,
  createInstrument,
  createNotice,
  INSTRUMENT_BODY,
  measurementBody,
  measurementPath,
  NOTICE_BODY,
  SURVEY_METER_BODY,
  surveyBody,
  usableInstrument,
  usClosedContainer,
  usFacility,
} from '../support/registers';
import { settingsModel } from '../../shared/schemas/settings';
import { surveyModel } from '../../shared/schemas/survey';

type Tenant = ReturnType<typeof newTenant>;
interface Sample {
  /** Makes whatever the call needs and returns the path values and body. */
  prepare(t: Tenant): Promise<{ values: Record<string, string>; body?: unknown; query?: string; token?: string }>;
  check(response: ApiResponse, t: Tenant): void;
}

/** A container item with none of its fields, written past the API: invalid by the current schema. */
async function plantInvalidContainer(t: Tenant) {
  const uuid = randomUUID();
  await documentClient().send(
    new PutCommand({
      TableName: runtime().tableName,
      Item: { PK: keys.tenant(t), SK: keys.container(uuid), Type: ITEM_TYPES.container, Uuid: uuid },
    }),
  );
}

async function createContainer(t: Tenant, body: unknown = { Name: 'Sample' }) {
  const created = await call('POST', containerPath(t), { token: t.token, body });
  expect(created.status).toBe(200);
  return created.body.ContainerModel.Uuid as string;
}

const expectContainer = (response: ApiResponse, t: Tenant) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(Object.keys(response.body)).toEqual(['ContainerModel', 'Notifications']);
  expect(Object.keys(response.body.ContainerModel)).toEqual([...CONTAINER_FIELDS]);
  expect(response.body.ContainerModel).toMatchObject({ Client: t.client, Facility: t.facility });
};

const expectDocuments = (response: ApiResponse, uuid: string) => {
  expect(response.status, response.text).toBe(200);
  expect(Object.keys(response.body)).toEqual(['DocumentModelCollection', 'CollectionConfiguration', 'Notifications']);
  const item = response.body.DocumentModelCollection.find((d: { Uuid: string }) => d.Uuid === uuid);
  expect(item).toBeDefined();
  expect(Object.keys(item)).toEqual([...DOCUMENT_FIELDS]);
  expect(response.body.CollectionConfiguration.CollectionModelName).toBe('DocumentModelCollection');
};

/** A listing sample: a document in the given scope, then the listing must hold it. */
const listing = (scope: string, param?: string, extra: Record<string, string> = {}): Sample => {
  let uuid = '';
  return {
    prepare: async (t) => {
      uuid = (await createDocument(t, { Scope: scope, ScopeReference: 'ref-1', Filename: 'a.pdf' })).DocumentModel.Uuid;
      return {
        values: { clientUuid: t.client, facilityUuid: t.facility, ...(param ? { [param]: 'ref-1' } : {}), ...extra },
      };
    },
    check: (r) => expectDocuments(r, uuid),
  };
};

const expectEntries = (response: ApiResponse, uuid: string) => {
  expect(response.status, response.text).toBe(200);
  expect(Object.keys(response.body)).toEqual([
    'MaintenanceLogEntryModelCollection',
    'CollectionConfiguration',
    'Notifications',
  ]);
  const item = response.body.MaintenanceLogEntryModelCollection.find((e: { Uuid: string }) => e.Uuid === uuid);
  expect(Object.keys(item)).toEqual([...MAINTENANCE_FIELDS]);
};
const entryBody = {
  IncidentTitle: 'Dose calibrator drift',
  IncidentCause: 'Reference source reads 4 % high',
  IncidentDateStart: '2026-11-02 08:00:00',
};
const createEntry = async (t: Tenant) => {
  const r = await call('POST', `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`, {
    token: t.token,
    body: entryBody,
  });
  expect(r.status, r.text).toBe(200);
  return r.body.MaintenanceLogEntryModel.Uuid as string;
};
const entryListing = (extra: Record<string, string> = {}): Sample => {
  let uuid = '';
  return {
    prepare: async (t) => {
      uuid = await createEntry(t);
      return { values: extra };
    },
    check: (r) => expectEntries(r, uuid),
  };
};

/** The members of the decay-in-storage models (issue 11), in order. */
const CONTENT_MEMBERS = [
  'Uuid',
  'Kind',
  'ContentId',
  'Nuclide',
  'Activity',
  'ActivityDateTime',
  'CreatedAt',
  'CreatedBy',
  'Impurities',
  'ImpuritiesJustification',
  'BookLineUuid',
];
const HISTORY_MEMBERS = ['At', 'By', 'ByName', 'Field', 'OldValue', 'NewValue', 'RequestId'];
const contentBody = {
  Kind: 'CYCLOTRON_PRODUCT',
  ContentId: 'product-1',
  Nuclide: 'F-18',
  Activity: 900000,
  ActivityDateTime: '2026-11-20 08:00:00',
};
/** A container with a content (its uuid), measured, so its release assessment has every input. */
async function containerWithContent(t: Tenant) {
  const uuid = await createContainer(t, {
    Name: 'Sample',
    Weight: 10000,
    MeasurementActivity: 1000000,
    MeasurementDate: '2026-11-20 08:00:00',
  });
  const added = await call('POST', `${containerPath(t, uuid)}/contents`, { token: t.token, body: contentBody });
  expect(added.status, added.text).toBe(200);
  return { uuid, content: added.body.ContainerContentModel.Uuid as string };
}
const notificationsOf = (r: ApiResponse) =>
  r.body.Notifications.map((n: { Type: string; Message: string }) => [n.Type, n.Message]);
const expectContent = (r: ApiResponse, notifications: string[][]) => {
  expect(r.status, r.text).toBe(200);
  expect(Object.keys(r.body)).toEqual(['ContainerContentModel', 'Notifications']);
  expect(Object.keys(r.body.ContainerContentModel)).toEqual(CONTENT_MEMBERS);
  expect(r.body.ContainerContentModel).toMatchObject(contentBody);
  expect(notificationsOf(r)).toEqual(notifications);
};
const expectCollection = (r: ApiResponse, name: string, members: string[]) => {
  expect(r.status, r.text).toBe(200);
  expect(Object.keys(r.body)).toEqual([name, 'CollectionConfiguration', 'Notifications']);
  expect(r.body[name].length).toBeGreaterThan(0);
  for (const item of r.body[name]) expect(Object.keys(item)).toEqual(members);
  expect(r.body.CollectionConfiguration.CollectionModelName).toBe(name);
  expect(r.body.Notifications).toEqual([]);
};
/** A history listing: the container's creation and its content, newest first. */
const historyListing = (extra: Record<string, string> = {}): Sample => ({
  prepare: async (t) => ({
    values: { clientUuid: t.client, facilityUuid: t.facility, uuid: (await containerWithContent(t)).uuid, ...extra },
  }),
  check: (r) => {
    expectCollection(r, 'ContainerHistoryEntryModelCollection', HISTORY_MEMBERS);
    expect(r.body.ContainerHistoryEntryModelCollection.at(-1)).toMatchObject({
      Field: expect.any(String),
      OldValue: null,
    });
  },
});

/** The samples by operation, in three parts (the helpers of the later ones stand before them); `samples` joins them. */
const coreSamples = {
  'docs.openapi': {
    prepare: async () => ({ values: {} }),
    check: (r) => {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/' }] });
    },
  },
  'docs.page': {
    prepare: async () => ({ values: {} }),
    check: (r) => {
      expect(r.status).toBe(200);
      expect(r.text).toContain('<script src="/docs/swagger-ui-bundle.js">');
    },
  },
  'docs.asset': {
    prepare: async () => ({ values: { asset: 'swagger-ui.css' } }),
    check: (r) => {
      expect([r.status, r.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    },
  },
  // Every /service route, as a dry run only: a real run would change what other test files are writing.
  ...perStartRoute(
    (r): Sample => ({
      prepare: async (t) => {
        // Something for the invalid-records operations to find (and, dry, only report): a container without fields.
        if (r.path.includes('invalid-records')) await plantInvalidContainer(t);
        return {
          values: { clientUuid: t.client, facilityUuid: t.facility },
          query: r.path.startsWith('/service/import-records')
            ? `?dryRun=true&from=exports/${t.client}/none/`
            : '?dryRun=true',
          token: token({ roles: ['operator'] }),
        };
      },
      check: (response) => {
        expect(response.status, response.text).toBe(200);
        expect(response.body).toMatchObject({
          Operation: r.operation.replace('service.', ''),
          ExecutionId: expect.any(String),
          DryRun: true,
        });
      },
    }),
  ),
  'service.executionStatus': {
    prepare: async () => {
      const started = await call('GET', '/service/regenerate-sequence-memory?dryRun=true', {
        token: token({ roles: ['operator'] }),
      });
      return { values: { executionId: started.body.ExecutionId }, token: token({ roles: ['operator'] }) };
    },
    check: (r) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({
        Operation: 'regenerateSequenceMemory',
        Status: expect.stringMatching(/^(RUNNING|SUCCEEDED)$/),
      });
    },
  },
  'maintenanceLog.find': entryListing(),
  'maintenanceLog.page': entryListing({ page: '1' }),
  'maintenanceLog.create': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility }, body: entryBody }),
    check: (r, t) => {
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body)).toEqual(['MaintenanceLogEntryModel', 'Notifications']);
      expect(Object.keys(r.body.MaintenanceLogEntryModel)).toEqual([...MAINTENANCE_FIELDS]);
      expect(r.body.MaintenanceLogEntryModel).toMatchObject({
        Client: t.client,
        Facility: t.facility,
        State: 'ONGOING',
      });
    },
  },
  'maintenanceLog.update': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createEntry(t) },
      body: { IncidentTitle: 'Renamed' },
    }),
    check: (r) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.MaintenanceLogEntryModel.IncidentTitle).toBe('Renamed');
    },
  },
  'document.find': listing('RECORD'),
  'document.page': listing('RECORD', undefined, { page: '1' }),
  'document.latest': listing('RECORD'),
  'document.facility': listing('DOCUMENT_FOLDER'),
  'document.documentFolder': listing('DOCUMENT_FOLDER', 'documentFolderUuid'),
  'document.record': listing('RECORD', 'recordUuid'),
  'document.device': listing('DEVICE', 'deviceUuid'),
  'document.maintenanceLogEntry': listing('MAINTENANCE_LOG_ENTRY', 'maintenanceLogEntryUuid'),
  'document.generator': listing('GENERATOR', 'generatorUuid'),
  'document.cyclotronProduct': listing('CYCLOTRON_PRODUCT', 'cyclotronProductUuid'),
  'document.create': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility },
      body: { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'report.pdf' },
    }),
    check: (r, t) => {
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body)).toEqual(['DocumentModel', 'Notifications', 'Upload']);
      expect(Object.keys(r.body.DocumentModel)).toEqual([...DOCUMENT_FIELDS]);
      expect(r.body.DocumentModel).toMatchObject({
        Client: t.client,
        Facility: t.facility,
        State: 'ACTIVE',
        Url: null,
        FileInfo: null,
      });
      expect(r.body.Upload).toMatchObject({ Method: 'POST', Url: expect.stringMatching(/^http/) });
    },
  },
  'document.update': {
    prepare: async (t) => {
      const uuid = (await createDocument(t, { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'a.pdf' }))
        .DocumentModel.Uuid;
      return { values: { clientUuid: t.client, facilityUuid: t.facility, uuid }, body: { State: 'ARCHIVED' } };
    },
    check: (r) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.DocumentModel.State).toBe('ARCHIVED');
    },
  },
  'document.report': {
    prepare: async (t) => ({
      values: {
        uuid: (await createDocument(t, { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'a.pdf' })).DocumentModel
          .Uuid,
      },
    }),
    check: (r, t) => {
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body)).toEqual(['DocumentModel', 'Notifications']);
      expect(Object.keys(r.body.DocumentModel)).toEqual([...DOCUMENT_FIELDS]);
      expect(r.body.DocumentModel.Facility).toBe(t.facility);
    },
  },
  'container.loadDefault': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.ContainerModel.State).toBe('OPEN');
      expect(r.body.Notifications).toEqual([]);
    },
  },
  'container.load': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) },
    }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.headers.get('etag')).toMatch(/^".+"$/);
      expect(r.body.Notifications).toEqual([]);
    },
  },
  'container.create': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility }, body: { Name: 'Created' } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.Notifications.map((n: { Type: string }) => n.Type)).toEqual(['Success']);
    },
  },
  'container.update': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) },
      body: { Name: 'Renamed' },
    }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.ContainerModel.Name).toBe('Renamed');
    },
  },
  'container.delete': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) },
    }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.Notifications[0].Message).toBe('container.deleted');
    },
  },
  'container.contents': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: (await containerWithContent(t)).uuid },
    }),
    check: (r) => {
      expectCollection(r, 'ContainerContentModelCollection', CONTENT_MEMBERS);
      expect(r.body.ContainerContentModelCollection).toEqual([expect.objectContaining(contentBody)]);
      expect(r.body.CollectionConfiguration).toMatchObject({ IsPaginated: false, TotalCount: 1 });
    },
  },
  'container.addContent': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) },
      body: contentBody,
    }),
    check: (r) => {
      // product-1 is no item of the facility's material book: kept as entered, with a Warning.
      expectContent(r, [
        ['Success', 'container.content_added'],
        ['Warning', 'content.not_in_book'],
      ]);
      expect(r.headers.get('etag')).toMatch(/^".+\.2"$/);
    },
  },
  'container.removeContent': {
    prepare: async (t) => {
      const { uuid, content } = await containerWithContent(t);
      return { values: { clientUuid: t.client, facilityUuid: t.facility, uuid, contentUuid: content } };
    },
    check: (r) => {
      expectContent(r, [['Success', 'container.content_removed']]);
      expect(r.headers.get('etag')).toMatch(/^".+\.3"$/);
    },
  },
  'container.label': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await closedContainer(t) },
    }),
    check: (r) => {
      expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(r.text.startsWith('%PDF-')).toBe(true);
    },
  },
  'container.releaseAssessment': {
    prepare: async (t) => ({
      values: { clientUuid: t.client, facilityUuid: t.facility, uuid: (await containerWithContent(t)).uuid },
    }),
    check: (r) => {
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body)).toEqual(['ReleaseAssessmentModel', 'Notifications']);
      const model = r.body.ReleaseAssessmentModel;
      expect(Object.keys(model)).toEqual([
        'ContainerUuid',
        'ReleaseType',
        'AssessedAt',
        'Basis',
        'MeasurementDate',
        'SpecificActivityAtMeasurementBqPerG',
        'SharesAssumed',
        'Nuclides',
        'SumOfRatios',
        'ClearanceReached',
        'DecidedBy',
        'PredictedClearanceReached',
        'PredictedReleaseDateTime',
        'PredictionRemark',
        'SurfaceCheck',
        'MissingInputs',
        'DecisionMeasurement',
        'ImpuritiesUnknown',
        'Plausibility',
      ]);
      expect(model.Nuclides.map((n: object) => Object.keys(n))).toEqual([
        ['Nuclide', 'Share', 'SpecificActivityBqPerG', 'ClearanceLevelBqPerG', 'Ratio'],
      ]);
      // 1 MBq in 10 kg, all F-18 (measured with the content): 100 Bq/g at the measurement.
      expect(model).toMatchObject({
        ContainerUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        MeasurementDate: '2026-11-20 08:00:00',
        SpecificActivityAtMeasurementBqPerG: 100,
        SharesAssumed: false,
        SurfaceCheck: null,
        MissingInputs: [],
        ReleaseType: 'UNRESTRICTED',
        DecisionMeasurement: null,
      });
      expect(model.Nuclides[0]).toMatchObject({ Nuclide: 'F-18', Share: 1, ClearanceLevelBqPerG: 10 });
      expect(r.body.Notifications).toEqual([]);
    },
  },
  'container.history': historyListing(),
  'container.historyPage': historyListing({ page: '1' }),
  'container.nuclides': {
    prepare: async () => ({ values: {} }),
    check: (r) => {
      expectCollection(r, 'NuclideModelCollection', [
        'Nuclide',
        'HalfLifeSeconds',
        'ClearanceLevelBqPerG',
        'SurfaceClearanceLevelBqPerCm2',
        'Row',
        'Note',
        'ExpectedImpurities',
        'ReleaseTypes',
      ]);
      expect(r.body.NuclideModelCollection.find((n: { Nuclide: string }) => n.Nuclide === 'F-18')).toMatchObject({
        HalfLifeSeconds: 6586.2,
        ClearanceLevelBqPerG: 10,
      });
    },
  },
} satisfies Partial<Record<OperationName, Sample>>;

/** A container released just now, by an RPO of the tenant (for the register's samples). */
async function releasedContainer(t: Tenant, rpo: string) {
  const { uuid, notice } = await releasable(t);
  const released = await releaseOf(t, uuid, { ClearanceNoticeUuid: notice }, rpo);
  expect(released.status, released.text).toBe(200);
  return uuid;
}
const rpoOf = (t: Tenant) => token({ clients: [t.client], facilities: [t.facility], roles: ['rpo'] });
/** The register of a tenant that released one container this year, read by its RPO. */
async function registerOfOneRelease(t: Tenant) {
  const rpo = rpoOf(t);
  await releasedContainer(t, rpo);
  return {
    values: { clientUuid: t.client, facilityUuid: t.facility },
    query: `?year=${new Date().getUTCFullYear()}`,
    token: rpo,
  };
}

const releaseSamples = {
  'container.release': {
    prepare: async (t: Tenant) => {
      const { uuid, notice } = await releasable(t);
      const body = { ReleaseType: 'UNRESTRICTED', ClearanceNoticeUuid: notice, Justification: 'Gloves, hot lab 3.' };
      return { values: { clientUuid: t.client, facilityUuid: t.facility, uuid }, body, token: rpoOf(t) };
    },
    check: (r: ApiResponse) => {
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body)).toEqual(['ReleaseRecordModel', 'Notifications']);
      expect(Object.keys(r.body.ReleaseRecordModel)).toEqual([
        'ContainerUuid',
        'RecordDocumentUuid',
        'ReleaseType',
        'ClearanceNoticeUuid',
        'ReleasedAt',
        'ReleasedBy',
        'ReleasedByName',
        'Justification',
        'DisposalPlant',
        'DiscrepancyCause',
        'Assessment',
        'Sha256',
      ]);
    },
  },
  'releaseRegister.list': {
    prepare: registerOfOneRelease,
    check: (r: ApiResponse) => {
      expectCollection(r, 'ReleaseRegisterModelCollection', [...REGISTER_FIELDS]);
    },
  },
  'releaseRegister.summary': {
    prepare: registerOfOneRelease,
    check: (r: ApiResponse, t: Tenant) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.ReleaseRegisterSummaryModel).toEqual({
        Client: t.client,
        Facility: t.facility,
        Year: new Date().getUTCFullYear(),
        TimeZone: 'Europe/Berlin',
        From: expect.stringMatching(/^\d{4}-12-31 23:00:00$/),
        Until: expect.stringMatching(/^\d{4}-12-31 23:00:00$/),
        Releases: 1,
        TotalWeight: 10_000,
        ReleaseTypes: [
          { ReleaseType: 'UNRESTRICTED', Releases: 1, TotalWeight: 10_000 },
          { ReleaseType: 'SPECIFIC_LANDFILL', Releases: 0, TotalWeight: 0 },
          { ReleaseType: 'SPECIFIC_INCINERATION', Releases: 0, TotalWeight: 0 },
          { ReleaseType: 'INDIVIDUAL', Releases: 0, TotalWeight: 0 },
        ],
        DisposalPlants: [],
      });
    },
  },
  'releaseRegister.verify': {
    prepare: registerOfOneRelease,
    check: (r: ApiResponse) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.ReleaseRegisterVerificationModel).toEqual({
        Valid: true,
        Lines: 1,
        Objects: 1,
        FirstBroken: null,
        Missing: [],
      });
    },
  },
} satisfies Partial<Record<OperationName, Sample>>;

/** The facility registers: clearance notices, instruments and their checks, decision measurements. */
const facilityValues = (t: Tenant, uuid?: string) => ({
  clientUuid: t.client,
  facilityUuid: t.facility,
  ...(uuid ? { uuid } : {}),
});
const expectItem = (r: ApiResponse, name: string, members: readonly string[], success?: string) => {
  expect(r.status, r.text).toBe(200);
  expect(Object.keys(r.body)).toEqual([name, 'Notifications']);
  expect(Object.keys(r.body[name])).toEqual([...members]);
  if (success) expect(r.body.Notifications[0].Message).toBe(success);
};
const CHECK_MEMBERS = Object.keys(checkModel.entries);
/** A container of the tenant measured once with a usable instrument. */
async function measuredContainer(t: Tenant) {
  const instrument = await usableInstrument(t);
  const uuid = await closedContainer(t);
  const r = await call('POST', measurementPath(t, uuid), { token: t.token, body: measurementBody(instrument) });
  expect(r.status, r.text).toBe(200);
  return uuid;
}
const registerSamples = {
  'clearanceNotice.create': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t), body: NOTICE_BODY, token: rpoOf(t) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'ClearanceNoticeModel', CLEARANCE_NOTICE_FIELDS, 'clearance_notice.created');
      expect(r.headers.get('etag')).toMatch(/^".+\.1"$/);
    },
  },
  'clearanceNotice.list': {
    prepare: async (t: Tenant) => {
      await createNotice(t);
      return { values: facilityValues(t) };
    },
    check: (r: ApiResponse) => expectCollection(r, 'ClearanceNoticeModelCollection', [...CLEARANCE_NOTICE_FIELDS]),
  },
  'clearanceNotice.load': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t, (await createNotice(t)).Uuid) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'ClearanceNoticeModel', CLEARANCE_NOTICE_FIELDS);
      expect(r.body.ClearanceNoticeModel).toMatchObject(NOTICE_BODY);
    },
  },
  'clearanceNotice.update': {
    prepare: async (t: Tenant) => ({
      values: facilityValues(t, (await createNotice(t)).Uuid),
      body: { Conditions: 'Nur feste Stoffe aus der Nuklearmedizin.' },
      token: rpoOf(t),
    }),
    check: (r: ApiResponse) => {
      expectItem(r, 'ClearanceNoticeModel', CLEARANCE_NOTICE_FIELDS, 'clearance_notice.updated');
      expect(r.headers.get('etag')).toMatch(/^".+\.2"$/);
    },
  },
  'instrument.create': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t), body: INSTRUMENT_BODY, token: rpoOf(t) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'InstrumentModel', INSTRUMENT_FIELDS, 'instrument.created');
      // Not checked yet: not usable, and an Info says why.
      expect(r.body.InstrumentModel).toMatchObject({ UsableNow: false, UsableUntil: null });
      expect(notificationsOf(r)).toEqual([
        ['Success', 'instrument.created'],
        ['Info', 'instrument.not_usable_now'],
      ]);
    },
  },
  'instrument.list': {
    prepare: async (t: Tenant) => {
      await usableInstrument(t);
      return { values: facilityValues(t) };
    },
    check: (r: ApiResponse) => {
      expectCollection(r, 'InstrumentModelCollection', [...INSTRUMENT_FIELDS]);
      expect(r.body.InstrumentModelCollection[0].UsableNow).toBe(true);
    },
  },
  'instrument.load': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t, await usableInstrument(t)) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'InstrumentModel', INSTRUMENT_FIELDS);
      expect(r.body.InstrumentModel.UsableNow).toBe(true);
      expect(r.body.Notifications).toEqual([]);
    },
  },
  'instrument.update': {
    prepare: async (t: Tenant) => ({
      values: facilityValues(t, await usableInstrument(t)),
      body: { FunctionCheckIntervalDays: 14 },
      token: rpoOf(t),
    }),
    check: (r: ApiResponse) => {
      expectItem(r, 'InstrumentModel', INSTRUMENT_FIELDS, 'instrument.updated');
      expect(r.body.InstrumentModel.FunctionCheckIntervalDays).toBe(14);
    },
  },
  'instrument.addCheck': {
    prepare: async (t: Tenant) => ({
      values: facilityValues(t, (await createInstrument(t)).Uuid),
      body: { CheckedAt: at(-60), Result: 'PASS', Reading: 1520, Note: 'Check source Cs-137 in range' },
    }),
    check: (r: ApiResponse) => {
      expectItem(r, 'InstrumentCheckModel', CHECK_MEMBERS, 'instrument.check_recorded');
      expect(r.body.InstrumentCheckModel).toMatchObject({ Result: 'PASS', Reading: 1520 });
    },
  },
  'instrument.checks': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t, await usableInstrument(t)) }),
    check: (r: ApiResponse) => expectCollection(r, 'InstrumentCheckModelCollection', CHECK_MEMBERS),
  },
  'container.addMeasurement': {
    prepare: async (t: Tenant) => {
      const instrument = await usableInstrument(t);
      return { values: facilityValues(t, await closedContainer(t)), body: measurementBody(instrument) };
    },
    check: (r: ApiResponse) => {
      expectItem(r, 'DecisionMeasurementModel', MEASUREMENT_FIELDS, 'measurement.recorded');
      expect(r.body.DecisionMeasurementModel).toMatchObject({ Activity: 0.01, Detected: true });
    },
  },
  'container.measurements': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t, await measuredContainer(t)) }),
    check: (r: ApiResponse) => expectCollection(r, 'DecisionMeasurementModelCollection', [...MEASUREMENT_FIELDS]),
  },
  'settings.load': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'FacilitySettingsModel', SETTINGS_MEMBERS);
      expect(r.body.FacilitySettingsModel).toMatchObject({
        Regime: 'DE_STRLSCHV_2018',
        TimeZone: 'Europe/Berlin',
        RecordLanguage: 'de',
      });
      expect(r.headers.get('etag')).toMatch(/^"[0-9a-f-]{36}\.1"$/);
    },
  },
  'settings.update': {
    prepare: async (t: Tenant) => ({ values: facilityValues(t), body: { Regime: 'US_NRC_10CFR35' }, token: rpoOf(t) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'FacilitySettingsModel', SETTINGS_MEMBERS, 'settings.updated');
      expect(r.body.FacilitySettingsModel).toMatchObject({
        Regime: 'US_NRC_10CFR35',
        TimeZone: 'America/New_York',
        RecordLanguage: 'en',
      });
    },
  },
  'container.addSurvey': {
    prepare: async (t: Tenant) => {
      await usFacility(t);
      const meter = await usableInstrument(t, SURVEY_METER_BODY);
      return { values: facilityValues(t, await usClosedContainer(t)), body: surveyBody(meter) };
    },
    check: (r: ApiResponse) => {
      expectItem(r, 'SurveyModel', Object.keys(surveyModel.entries), 'survey.recorded');
      expect(r.body.SurveyModel).toMatchObject({ Unit: 'CPM', NetReading: 2, AtBackground: true });
    },
  },
} satisfies Partial<Record<OperationName, Sample>>;
const SETTINGS_MEMBERS = Object.keys(settingsModel.entries);

const facilityOf = (t: Tenant, extra: Record<string, string> = {}) => ({
  clientUuid: t.client,
  facilityUuid: t.facility,
  ...extra,
});
const thisYear = new Date().getUTCFullYear();
const materialSamples = {
  'licence.create': {
    prepare: async (t: Tenant) => ({ values: facilityOf(t), body: LICENCE_BODY, token: rpoOf(t) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'LicenceModel', LICENCE_FIELDS, 'licence.created');
      expect(r.body.LicenceModel).toMatchObject(LICENCE_BODY);
      expect(r.headers.get('etag')).toMatch(/^".+\.1"$/);
    },
  },
  'licence.list': {
    prepare: async (t: Tenant) => {
      await createLicence(t);
      return { values: facilityOf(t) };
    },
    check: (r: ApiResponse) => expectCollection(r, 'LicenceModelCollection', [...LICENCE_FIELDS]),
  },
  'licence.load': {
    prepare: async (t: Tenant) => ({ values: facilityOf(t, { uuid: (await createLicence(t)).Uuid }) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'LicenceModel', LICENCE_FIELDS);
      expect(r.headers.get('etag')).toMatch(/^".+\.1"$/);
    },
  },
  'licence.update': {
    prepare: async (t: Tenant) => ({
      values: facilityOf(t, { uuid: (await createLicence(t)).Uuid }),
      body: { ValidUntil: '2031-01-14 23:59:59' },
      token: rpoOf(t),
    }),
    check: (r: ApiResponse) => {
      expectItem(r, 'LicenceModel', LICENCE_FIELDS, 'licence.updated');
      expect(r.body.LicenceModel.ValidUntil).toBe('2031-01-14 23:59:59');
    },
  },
  'material.create': {
    prepare: async (t: Tenant) => {
      await createLicence(t);
      return { values: facilityOf(t), body: generatorBody() };
    },
    check: (r: ApiResponse) => {
      expectItem(r, 'MaterialModel', MATERIAL_FIELDS, 'material.received');
      expect(r.body.MaterialModel).toMatchObject({ Kind: 'GENERATOR', State: 'IN_STOCK', ParentUuid: null });
    },
  },
  'material.list': {
    prepare: async (t: Tenant) => {
      await bookedEluate(t);
      return { values: facilityOf(t) };
    },
    check: (r: ApiResponse) => expectCollection(r, 'MaterialModelCollection', [...MATERIAL_FIELDS]),
  },
  'material.page': {
    prepare: async (t: Tenant) => {
      await bookedEluate(t);
      return { values: facilityOf(t, { page: '1' }) };
    },
    check: (r: ApiResponse) => {
      expectCollection(r, 'MaterialModelCollection', [...MATERIAL_FIELDS]);
      expect(r.body.CollectionConfiguration).toMatchObject({ IsPaginated: true, TotalCount: 2 });
    },
  },
  'material.load': {
    prepare: async (t: Tenant) => ({ values: facilityOf(t, { uuid: (await bookedEluate(t)).eluate.Uuid }) }),
    check: (r: ApiResponse) => {
      expectItem(r, 'MaterialModel', MATERIAL_FIELDS);
      expect(r.body.MaterialModel).toMatchObject({ Kind: 'ELUATE', Nuclide: 'Ga-68', State: 'IN_STOCK' });
    },
  },
  'material.elute': {
    prepare: async (t: Tenant) => {
      await createLicence(t);
      const generator = await receive(t, generatorBody());
      return {
        values: facilityOf(t, { uuid: generator.Uuid }),
        body: { ActivityBq: 1e9, ElutedAt: at(-60), Breakthrough: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }] },
      };
    },
    check: (r: ApiResponse) => {
      expectItem(r, 'MaterialModel', MATERIAL_FIELDS, 'material.eluted');
      expect(r.body.MaterialModel.Impurities).toEqual([{ Nuclide: 'Ge-68', Fraction: 1e-5 }]);
    },
  },
  'material.addMovement': {
    prepare: async (t: Tenant) => ({
      values: facilityOf(t, { uuid: (await bookedEluate(t)).eluate.Uuid }),
      body: { Kind: 'ADMINISTERED', ActivityBq: 2e8, MovedAt: at(-60), Applications: 1 },
    }),
    check: (r: ApiResponse) => expectItem(r, 'MaterialMovementModel', MOVEMENT_FIELDS, 'material.moved'),
  },
  'material.movements': {
    prepare: async (t: Tenant) => {
      const { eluate } = await bookedEluate(t);
      const moved = await move(t, eluate.Uuid, {
        Kind: 'ADMINISTERED',
        ActivityBq: 2e8,
        MovedAt: at(-60),
        Applications: 1,
      });
      expect(moved.status, moved.text).toBe(200);
      return { values: facilityOf(t, { uuid: eluate.Uuid }) };
    },
    check: (r: ApiResponse) => expectCollection(r, 'MaterialMovementModelCollection', [...MOVEMENT_FIELDS]),
  },
  'material.stock': {
    prepare: async (t: Tenant) => {
      await bookedEluate(t);
      return { values: facilityOf(t) };
    },
    check: (r: ApiResponse) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.StockModel.Nuclides.map((n: { Nuclide: string }) => n.Nuclide)).toEqual(['Ga-68', 'F-18', 'Ge-68']);
      expect(r.body.StockModel.OpenItems).toBe(2);
    },
  },
  'materialReport.month': {
    prepare: async (t: Tenant) => {
      await bookedEluate(t);
      return { values: facilityOf(t), query: `?month=${at().slice(0, 7)}`, token: rpoOf(t) };
    },
    check: (r: ApiResponse) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.MaterialMonthReportModel.Rows.map((row: { Entry: string }) => row.Entry).sort()).toEqual([
        'ELUTION',
        'RECEIPT',
      ]);
    },
  },
  'materialReport.yearEnd': {
    prepare: async (t: Tenant) => ({ values: facilityOf(t), query: `?year=${thisYear - 1}`, token: rpoOf(t) }),
    check: (r: ApiResponse) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.MaterialYearEndReportModel).toMatchObject({ Year: thisYear - 1, Nuclides: [] });
    },
  },
  'materialBook.verify': {
    prepare: async (t: Tenant) => {
      await bookedEluate(t);
      return { values: facilityOf(t), query: `?year=${thisYear}`, token: rpoOf(t) };
    },
    check: (r: ApiResponse) => {
      expect(r.status, r.text).toBe(200);
      expect(r.body.MaterialBookVerificationModel).toEqual({
        Valid: true,
        Lines: 2,
        Objects: 2,
        FirstBroken: null,
        Missing: [],
      });
    },
  },
} satisfies Partial<Record<OperationName, Sample>>;

/** One sample per operation of the route table: a forgotten or misspelt one fails tsc. */
const samples: Readonly<Record<OperationName, Sample>> = {
  ...coreSamples,
  ...releaseSamples,
  ...registerSamples,
  ...materialSamples,
};

describe('every route of the route table', () => {
  it('has a contract sample', () => {
    expect(routes.map((r) => r.operation).filter((op) => !samples[op])).toEqual([]);
  });
  it('lists each route key once', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // Through Prism, which matches each request to the document's operations its own way (not the project's). A
  // trailing-slash form it does not know as a path (it does not fold `/x/` into `/x`) it answers as unknown without
  // passing it on: that form goes to the runtime directly. Any form it does match must be the route's own operation.
  let prism: Awaited<ReturnType<typeof startPrism>>;
  beforeAll(async () => {
    prism = await startPrism(path.join(repoRoot, OPENAPI_FILE), runtime().apiUrl);
  }, 90_000);
  afterAll(() => prism?.stop());
  const UNKNOWN_TO_PRISM = /#(NO_PATH_MATCHED_ERROR|NO_METHOD_MATCHED_ERROR)$/;

  for (const route of routes) {
    for (const trailingSlash of [false, true]) {
      it(`${route.method} ${route.path}${trailingSlash ? '/' : ''} (${route.operation})`, async () => {
        const sample = samples[route.operation];
        const tenant = newTenant();
        const { values, body, query = '', token: sampleToken } = await sample.prepare(tenant);
        const send = (viaPrism?: string) =>
          call(route.method, `${fillPath(route, values, trailingSlash)}${query}`, {
            ...(route.auth === 'public' ? {} : { token: sampleToken ?? tenant.token }),
            ...(body !== undefined ? { body } : {}),
            ...(viaPrism ? { viaPrism } : {}),
          });
        let response = await send(prism.url);
        const prismSays = /problem\+json/.test(response.headers.get('content-type') ?? '') ? response.body.type : '';
        if (trailingSlash && UNKNOWN_TO_PRISM.test(prismSays)) response = await send();
        // Any other answer of Prism's own: the request, or the service's answer, breaks the document as Prism reads it.
        else expect(prismSays, response.text).toBe('');
        sample.check(response, tenant);
      });
    }
  }
});

describe('gateway', () => {
  it('answers an unknown path or method with 404 in the Notifications envelope', async () => {
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['PATCH', containerPath({ client: 'c', facility: 'f' })],
      ['GET', '/waste-management/api/v1/c/f/container/u/extra'],
    ]) {
      const response = await call(method!, path!);
      expect(response.status).toBe(404);
      expect(response.body.Notifications[0]).toMatchObject({ Type: 'Error', Message: 'route.not_found' });
    }
  });

  it('answers a CORS preflight for browser clients', async () => {
    const response = await call('OPTIONS', containerPath({ client: 'c', facility: 'f' }, 'u'), {
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,PUT,DELETE');
    expect(response.headers.get('access-control-allow-headers')).toContain('if-match');
    expect(response.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('adds CORS headers to responses for browser clients (ETag readable)', async () => {
    const response = await call('GET', containerPath({ client: 'c', facility: 'f' }), {
      headers: { origin: 'https://app.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe('etag,retry-after');
  });
});

describe('trailing-slash twins', () => {
  it('serve the route with a trailing slash, and nothing deeper', async () => {
    const t = newTenant();
    const uuid = await createContainer(t);
    expect((await call('GET', `${containerPath(t, uuid)}/`, { token: t.token })).status).toBe(200);
    const deeper = await call('GET', `${containerPath(t, uuid)}/extra/more`, { token: t.token });
    expect([deeper.status, deeper.body.Notifications[0].Message]).toEqual([404, 'route.not_found']);
    // The more specific route wins over a twin: /container/{uuid} is load, not loadDefault's twin.
    expect((await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel.Uuid).toBe(uuid);
    expect((await call('GET', `${containerPath(t)}/`)).body.ContainerModel.Uuid).toBeNull();
  });
});
