/**
 * shared/domain/material-model.ts: an item as the API shows it, with its remainder at the moment (never below 0, and 0
 * once used up) and its receiver's name; a movement under its item, with its writer's name; each with the fields
 * its list names, in that order, and no others.
 */
import { describe, expect, it } from 'vitest';
import {
  MATERIAL_FIELDS,
  MOVEMENT_FIELDS,
  toMaterialModel,
  toMovementModel,
} from '../../../shared/domain/material-model';
import { item, movement } from '../../support/material-items';

describe('the models', () => {
  it("show an item's remainder at the moment, never below 0, and 0 once used up; the receiver's name", () => {
    const names = new Map([['ada', 'Ada Lovelace']]);
    const model = toMaterialModel(item([movement(1)]), names, '2026-11-20 10:00:00');
    expect(model).toMatchObject({
      Uuid: 'item-1',
      ReceivedByName: 'Ada Lovelace',
      RemainingAt: '2026-11-20 10:00:00',
      State: 'IN_STOCK',
    });
    expect(model.RemainingBq).toBeCloseTo(3.317957e9, -3);
    expect('Movements' in model).toBe(false);
    expect(toMaterialModel(item([], { State: 'USED_UP' }), new Map(), '2026-11-20 10:00:00')).toMatchObject({
      RemainingBq: 0,
      ReceivedByName: null,
    });
    const over = item([movement(1, { Portion: 0.6 }), movement(2, { Portion: 0.6 })]);
    expect(toMaterialModel(over, names, '2026-11-20 10:00:00').RemainingBq).toBe(0);
  });

  it("show a movement under its item, with its writer's name", () => {
    expect(toMovementModel({ Uuid: 'item-1' }, movement(1), new Map([['ada', 'Ada Lovelace']]))).toEqual({
      Uuid: 'm-1',
      MaterialUuid: 'item-1',
      Kind: 'ADMINISTERED',
      ActivityBq: 2e9,
      MovedAt: '2026-11-20 09:00:00',
      Applications: 1,
      ContainerUuid: null,
      Recipient: null,
      Justification: null,
      MovedBy: 'ada',
      MovedByName: 'Ada Lovelace',
      LineUuid: 'line-1',
      CorrectedBy: null,
    });
  });

  it('have the fields of their lists, in order: the item without its movements, the movement with its item', () => {
    const model = toMaterialModel(item([movement(1)]), new Map(), '2026-11-20 10:00:00');
    expect(Object.keys(model)).toEqual([...MATERIAL_FIELDS]);
    expect(MATERIAL_FIELDS).toHaveLength(22);
    expect(Object.keys(toMovementModel({ Uuid: 'item-1' }, movement(1), new Map()))).toEqual([...MOVEMENT_FIELDS]);
    expect(MOVEMENT_FIELDS).toHaveLength(13);
    expect(MOVEMENT_FIELDS).toContain('MaterialUuid');
    expect(MOVEMENT_FIELDS).not.toContain('Portion');
  });
});
