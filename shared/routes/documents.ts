import { TEXT, type Route } from './types';

const DOCUMENTS = '/document/api/v1/{clientUuid}/{facilityUuid}/documents';
const notFound = { 404: ['document.not_found'] } as const;
// The report finds a document's tenant on the uuid index, then reads it with that tenant's session.
const report = { auth: 'token', data: 'read', files: 'read', allTenants: 'documentUuids', answers: notFound } as const;
/** A listing (narrowed by `?State=`). */
const read = { auth: 'token', data: 'read', files: 'read', query: { State: TEXT } } as const;
/** The page listing: `page` and `page/{page}` are one function. */
const page = {
  operation: 'document.page',
  summary: 'One page of 100, newest first.',
  method: 'GET',
  entry: 'functions/document/page.ts',
  ...read,
} as const;

/** The document archive (interface §4.1, §4.2) and its writes (DESIGN §5). */
export const documentRoutes = {
  find: {
    operation: 'document.find',
    summary: 'Every document of the facility (up to 1,000; then a Warning).',
    method: 'GET',
    path: DOCUMENTS,
    entry: 'functions/document/find.ts',
    ...read,
  },
  page: { ...page, path: `${DOCUMENTS}/page` },
  pageNumber: { ...page, path: `${DOCUMENTS}/page/{page}` },
  latest: {
    operation: 'document.latest',
    summary: 'The 10 newest documents.',
    method: 'GET',
    path: `${DOCUMENTS}/latest`,
    entry: 'functions/document/latest.ts',
    ...read,
  },
  facility: {
    operation: 'document.facility',
    summary: "The facility's documents with scope DOCUMENT_FOLDER.",
    method: 'GET',
    path: `${DOCUMENTS}/facility`,
    entry: 'functions/document/facility.ts',
    ...read,
  },
  documentFolder: {
    operation: 'document.documentFolder',
    summary: 'The documents of that document folder.',
    method: 'GET',
    path: `${DOCUMENTS}/document-folder/{documentFolderUuid}`,
    entry: 'functions/document/document-folder.ts',
    ...read,
  },
  record: {
    operation: 'document.record',
    summary: 'The documents of that record.',
    method: 'GET',
    path: `${DOCUMENTS}/record/{recordUuid}`,
    entry: 'functions/document/record.ts',
    ...read,
  },
  device: {
    operation: 'document.device',
    summary: 'The documents of that device.',
    method: 'GET',
    path: `${DOCUMENTS}/device/{deviceUuid}`,
    entry: 'functions/document/device.ts',
    ...read,
  },
  maintenanceLogEntry: {
    operation: 'document.maintenanceLogEntry',
    summary: 'The documents of that maintenance log entry.',
    method: 'GET',
    path: `${DOCUMENTS}/maintenance-log-entry/{maintenanceLogEntryUuid}`,
    entry: 'functions/document/maintenance-log-entry.ts',
    ...read,
  },
  generator: {
    operation: 'document.generator',
    summary: 'The documents of that generator.',
    method: 'GET',
    path: `${DOCUMENTS}/generator/{generatorUuid}`,
    entry: 'functions/document/generator.ts',
    ...read,
  },
  cyclotronProduct: {
    operation: 'document.cyclotronProduct',
    summary: 'The documents of that cyclotron product.',
    method: 'GET',
    path: `${DOCUMENTS}/cyclotron-product/{cyclotronProductUuid}`,
    entry: 'functions/document/cyclotron-product.ts',
    ...read,
  },
  create: {
    operation: 'document.create',
    summary: 'Creates the record and answers a presigned upload for its file.',
    method: 'POST',
    path: DOCUMENTS,
    entry: 'functions/document/create.ts',
    auth: 'token',
    data: 'write',
    files: 'write',
  },
  update: {
    operation: 'document.update',
    summary: 'Changes Scope, ScopeReference, Filename, State.',
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
    summary: 'For its facility in the token or role reporter; else 404.',
    method: 'GET',
    path: '/document/report-api/v1/document/{uuid}',
    entry: 'functions/document/report.ts',
    ...report,
  },
} as const satisfies Record<string, Route>;
