/**
 * The record of a disposal after decay-in-storage (10 CFR 35.2092: the date of the disposal, the survey instrument,
 * the background dose rate, the radiation level at each container's surface, the name of the individual who
 * surveyed; kept 3 years) with the nuclides, their estimated activities in Bq and µCi and the date the container was
 * sealed; and its register line. English, dates in US form in the facility's time zone. Pure: the PDF renderer only
 * lays the content out.
 */
import type { ContentLink } from '../../container-contents';
import type { ContainerRecord } from '../../container-fields';
import { activityAfter, HALF_LIVES } from '../../decay';
import type { RecordSection, ReleaseRecordContent } from '../../record-content';
import type { RegisterActivity, ReleaseRegisterRow } from '../../release-register';
import { DECAY_IN_STORAGE } from '../../release-types';
import { parseTimestamp } from '../../time';
import { MAX_HALF_LIFE_DAYS, US_RETENTION_YEARS } from '.';
import { readingText, SURVEY_K, type SurveyRecord } from './survey';

/** Bq in one µCi. */
export const BQ_PER_MICROCURIE = 37_000;

/** What a disposal after decay-in-storage is made of, as the release act gathered it. */
export interface DisposalFacts {
  /** The container as released. */
  container: ContainerRecord;
  links: readonly ContentLink[];
  survey: SurveyRecord;
  /** When the container was sealed (entered DECAY). */
  sealedAt: string | null;
  justification: string | null;
  recordDocumentUuid: string;
  officerName: string | null;
  names: ReadonlyMap<string, string>;
  timeZone: string;
  /** When the record may be destroyed. */
  keptUntil: string;
}

