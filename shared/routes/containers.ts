import type { Route } from './types';

const CONTAINER = '/waste-management/api/v1/{clientUuid}/{facilityUuid}/container';

/** Waste containers (interface §4.3). */
export const containerRoutes = {
  loadDefault: { operation: 'container.loadDefault', method: 'GET', path: CONTAINER, entry: 'functions/container/load-default.ts', auth: 'public', data: 'none', files: 'none' },
  load: { operation: 'container.load', method: 'GET', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/load.ts', auth: 'token', data: 'read', files: 'none' },
  create: { operation: 'container.create', method: 'POST', path: CONTAINER, entry: 'functions/container/create.ts', auth: 'token', data: 'write', files: 'none' },
  update: { operation: 'container.update', method: 'PUT', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/update.ts', auth: 'token', data: 'write', files: 'none' },
  delete: { operation: 'container.delete', method: 'DELETE', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/delete.ts', auth: 'token', data: 'write', files: 'none' },
} as const satisfies Record<string, Route>;
