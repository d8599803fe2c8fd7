/** shared/routes/operations.ts: each maintenance operation's start route and step, derived from its definition. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executionRoutes, isSegmented, operationRoutes, operations } from '../../../shared/routes/operations';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the maintenance operations', () => {
  it('each have a slug of their own, their name in kebab case', () => {
    expect(new Set(operations.map((o) => o.slug)).size).toBe(operations.length);
    const exportRecords = operations.find((o) => o.name === 'exportRecords');
    expect(exportRecords?.slug).toBe('export-records');
  });

  it('each have a step function and a start function whose handlers exist', () => {
    for (const operation of operations) {
      expect(existsSync(path.join(root, operation.step.entry)), operation.step.entry).toBe(true);
      expect(existsSync(path.join(root, operationRoutes[operation.name]!.entry)), operation.name).toBe(true);
    }
    expect(existsSync(path.join(root, executionRoutes.executionStatus.entry))).toBe(true);
  });

  it('start by GET /service/{slug}, for an operator, under the client and facility their scope names', () => {
    for (const operation of operations) {
      const route = operationRoutes[operation.name]!;
      const scope = { table: '', client: '/{clientUuid}', facility: '/{clientUuid}/{facilityUuid}' }[operation.scope];
      expect(route).toMatchObject({
        operation: `service.${operation.name}`,
        method: 'GET',
        path: `/service/${operation.slug}${scope}`,
        auth: 'operator',
        data: 'none',
        executions: 'start',
      });
    }
  });

  it('take ?dryRun, their own inputs, and ?segments only when they scan the whole table', () => {
    for (const operation of operations) {
      const query = Object.keys(operationRoutes[operation.name]!.query ?? {});
      expect(query, operation.name).toEqual([
        'dryRun',
        ...Object.keys(operation.inputs ?? {}),
        ...(isSegmented(operation) ? ['segments'] : []),
      ]);
      expect(isSegmented(operation)).toBe(operation.scope === 'table');
    }
    expect(Object.keys(operationRoutes.importRecords!.query ?? {})).toContain('from');
  });
});
