import type { Route } from './types';

const CONTAINER = '/waste-management/api/v1/{clientUuid}/{facilityUuid}/container';
const notFound = { 404: ['container.not_found'] } as const;

/** Waste containers (interface §4.3). */
export const containerRoutes = {
  loadDefault: { operation: 'container.loadDefault', method: 'GET', path: CONTAINER, entry: 'functions/container/load-default.ts', auth: 'public', data: 'none', files: 'none' },
  load: { operation: 'container.load', method: 'GET', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/load.ts', auth: 'token', data: 'read', files: 'none', answers: notFound, headers: { response: ['ETag'] } },
  create: { operation: 'container.create', method: 'POST', path: CONTAINER, entry: 'functions/container/create.ts', auth: 'token', data: 'write', files: 'none',
    answers: { 403: ['container.rpo_fields_forbidden'], 409: ['container.initial_state', 'container.release_required'] }, headers: { response: ['ETag'] } },
  update: { operation: 'container.update', method: 'PUT', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/update.ts', auth: 'token', data: 'write', files: 'none',
    answers: { ...notFound, 403: ['container.rpo_fields_forbidden'], 409: ['container.state_change_forbidden', 'container.release_required', 'container.read_only', 'request.concurrent_update'], 412: ['request.precondition_failed'] },
    headers: { request: ['If-Match'], response: ['ETag'] } },
  delete: { operation: 'container.delete', method: 'DELETE', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/delete.ts', auth: 'token', data: 'write', files: 'none',
    answers: { ...notFound, 409: ['container.delete_forbidden', 'request.concurrent_update'] } },
  // Beyond the interface (DESIGN §8): contents, release assessment, history, the nuclide table.
  contents: { operation: 'container.contents', method: 'GET', path: `${CONTAINER}/{uuid}/contents`, entry: 'functions/container/contents.ts', auth: 'token', data: 'read', files: 'none', answers: notFound },
  addContent: { operation: 'container.addContent', method: 'POST', path: `${CONTAINER}/{uuid}/contents`, entry: 'functions/container/add-content.ts', auth: 'token', data: 'write', files: 'none',
    answers: { ...notFound, 409: ['container.contents_locked', 'container.content_duplicate', 'container.contents_full', 'request.concurrent_update'] }, headers: { response: ['ETag'] } },
  removeContent: { operation: 'container.removeContent', method: 'DELETE', path: `${CONTAINER}/{uuid}/contents/{contentUuid}`, entry: 'functions/container/remove-content.ts', auth: 'token', data: 'write', files: 'none',
    answers: { 404: ['container.not_found', 'container.content_not_found'], 409: ['container.contents_locked', 'request.concurrent_update'] }, headers: { response: ['ETag'] } },
  releaseAssessment: { operation: 'container.releaseAssessment', method: 'GET', path: `${CONTAINER}/{uuid}/release-assessment`, entry: 'functions/container/release-assessment.ts', auth: 'token', data: 'read', files: 'none', answers: notFound },
  history: { operation: 'container.history', method: 'GET', path: `${CONTAINER}/{uuid}/history`, entry: 'functions/container/history.ts', auth: 'token', data: 'read', files: 'none', answers: notFound },
  historyPage: { operation: 'container.historyPage', method: 'GET', path: `${CONTAINER}/{uuid}/history/page`, entry: 'functions/container/history-page.ts', auth: 'token', data: 'read', files: 'none', answers: notFound },
  historyPageNumber: { operation: 'container.historyPage', method: 'GET', path: `${CONTAINER}/{uuid}/history/page/{page}`, entry: 'functions/container/history-page.ts', auth: 'token', data: 'read', files: 'none', answers: notFound },
  nuclides: { operation: 'container.nuclides', method: 'GET', path: '/waste-management/api/v1/nuclides', entry: 'functions/container/nuclides.ts', auth: 'public', data: 'none', files: 'none' },
} as const satisfies Record<string, Route>;
