import { TEXT, type Route } from './types';

const DOCUMENTS = '/document/api/v1/{clientUuid}/{facilityUuid}/documents';
const notFound = { 404: ['document.not_found'] } as const;
// The report finds a document's tenant on the uuid index, then reads it with that tenant's session.
const report = { auth: 'token', data: 'read', files: 'read', allTenants: 'documentUuids', answers: notFound } as const;
/** A listing (narrowed by `?State=`). */
const read = { auth: 'token', data: 'read', files: 'read', query: { State: TEXT } } as const;

/** The document archive (interface §4.1, §4.2) and its writes (DESIGN §5). */
export const documentRoutes = {
  find: { operation: 'document.find', method: 'GET', path: DOCUMENTS, entry: 'functions/document/find.ts', ...read },
  page: {
    operation: 'document.page',
    method: 'GET',
    path: `${DOCUMENTS}/page`,
    entry: 'functions/document/page.ts',
    ...read,
  },
  pageNumber: {
    operation: 'document.page',
    method: 'GET',
    path: `${DOCUMENTS}/page/{page}`,
    entry: 'functions/document/page.ts',
    ...read,
  },
  latest: {
    operation: 'document.latest',
    method: 'GET',
    path: `${DOCUMENTS}/latest`,
    entry: 'functions/document/latest.ts',
    ...read,
  },
  facility: {
    operation: 'document.facility',
    method: 'GET',
    path: `${DOCUMENTS}/facility`,
    entry: 'functions/document/facility.ts',
    ...read,
  },
  documentFolder: {
    operation: 'document.documentFolder',
    method: 'GET',
    path: `${DOCUMENTS}/document-folder/{documentFolderUuid}`,
    entry: 'functions/document/document-folder.ts',
    ...read,
  },
  record: {
    operation: 'document.record',
    method: 'GET',
    path: `${DOCUMENTS}/record/{recordUuid}`,
    entry: 'functions/document/record.ts',
    ...read,
  },
  device: {
    operation: 'document.device',
    method: 'GET',
    path: `${DOCUMENTS}/device/{deviceUuid}`,
    entry: 'functions/document/device.ts',
    ...read,
  },
  maintenanceLogEntry: {
    operation: 'document.maintenanceLogEntry',
    method: 'GET',
    path: `${DOCUMENTS}/maintenance-log-entry/{maintenanceLogEntryUuid}`,
    entry: 'functions/document/maintenance-log-entry.ts',
    ...read,
  },
  generator: {
    operation: 'document.generator',
    method: 'GET',
    path: `${DOCUMENTS}/generator/{generatorUuid}`,
    entry: 'functions/document/generator.ts',
    ...read,
  },
  cyclotronProduct: {
    operation: 'document.cyclotronProduct',
    method: 'GET',
    path: `${DOCUMENTS}/cyclotron-product/{cyclotronProductUuid}`,
    entry: 'functions/document/cyclotron-product.ts',
    ...read,
  },
  create: {
    operation: 'document.create',
    method: 'POST',
    path: DOCUMENTS,
    entry: 'functions/document/create.ts',
    auth: 'token',
    data: 'write',
    files: 'write',
  },
  update: {
    operation: 'document.update',
    method: 'PUT',
    path: `${DOCUMENTS}/{uuid}`,
    entry: 'functions/document/update.ts',
    auth: 'token',
    data: 'write',
    files: 'read',
    // A release record (StrlSchV § 86 Abs. 2) stays as it was made.
    answers: { ...notFound, 409: ['document.kept_record'] },
  },
  report: {
    operation: 'document.report',
    method: 'GET',
    path: '/document/report-api/v1/document/{uuid}',
    entry: 'functions/document/report.ts',
    ...report,
  },
} as const satisfies Record<string, Route>;
