/** shared/domain/container-model.ts: the response model of a container and its CurrentSpecificActivity. */
import { describe, expect, it } from 'vitest';
import { assessContainer } from '../../../shared/domain/container-assessment';
import type { ContentLink } from '../../../shared/domain/container-contents';
import { CONTAINER_FIELDS, type ContainerRecord } from '../../../shared/domain/container-fields';
import { defaultContainerModel, personIdsOf, toContainerModel } from '../../../shared/domain/container-model';
import { etagOf, newVersion } from '../../../shared/domain/record';
import { createContainer } from '../../../shared/domain/container-rules';
import { HALF_LIVES } from '../../../shared/domain/decay';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-03-01T12:00:00Z');
const base = (): ContainerRecord => createContainer(tenant, 'u1', { Name: 'Box' }, [], now);

describe('response model', () => {
  it('has the 27 fields of the interface in order, then WasteForm and LabelsRemoved', () => {
    const model = toContainerModel({ record: base(), links: [], dispatchId: null, disposeId: null }, new Map(), now);
    expect(Object.keys(model)).toEqual([...CONTAINER_FIELDS]);
    expect(CONTAINER_FIELDS).toHaveLength(29);
    expect(CONTAINER_FIELDS.slice(26)).toEqual(['Uuid', 'WasteForm', 'LabelsRemoved']);
    expect(model).toMatchObject({ WasteForm: null, LabelsRemoved: false });
    expect(Object.keys(defaultContainerModel(tenant))).toEqual([...CONTAINER_FIELDS]);
  });
});

describe('CurrentSpecificActivity (Bq/g)', () => {
  const links: ContentLink[] = [
    { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18' },
    { kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'I-131' },
  ];
  const measured = {
    ...base(),
    MeasurementActivity: 5000,
    MeasurementFactor: 2,
    Weight: 1000,
    MeasurementDate: '2026-01-01 00:00:00',
  };
  const csa = (record: ContainerRecord, contents: ContentLink[], at: Date) =>
    toContainerModel({ record, links: contents, dispatchId: null, disposeId: null }, new Map(), at)
      .CurrentSpecificActivity as number | null;

  it('without content activities: activity x factor / weight, decayed with the longest half-life (I-131)', () => {
    // 5000 Bq x 2 / 1000 g = 10 Bq/g; one I-131 half-life (8.0252 d) later: 5 Bq/g.
    const oneHalfLifeLater = new Date(Date.parse('2026-01-01T00:00:00Z') + HALF_LIVES['I-131']! * 1000);
    expect(csa(measured, links, oneHalfLifeLater)).toBeCloseTo(5, 9);
  });

  it('with content activities: the sum of each nuclide decayed with its own half-life, as the assessment says', () => {
    // 90 % F-18, 10 % I-131 of 10 Bq/g; one I-131 half-life later F-18 is gone (9 x 2^-105) and I-131 is 0.5 Bq/g.
    const dated = links.map((l, i) => ({
      ...l,
      activity: i === 0 ? 9 : 1,
      activityDateTime: '2026-01-01 00:00:00',
    }));
    const later = new Date(Date.parse('2026-01-01T00:00:00Z') + HALF_LIVES['I-131']! * 1000);
    const value = csa(measured, dated, later)!;
    expect(value).toBeCloseTo(0.5, 9);
    const assessment = assessContainer(measured, dated, later);
    expect(value).toBe(assessment.Nuclides.reduce((sum, n) => sum + n.SpecificActivityBqPerG!, 0));
  });

  it('uses a factor of 1 when none is given', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(csa({ ...measured, MeasurementFactor: null }, links, at)).toBeCloseTo(5, 9);
  });

  it.each([
    ['no activity', { MeasurementActivity: null }],
    ['no weight', { Weight: null }],
    ['zero weight', { Weight: 0 }],
    ['no measurement date', { MeasurementDate: null }],
  ])('is null with %s', (_name, change) => {
    expect(csa({ ...measured, ...change }, links, new Date())).toBeNull();
  });

  it('is null without a linked nuclide', () => {
    expect(csa(measured, [], new Date())).toBeNull();
  });
});

describe('versions and names', () => {
  it('gives every item and version its own strong ETag; a contents change is a new version at the time', () => {
    const record = base();
    const later = newVersion(record, new Date('2026-03-02T08:00:00Z'));
    expect(later).toMatchObject({ Version: record.Version + 1, UpdatedAt: '2026-03-02 08:00:00' });
    expect(etagOf(record)).toBe(`"u1.${record.Version}"`);
    expect(new Set([etagOf(record), etagOf(later), etagOf({ ...record, Uuid: 'u2' })]).size).toBe(3);
  });

  it('resolves the names of the measurer, the contamination measurer and the releasing officer', () => {
    const record = { ...base(), MeasuredBy: 'p1', MeasurementContaminationBy: 'p2' };
    expect(personIdsOf(record)).toEqual(['p1', 'p2']);
    const names = new Map([
      ['p1', 'Mia Measurer'],
      ['p2', 'Carl Contamination'],
    ]);
    const model = toContainerModel({ record, links: [], dispatchId: 'd1', disposeId: null }, names, now);
    expect(model).toMatchObject({
      MeasuredByName: 'Mia Measurer',
      MeasurementContaminationByName: 'Carl Contamination',
      ReleasedByRadiationProtectionOfficerName: null,
      DispatchId: 'd1',
      DisposeId: null,
      CyclotroneProductIds: null,
    });
  });
});
