/** shared/domain/regimes/us-nrc-10cfr35/record.ts: the disposal record holds what 10 CFR 35.2092 names. */
import { describe, expect, it } from 'vitest';
import type { ContentLink } from '../../../../../shared/domain/container-contents';
import { EMPTY_CONTAINER } from '../../../../../shared/domain/container-fields';
import { createdRecord } from '../../../../../shared/domain/record';
import type { RecordSection } from '../../../../../shared/domain/record-content';
import {
  activitiesAt,
  BQ_PER_MICROCURIE,
  type DisposalFacts,
  disposalRecordContent,
  disposalRegisterRow,
  usDate,
  usDateTime,
} from '../../../../../shared/domain/regimes/us-nrc-10cfr35/record';
import { readingOf, surveyDecision } from '../../../../../shared/domain/regimes/us-nrc-10cfr35/survey';
import { releasedContainer } from '../../../../../shared/domain/release-record';

const NOW = new Date('2027-02-10T15:00:00Z');
const links: ContentLink[] = [
  { kind: 'CYCLOTRON_PRODUCT', id: 'tc-1', nuclide: 'Tc-99m', activity: 4e8, activityDateTime: '2026-11-20 08:00:00' },
  { kind: 'GENERATOR_ELUAT', id: 'i-1', nuclide: 'I-131', activity: 3.7e7, activityDateTime: '2026-11-20 08:00:00' },
];
const background = readingOf({ Reading: 50, CountingTimeMinutes: 2 });
const surface = readingOf({ Reading: 52, CountingTimeMinutes: 2 });
const facts = (): DisposalFacts => {
  const container = releasedContainer(
    { ...createdRecord({ client: 'c', facility: 'f' }, 'box-uuid', { ...EMPTY_CONTAINER, Name: 'Box 12' }, NOW) },
    'rso',
    NOW,
  );
  return {
    container,
    links,
    survey: {
      Uuid: 'survey-uuid',
      Client: 'c',
      Facility: 'f',
      ContainerUuid: 'box-uuid',
      SurveyedAt: '2027-02-10 14:30:00',
      SurveyedBy: 'tech',
      Instrument: {
        Uuid: 'meter',
        Name: 'Survey meter, hot lab',
        Model: 'Ludlum 3 with 44-9',
        SerialNumber: 'L3-25117',
        CalibratedAt: '2026-09-01 00:00:00',
        CalibrationDueAt: '2027-09-01 00:00:00',
      },
      Unit: 'CPM',
      Scale: 'x0.1',
      NoShielding: true,
      Background: background,
      Surface: surface,
      ...surveyDecision('CPM', background, surface),
      CreatedAt: '2027-02-10 14:31:00',
    },
    sealedAt: '2026-11-20 09:00:00',
    justification: null,
    recordDocumentUuid: 'record-uuid',
    officerName: 'Rosa Officer',
    names: new Map([['tech', 'Theo Technician']]),
    timeZone: 'America/Chicago',
    keptUntil: '2030-02-10 15:00:00',
  };
};
const lines = (section: RecordSection | undefined) =>
  Object.fromEntries(section && 'lines' in section ? section.lines : []);

describe('the record of a disposal after decay-in-storage', () => {
  it('says what 35.2092 names, in English, with US dates where the facility is', () => {
    const content = disposalRecordContent(facts());
    const section = (heading: string) => content.sections.find((s) => s.heading.startsWith(heading));
    expect(content.title).toBe('Record of Decay-in-Storage Disposal');
    expect(lines(section('Disposal'))['Date of disposal']).toBe('02/10/2027, 9:00 AM CST');
    expect(lines(section('Survey'))).toMatchObject({
      'Surveyed on': '02/10/2027, 8:30 AM CST',
      'Survey instrument': 'Survey meter, hot lab, model Ludlum 3 with 44-9',
      'Serial number': 'L3-25117',
      'Background level': '50 cpm, counted 2 min',
      'Level at the surface of the container': '52 cpm, counted 2 min',
      'Scale used (most sensitive)': 'x0.1',
      Shielding: 'none interposed',
      'Surveyed by': 'Theo Technician',
      Result: 'cannot be distinguished from background',
    });
    expect(lines(section('Container'))['Sealed (held for decay from)']).toBe('11/20/2026, 3:00 AM CST');
    expect(content.footer).toContain('Keep 3 years from the disposal (10 CFR 35.2092)');
    const nuclides = section('Nuclides');
    expect(nuclides && 'table' in nuclides && nuclides.table.rows[1]).toEqual([
      'i-1',
      'I-131',
      '8.03 d',
      '37,000,000 Bq (1,000 µCi)',
      '11/20/2026, 2:00 AM CST',
      expect.stringMatching(/^\d[\d,.]* Bq \([\d.]+ µCi\)$/),
    ]);
  });

  it('books a register line with the survey, the activities in Bq and µCi, the sealing; no notice, no values', () => {
    const row = disposalRegisterRow(facts());
    expect(row).toMatchObject({
      ReleaseType: 'DECAY_IN_STORAGE',
      MeasurementMethod: 'SURVEY_AT_SURFACE',
      ClearanceNoticeUuid: null,
      SumOfRatios: null,
      SealedAt: '2026-11-20 09:00:00',
      Survey: { InstrumentSerialNumber: 'L3-25117', Background: 50, Surface: 52, SurveyedByName: 'Theo Technician' },
    });
    const iodine = row.Activities!.find((a) => a.Nuclide === 'I-131')!;
    expect(iodine.ActivityMicroCurie).toBeCloseTo(iodine.ActivityBq! / BQ_PER_MICROCURIE, 12);
    expect(iodine.ActivityBq).toBeCloseTo(3.7e7 * 2 ** (-(82.291_667 * 86_400) / (8.0252 * 86_400)), -2);
    expect(activitiesAt([{ kind: 'CYCLOTRON_PRODUCT', id: 'x', nuclide: 'F-18' }], '2027-01-01 00:00:00')).toEqual([
      { Nuclide: 'F-18', ActivityBq: null, ActivityMicroCurie: null },
    ]);
  });

  it('writes dates as a US reader does, in the facility’s zone', () => {
    expect(usDate('2026-07-04 03:00:00', 'America/New_York')).toBe('07/03/2026');
    expect(usDateTime('2026-07-04 16:30:00', 'America/Los_Angeles')).toBe('07/04/2026, 9:30 AM PDT');
    expect(usDateTime(null, 'America/Chicago')).toBe('–');
  });
});
