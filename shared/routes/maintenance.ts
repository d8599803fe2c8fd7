import type { Route } from './types';

const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';
const ENTRIES = '/maintenance-log/api/v1/{clientUuid}/{facilityUuid}/maintenance-log-entries';
// Role reporter's pages come from the all-tenant collection; a tenant's own entries are read with its session.
const report = { auth: 'token', data: 'read', files: 'none', allTenants: 'maintenanceLog' } as const;
/** The page listing: `page` and `page/{page}` are one function. */
const page = {
  operation: 'maintenanceLog.page',
  summary: 'One page of 100, newest incident first.',
  method: 'GET',
  entry: 'functions/maintenance/page.ts',
  ...report,
} as const;

/** The maintenance log report (interface §4.4) and its writes (DESIGN §5). */
export const maintenanceRoutes = {
  find: {
    operation: 'maintenanceLog.find',
    summary: "The caller's entries (all for role reporter), up to 1,000.",
    method: 'GET',
    path: REPORT,
    entry: 'functions/maintenance/find.ts',
    ...report,
  },
  page: { ...page, path: `${REPORT}/page` },
  pageNumber: { ...page, path: `${REPORT}/page/{page}` },
  create: {
    operation: 'maintenanceLog.create',
    summary: 'State ONGOING and Reporter the caller unless given.',
    method: 'POST',
    path: ENTRIES,
    entry: 'functions/maintenance/create.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
  },
  update: {
    operation: 'maintenanceLog.update',
    summary: 'Partial update; SOLVED needs solution, end and solver.',
    method: 'PUT',
    path: `${ENTRIES}/{uuid}`,
    entry: 'functions/maintenance/update.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: { 404: ['maintenance.not_found'] },
  },
} as const satisfies Record<string, Route>;
