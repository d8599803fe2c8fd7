/** shared/domain/container-audit.ts: which fields an audit entry records as changed, created or deleted. */
import { describe, expect, it } from 'vitest';
import { allFieldsAsChanges, fieldChanges } from '../../../shared/domain/container-audit';
import { EMPTY_CONTAINER } from '../../../shared/domain/container-fields';

const box = { ...EMPTY_CONTAINER, Name: 'Box', Weight: 1200 };

describe('container audit changes', () => {
  it('lists the writable fields that differ, with their old and new values', () => {
    expect(fieldChanges(box, { ...box, Weight: null, State: 'DECAY' })).toEqual([
      { field: 'State', old: 'OPEN', new: 'DECAY' },
      { field: 'Weight', old: 1200, new: null },
    ]);
    expect(fieldChanges(box, { ...box })).toEqual([]);
  });

  it('records a create as every set field from null, a delete as every set field to null', () => {
    const created = allFieldsAsChanges(box, 'created');
    expect(created).toContainEqual({ field: 'Name', old: null, new: 'Box' });
    expect(created).toContainEqual({ field: 'Weight', old: null, new: 1200 });
    expect(created.map((c) => c.field)).not.toContain('MeasurementDate');
    expect(allFieldsAsChanges(box, 'deleted')).toContainEqual({ field: 'Weight', old: 1200, new: null });
  });
});
