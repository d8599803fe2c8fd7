import type { Route } from './types';

const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';
const ENTRIES = '/maintenance-log/api/v1/{clientUuid}/{facilityUuid}/maintenance-log-entries';
// Role reporter's pages come from the all-tenant collection; a tenant's own entries are read with its session.
const report = { auth: 'token', data: 'read', files: 'none', allTenants: 'maintenanceLog' } as const;

/** The maintenance log report (interface §4.4) and its writes (DESIGN §5). */
export const maintenanceRoutes = {
  find: {
    operation: 'maintenanceLog.find',
    method: 'GET',
    path: REPORT,
    entry: 'functions/maintenance/find.ts',
    ...report,
  },
  page: {
    operation: 'maintenanceLog.page',
    method: 'GET',
    path: `${REPORT}/page`,
    entry: 'functions/maintenance/page.ts',
    ...report,
  },
  pageNumber: {
    operation: 'maintenanceLog.page',
    method: 'GET',
    path: `${REPORT}/page/{page}`,
    entry: 'functions/maintenance/page.ts',
    ...report,
  },
  create: {
    operation: 'maintenanceLog.create',
    method: 'POST',
    path: ENTRIES,
    entry: 'functions/maintenance/create.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
  },
  update: {
    operation: 'maintenanceLog.update',
    method: 'PUT',
    path: `${ENTRIES}/{uuid}`,
    entry: 'functions/maintenance/update.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: { 404: ['maintenance.not_found'] },
  },
} as const satisfies Record<string, Route>;
