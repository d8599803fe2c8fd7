/** shared/domain/container-fields.ts: the one list of a container's fields, which a client may write, and defaults. */
import { describe, expect, it } from 'vitest';
import {
  CONTAINER_DEFAULTS,
  CONTAINER_FIELDS,
  CONTAINER_MUTABLE_FIELDS,
  EMPTY_CONTAINER,
  RPO_FIELDS,
} from '../../../shared/domain/container-fields';

describe('the container fields', () => {
  it('are the 27 of interface §2.4 in its order, then WasteForm and LabelsRemoved', () => {
    expect(CONTAINER_FIELDS).toHaveLength(29);
    expect(CONTAINER_FIELDS.slice(0, 4)).toEqual(['Client', 'Facility', 'State', 'Name']);
    expect(CONTAINER_FIELDS.slice(26)).toEqual(['Uuid', 'WasteForm', 'LabelsRemoved']);
  });

  it('let a client write neither identity, times nor what the server computes', () => {
    for (const field of ['Client', 'Facility', 'Uuid', 'CreatedAt', 'UpdatedAt', 'MeasuredByName', 'DispatchId'])
      expect(CONTAINER_MUTABLE_FIELDS, field).not.toContain(field);
    expect(CONTAINER_MUTABLE_FIELDS).toEqual(expect.arrayContaining(['State', 'Name', 'Weight', 'LabelsRemoved']));
    // The release fields are writable, by role rpo only.
    expect(CONTAINER_MUTABLE_FIELDS).toEqual(expect.arrayContaining([...RPO_FIELDS]));
  });

  it('start a container OPEN, its labels on, everything else unset', () => {
    expect(CONTAINER_DEFAULTS).toMatchObject({ State: 'OPEN', LabelsRemoved: false, Weight: null, WasteForm: null });
    expect(EMPTY_CONTAINER.Name).toBe('');
    expect(Object.keys(EMPTY_CONTAINER).sort()).toEqual([...CONTAINER_MUTABLE_FIELDS].sort());
  });
});