/** A UTC timestamp as a US date and time where the facility is: `11/29/2026, 8:15 AM EST`. */
export function usDateTime(timestamp: string | null, timeZone: string): string {
  const date = timestamp === null ? undefined : parseTimestamp(timestamp);
  if (!date) return '–';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** A UTC timestamp as a US date where the facility is: `11/29/2026`. */
export function usDate(timestamp: string | null, timeZone: string): string {
  const date = timestamp === null ? undefined : parseTimestamp(timestamp);
  if (!date) return '–';
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

const figure = (x: number | null) => (x === null ? '–' : Number(x.toPrecision(3)).toLocaleString('en-US'));
const becquerel = (bq: number | null) =>
  bq === null ? '–' : `${figure(bq)} Bq (${figure(bq / BQ_PER_MICROCURIE)} µCi)`;

/** A content's activity decayed to `at`, Bq; null when its activity or reference time is not known. */
function activityAt(link: ContentLink, at: string): number | null {
  const from = parseTimestamp(link.activityDateTime ?? '');
  const halfLife = HALF_LIVES[link.nuclide];
  if (link.activity == null || !from || halfLife === undefined) return null;
  return activityAfter(link.activity, (parseTimestamp(at)!.getTime() - from.getTime()) / 1000, halfLife);
}

/** Each nuclide's estimated activity at the disposal, summed over the contents (null if one is unknown). */
export function activitiesAt(links: readonly ContentLink[], at: string): RegisterActivity[] {
  const sums = new Map<string, number | null>();
  for (const link of links) {
    const bq = activityAt(link, at);
    const before = sums.has(link.nuclide) ? sums.get(link.nuclide)! : 0;
    sums.set(link.nuclide, before === null || bq === null ? null : before + bq);
  }
  return [...sums].map(([Nuclide, bq]) => ({
    Nuclide,
    ActivityBq: bq,
    ActivityMicroCurie: bq === null ? null : bq / BQ_PER_MICROCURIE,
  }));
}

/** The register line of the disposal: the German members it has no use for are null, the survey's beside them. */
export function disposalRegisterRow(facts: DisposalFacts): ReleaseRegisterRow {
  const c = facts.container;
  const s = facts.survey;
  const at = c.ReleasedByRadiationProtectionOfficerDateTime!;
  return {
    ContainerUuid: c.Uuid,
    Name: c.Name,
    ReleasedAt: at,
    ReleasedBy: c.ReleasedByRadiationProtectionOfficer!,
    ReleasedByName: facts.officerName,
    Weight: c.Weight,
    WasteForm: c.WasteForm,
    SumOfRatios: null,
    Surface: null,
    Nuclides: [...new Set(facts.links.map((l) => l.nuclide))].map((Nuclide) => ({
      Nuclide,
      SpecificActivityBqPerG: null,
      ValueUsedBqPerG: null,
      BelowDecisionThreshold: null,
    })),
    MeasurementMethod: 'SURVEY_AT_SURFACE',
    InstrumentSerialNumber: s.Instrument.SerialNumber,
    DecisionMeasurementAt: s.SurveyedAt,
    ReleaseType: DECAY_IN_STORAGE,
    DisposalPlant: null,
    ClearanceNoticeUuid: null,
    ClearanceNoticeFileNumber: null,
    Justification: facts.justification,
    RecordDocumentUuid: facts.recordDocumentUuid,
    Survey: {
      SurveyUuid: s.Uuid,
      SurveyedAt: s.SurveyedAt,
      SurveyedBy: s.SurveyedBy,
      SurveyedByName: facts.names.get(s.SurveyedBy) ?? null,
      InstrumentUuid: s.Instrument.Uuid,
      InstrumentName: s.Instrument.Name,
      InstrumentModel: s.Instrument.Model,
      InstrumentSerialNumber: s.Instrument.SerialNumber,
      CalibratedAt: s.Instrument.CalibratedAt,
      Unit: s.Unit,
      Scale: s.Scale,
      Background: s.Background.Reading,
      Surface: s.Surface.Reading,
      NetReading: s.NetReading,
      DecisionThreshold: s.DecisionThreshold,
    },
    Activities: activitiesAt(facts.links, at),
    SealedAt: facts.sealedAt,
  };
}

/** What the record of a disposal after decay-in-storage says. */
export function disposalRecordContent(facts: DisposalFacts): ReleaseRecordContent {
  const { container: c, survey: s, timeZone: tz } = facts;
  const at = c.ReleasedByRadiationProtectionOfficerDateTime!;
  const when = (t: string | null) => usDateTime(t, tz);
  const nameOf = (id: string) => facts.names.get(id) ?? id;
  const reading = (value: number) => readingText(s.Unit, value);
  const counting = (t: number | null) => (t === null ? '' : `, counted ${figure(t)} min`);
  const sections: RecordSection[] = [
    {
      heading: 'Disposal',
      lines: [
        ['Date of disposal', when(at)],
        ['Disposed of under', `10 CFR 35.92(a): decay-in-storage, without regard to its radioactivity`],
        ['Eligibility', `every nuclide of a physical half-life of at most ${MAX_HALF_LIFE_DAYS} days`],
        ['Radiation labels', 'removed or obliterated before the disposal (10 CFR 35.92(a)(3))'],
      ],
    },
    {
      heading: 'Container',
      lines: [
        ['Name', c.Name],
        ['Identifier', c.Uuid],
        ['Sealed (held for decay from)', when(facts.sealedAt)],
        ...(c.Weight === null ? [] : ([['Mass', `${figure(c.Weight / 1000)} kg`]] as [string, string][])),
      ],
    },
    {
      heading: 'Nuclides and estimated activities',
      table: {
        columns: ['Content', 'Nuclide', 'Half-life', 'Activity at reference', 'Reference date', 'At disposal'],
        rows: facts.links.map((link) => [
          link.id,
          link.nuclide,
          HALF_LIVES[link.nuclide] === undefined ? '–' : `${figure(HALF_LIVES[link.nuclide]! / 86_400)} d`,
          becquerel(link.activity ?? null),
          when(link.activityDateTime ?? null),
          becquerel(activityAt(link, at)),
        ]),
      },
    },
    {
      heading: 'Survey (10 CFR 35.92(a)(1), 35.2092)',
      lines: [
        ['Surveyed on', when(s.SurveyedAt)],
        ['Survey instrument', `${s.Instrument.Name}, model ${s.Instrument.Model}`],
        ['Serial number', s.Instrument.SerialNumber],
        [
          'Calibrated on',
          `${usDate(s.Instrument.CalibratedAt, tz)} (due ${usDate(s.Instrument.CalibrationDueAt, tz)})`,
        ],
        ['Scale used (most sensitive)', s.Scale],
        ['Shielding', 'none interposed'],
        ['Background level', `${reading(s.Background.Reading)}${counting(s.Background.CountingTimeMinutes)}`],
        [
          'Level at the surface of the container',
          `${reading(s.Surface.Reading)}${counting(s.Surface.CountingTimeMinutes)}`,
        ],
        ['Net reading', reading(s.NetReading)],
        [`Decision threshold (DIN ISO 11929-1, k = ${SURVEY_K})`, reading(s.DecisionThreshold)],
        ['Result', 'cannot be distinguished from background'],
        ['Surveyed by', nameOf(s.SurveyedBy)],
      ],
    },
    {
      heading: 'Determination',
      lines: [
        [
          'Disposal determined by (radiation safety officer)',
          facts.officerName ?? nameOf(c.ReleasedByRadiationProtectionOfficer!),
        ],
        ...(facts.justification ? ([['Note', facts.justification]] as [string, string][]) : []),
        ['Record (document)', facts.recordDocumentUuid],
        ['Kept until', usDate(facts.keptUntil, tz)],
      ],
    },
  ];
  return {
    language: 'en',
    title: 'Record of Decay-in-Storage Disposal',
    subtitle: `10 CFR 35.92 and 35.2092 – ${c.Name}`,
    sections,
    footer: `Dates and times in ${tz}. Keep ${US_RETENTION_YEARS} years from the disposal (10 CFR 35.2092).`,
  };
}
