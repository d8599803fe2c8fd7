/**
 * shared/schemas/material.ts: the bodies of the material book and their 400 details. A receipt needs its kind, nuclide
 * of the catalogue, activity (more than 0, less than 10^15 Bq) and times; an elution its activity and time, its
 * breakthrough under its own name; a movement only the members of its kind, so no patient can be named. The models
 * document exactly what the domain answers.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { MaterialItem } from '../../../shared/domain/material';
import { toMaterialModel, toMovementModel } from '../../../shared/domain/material-model';
import { parseBody } from '../../../shared/schemas/body';
import {
  elutionMembers,
  elutionSchema,
  materialModel,
  movementModel,
  parseMovement,
  receiptMembers,
  receiptSchema,
} from '../../../shared/schemas/material';
import { refusal } from '../../support/body';
import { errorOf } from '../../support/errors';
import { notification } from '../../../shared/i18n/translate';

const english = (fn: () => unknown) =>
  (errorOf(fn).notification.details ?? []).map(
    (d) => notification({ key: 'request.invalid', details: [d] }, 'en').Details[0],
  );

const receipt = {
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: '2026-11-02 12:00:00',
  ReceivedAt: '2026-11-03 08:30:00',
};
const moved = { ActivityBq: 1e8, MovedAt: '2026-11-20 10:00:00' };

describe('receipts', () => {
  it('need kind, nuclide, activity and both times; the rest is null unless given, computed members ignored', () => {
    expect(refusal(receiptSchema, {}, receiptMembers)).toEqual([
      'Kind: is required',
      'Nuclide: is required',
      'ActivityBq: is required',
      'ActivityDateTime: is required',
      'ReceivedAt: is required',
    ]);
    expect(parseBody(receiptSchema, { ...receipt, RemainingBq: 3, State: 'USED_UP' }, receiptMembers)).toEqual({
      value: {
        ...receipt,
        Supplier: null,
        Batch: null,
        ChemicalForm: null,
        Impurities: null,
        CertificateDocumentUuid: null,
        LicenceExceeded: null,
      },
      ignored: ['RemainingBq', 'State'],
    });
    expect(refusal(receiptSchema, { ...receipt, ReceivedBy: 'someone else', Patient: 'x' }, receiptMembers)).toEqual([
      'Patient: unknown member',
    ]);
  });

  it('refuse an unknown kind or nuclide, an activity out of range, a bad time, a fraction not between 0 and 1', () => {
    expect(
      refusal(
        receiptSchema,
        { ...receipt, Kind: 'X', Nuclide: 'Xx-1', ActivityBq: 0, ActivityDateTime: '2026-13-01 00:00:00' },
        receiptMembers,
      ).map((line) => line.split(':')[0]),
    ).toEqual(['Kind', 'Nuclide', 'ActivityBq', 'ActivityDateTime']);
    for (const activity of [-1, 1e15, '1e9'])
      expect(refusal(receiptSchema, { ...receipt, ActivityBq: activity }, receiptMembers)[0]).toMatch(/^ActivityBq: /);
    expect(parseBody(receiptSchema, { ...receipt, ActivityBq: 9.99e14 }, receiptMembers).value.ActivityBq).toBe(
      9.99e14,
    );
    expect(
      refusal(
        receiptSchema,
        {
          ...receipt,
          Impurities: [{ Nuclide: 'Ge-68', Fraction: 1 }],
          LicenceExceeded: { Justification: 'short' },
        },
        receiptMembers,
      ),
    ).toEqual([
      'Impurities.0.Fraction: must be a number greater than 0 and less than 1',
      'LicenceExceeded.Justification: must have at least 10 character(s)',
    ]);
  });
});

describe('elutions', () => {
  it('need the activity and when it was eluted; the breakthrough goes by its own name', () => {
    expect(refusal(elutionSchema, { ActivityBq: 1e9 }, elutionMembers)).toEqual(['ElutedAt: is required']);
    expect(
      refusal(elutionSchema, { ActivityBq: 1e9, ElutedAt: '2026-11-20 09:00:00', Impurities: [] }, elutionMembers),
    ).toEqual(['Impurities: unknown member']);
    expect(
      parseBody(
        elutionSchema,
        { ActivityBq: 1e9, ElutedAt: '2026-11-20 09:00:00', Breakthrough: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }] },
        elutionMembers,
      ).value,
    ).toEqual({
      ActivityBq: 1e9,
      ElutedAt: '2026-11-20 09:00:00',
      Breakthrough: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
      Batch: null,
      ChemicalForm: null,
    });
  });
});

describe('movements', () => {
  it('take each kind with its own members', () => {
    expect(parseMovement({ Kind: 'ADMINISTERED', ...moved, Applications: 2 })).toEqual({
      Kind: 'ADMINISTERED',
      ...moved,
      Applications: 2,
    });
    expect(parseMovement({ Kind: 'TO_CONTAINER', ...moved, ContainerUuid: 'box-1' })).toMatchObject({
      ContainerUuid: 'box-1',
    });
    expect(parseMovement({ Kind: 'RETURNED', ...moved, Recipient: 'Eckert & Ziegler' })).toMatchObject({
      Recipient: 'Eckert & Ziegler',
    });
    expect(parseMovement({ Kind: 'LOST', ...moved, Justification: 'Vial broken in the hot lab' })).toMatchObject({
      Justification: 'Vial broken in the hot lab',
    });
  });

  it('refuse a patient member, or a member of another kind, as 400 naming it', () => {
    const patient = errorOf(() =>
      parseMovement({ Kind: 'ADMINISTERED', ...moved, Applications: 1, PatientName: 'Erika Mustermann' }),
    );
    expect(patient.statusCode).toBe(400);
    expect(
      english(() => parseMovement({ Kind: 'ADMINISTERED', ...moved, Applications: 1, PatientName: 'Erika' })),
    ).toEqual(['PatientName: unknown member']);
    expect(
      english(() => parseMovement({ Kind: 'ADMINISTERED', ...moved, Applications: 1, ContainerUuid: 'box-1' })),
    ).toEqual(['ContainerUuid: unknown member']);
    expect(
      english(() => parseMovement({ Kind: 'TO_CONTAINER', ...moved, ContainerUuid: 'box 1', Recipient: 'x' })),
    ).toEqual([
      'ContainerUuid: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
      'Recipient: unknown member',
    ]);
  });

  it('refuse a body that is no object, an unknown or missing kind, and bad members of the kind', () => {
    expect(english(() => parseMovement([]))).toEqual(['The body must be a JSON object']);
    expect(english(() => parseMovement(null))).toEqual(['The body must be a JSON object']);
    expect(english(() => parseMovement({ ...moved }))).toEqual(['Kind: is required']);
    expect(english(() => parseMovement({ Kind: 'BURNT', ...moved }))).toEqual([
      'Kind: must be one of ADMINISTERED, TO_CONTAINER, RETURNED, LOST',
    ]);
    for (const applications of [0, 1001, 1.5])
      expect(english(() => parseMovement({ Kind: 'ADMINISTERED', ...moved, Applications: applications }))).toEqual([
        'Applications: must be a whole number from 1 to 1000',
      ]);
    expect(english(() => parseMovement({ Kind: 'ADMINISTERED', ...moved }))).toEqual(['Applications: is required']);
    expect(english(() => parseMovement({ Kind: 'LOST', ...moved, Justification: 'short' }))).toEqual([
      'Justification: must have at least 10 character(s)',
    ]);
    expect(
      english(() => parseMovement({ Kind: 'RETURNED', ActivityBq: -1, MovedAt: moved.MovedAt, Recipient: '' })),
    ).toEqual([
      'ActivityBq: must be more than 0 and less than 10^15 Bq',
      'Recipient: must have at least 1 character(s)',
    ]);
  });
});

describe('the models', () => {
  it('document exactly what the domain answers: an item, a movement', () => {
    const item: MaterialItem = {
      Client: 'c',
      Facility: 'f',
      Uuid: 'item-1',
      Version: 2,
      CreatedAt: '2026-11-20 08:00:00',
      UpdatedAt: '2026-11-20 09:00:00',
      ...receipt,
      Kind: 'GENERATOR',
      ReceivedBy: 'ada',
      Supplier: null,
      Batch: null,
      ChemicalForm: null,
      Impurities: null,
      CertificateDocumentUuid: null,
      ParentUuid: null,
      LicenceUuid: 'licence-1',
      LicenceExceeded: { Justification: 'Delivered in excess' },
      LineUuid: 'line-1',
      Movements: [
        {
          Uuid: 'm-1',
          Kind: 'RETURNED',
          ActivityBq: 1e8,
          MovedAt: '2026-11-20 09:00:00',
          Portion: 0.05,
          Applications: null,
          ContainerUuid: null,
          Recipient: 'Eckert & Ziegler',
          Justification: null,
          MovedBy: 'ada',
          LineUuid: 'line-2',
          CorrectedBy: null,
        },
      ],
      State: 'IN_STOCK',
    };
    const model = toMaterialModel(item, new Map(), '2026-11-20 10:00:00');
    expect(v.safeParse(materialModel, model).success).toBe(true);
    expect(v.safeParse(materialModel, { ...model, Movements: [] }).success).toBe(false);
    expect(v.safeParse(movementModel, toMovementModel(item, item.Movements[0]!, new Map())).success).toBe(true);
  });
});
