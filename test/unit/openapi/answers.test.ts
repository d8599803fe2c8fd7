/** shared/openapi/answers.ts: the statuses a route answers besides 200, derived from the route. */
import { describe, expect, it } from 'vitest';
import { answersOf, isIdentifierVariable } from '../../../shared/openapi/answers';
import { containerRoutes } from '../../../shared/routes/containers';
import { docsRoutes } from '../../../shared/routes/docs';
import { routes, type Route } from '../../../shared/routes';

const statuses = (route: Route) => [...answersOf(route).keys()];

describe('isIdentifierVariable', () => {
  it('path variables named ...uuid are identifiers', () => {
    expect(['uuid', 'contentUuid', 'clientUUID'].every(isIdentifierVariable)).toBe(true);
    expect(['page', 'asset', 'uuidPrefix'].some(isIdentifierVariable)).toBe(false);
  });
});

describe('answersOf', () => {
  it('a public route without variables or dependencies answers 200, or 400 for a query it does not declare', () => {
    expect(statuses(docsRoutes.page)).toEqual([400]);
    expect(answersOf(docsRoutes.page).get(400)).toEqual(['request.invalid']);
  });

  it('a token route with a body: 400, 401, 403 (tenant), 413, 415, 503, and its own answers, sorted by status', () => {
    const answers = answersOf(containerRoutes.update);
    expect([...answers.keys()]).toEqual([400, 401, 403, 404, 409, 412, 413, 415, 503]);
    expect(answers.get(400)).toEqual(['request.invalid', 'request.malformed_path', 'request.malformed_json']);
    expect(answers.get(401)).toEqual(['auth.token_missing', 'auth.token_invalid', 'auth.token_expired']);
    expect(answers.get(403)).toEqual(
      expect.arrayContaining(['auth.tenant_forbidden', 'container.rpo_fields_forbidden']),
    );
    expect(answers.get(412)).toEqual(['request.precondition_failed']);
    expect(answers.get(503)).toEqual(['server.unavailable', 'server.deadline']);
  });

  it('a POST may answer 409 for its idempotency key, beside its own conflicts', () => {
    expect(answersOf(containerRoutes.create).get(409)).toEqual(
      expect.arrayContaining(['idempotency.key_reused', 'idempotency.in_progress', 'container.initial_state']),
    );
    expect(answersOf(containerRoutes.update).get(409)).not.toContain('idempotency.key_reused');
  });

  it('an operator route answers 403 for a missing role, not for a tenant', () => {
    const operator = routes.find((r) => r.auth === 'operator')!;
    expect(answersOf(operator).get(403)).toEqual(['auth.role_required']);
  });

  it('a route reading nothing answers no 503; one reading the table does', () => {
    expect(statuses(containerRoutes.loadDefault)).not.toContain(503);
    expect(statuses(containerRoutes.load)).toContain(503);
  });
});
