/**
 * shared/schemas/register.ts: the release register's answer models take what the domain answers: a line as the chain
 * keeps it (a German release with its surface result and plant, a line booked before issue 36 without them, an older
 * one with nulls, a disposal after decay-in-storage with its survey), the year's summary and the chain's verification;
 * a member they do not document, or one of the wrong type, fails.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { chainLine, verifyChain } from '../../../shared/domain/register-chain';
import type { ReleaseRegisterRow, ReleaseRegisterSummary } from '../../../shared/domain/release-register';
import {
  registerVerificationModel,
  releaseRegisterModel,
  releaseRegisterSummaryModel,
} from '../../../shared/schemas/register';

const pdf = createHash('sha256').update('pdf').digest('hex');
const german: ReleaseRegisterRow = {
  ContainerUuid: 'box-1',
  Name: 'Box 1',
  ReleasedAt: '2026-11-21 10:00:00',
  ReleasedBy: 'grace',
  ReleasedByName: 'Grace Hopper',
  Weight: 10_000,
  WasteForm: 'SOLID',
  SumOfRatios: 0.4,
  Surface: { SumOfRatios: 0.1, ValueUsedBqPerCm2: 0.05, BelowDecisionThreshold: false },
  Nuclides: [{ Nuclide: 'F-18', SpecificActivityBqPerG: 1e-7, ValueUsedBqPerG: 0.002, BelowDecisionThreshold: true }],
  MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE',
  InstrumentSerialNumber: 'SN-4711',
  DecisionMeasurementAt: '2026-11-21 09:00:00',
  ReleaseType: 'SPECIFIC_LANDFILL',
  DisposalPlant: { Name: 'Deponie Nord', Address: 'Am Deich 1', AcceptanceDocumentUuid: 'acceptance-1' },
  ClearanceNoticeUuid: 'notice-1',
  ClearanceNoticeFileNumber: 'RP-2026/0815',
  Justification: null,
  RecordDocumentUuid: 'doc-1',
};
const decayInStorage: ReleaseRegisterRow = {
  ...german,
  ContainerUuid: 'box-2',
  Weight: null,
  WasteForm: null,
  SumOfRatios: null,
  Surface: null,
  Nuclides: [{ Nuclide: 'I-131', SpecificActivityBqPerG: null, ValueUsedBqPerG: null, BelowDecisionThreshold: null }],
  MeasurementMethod: 'SURVEY_AT_SURFACE',
  InstrumentSerialNumber: 'L3-25117',
  DecisionMeasurementAt: '2027-02-10 14:30:00',
  ReleaseType: 'DECAY_IN_STORAGE',
  DisposalPlant: null,
  ClearanceNoticeUuid: null,
  ClearanceNoticeFileNumber: null,
  Survey: {
    SurveyUuid: 'survey-1',
    SurveyedAt: '2027-02-10 14:30:00',
    SurveyedBy: 'tech',
    SurveyedByName: null,
    InstrumentUuid: 'meter',
    InstrumentName: 'Survey meter, hot lab',
    InstrumentModel: 'Ludlum 3 with 44-9',
    InstrumentSerialNumber: 'L3-25117',
    CalibratedAt: '2026-09-01 00:00:00',
    Unit: 'CPM',
    Scale: 'x0.1',
    Background: 50,
    Surface: 52,
    NetReading: 2,
    DecisionThreshold: 10,
  },
  Activities: [{ Nuclide: 'I-131', ActivityBq: 3.1e4, ActivityMicroCurie: 3.1e4 / 37_000 }],
  SealedAt: '2026-11-20 09:00:00',
};
const holds = (model: v.GenericSchema, value: unknown) => v.safeParse(model, value).success;

describe('a register line', () => {
  it('is a German release as the chain keeps it, with its surface result and plant', () => {
    const line = chainLine(german, null, pdf);
    expect(holds(releaseRegisterModel, line)).toBe(true);
    expect(holds(releaseRegisterModel, chainLine(german, line.LineSha256, pdf))).toBe(true);
    expect(holds(releaseRegisterModel, { ...line, Extra: 1 })).toBe(false);
    expect(holds(releaseRegisterModel, { ...line, LineSha256: line.LineSha256.toUpperCase() })).toBe(false);
    expect(holds(releaseRegisterModel, { ...line, ReleasedAt: '2026-11-21T10:00:00Z' })).toBe(false);
    expect(holds(releaseRegisterModel, { ...line, Surface: { ...german.Surface, Extra: 1 } })).toBe(false);
  });

  it('is a line booked before issue 36 without its later members, or an older one with nulls where it had none', () => {
    const { Surface, DisposalPlant, ...before36 } = german;
    expect(holds(releaseRegisterModel, chainLine(before36, null, pdf))).toBe(true);
    const older = {
      ...chainLine({ ...before36, ReleaseType: 'SPECIFIC_DISPOSAL' }, null, pdf),
      WasteForm: null,
      InstrumentSerialNumber: null,
      DecisionMeasurementAt: null,
      ClearanceNoticeUuid: null,
      ClearanceNoticeFileNumber: null,
      RecordSha256: null,
      LineSha256: null,
    };
    expect(holds(releaseRegisterModel, older)).toBe(true);
    // What every line has, old or new, is never null.
    for (const member of ['ContainerUuid', 'Name', 'ReleasedAt', 'MeasurementMethod', 'RecordDocumentUuid'])
      expect(holds(releaseRegisterModel, { ...older, [member]: null }), member).toBe(false);
  });

  it('is a disposal after decay-in-storage with its survey, activities in Bq and µCi and its sealing', () => {
    const line = chainLine(decayInStorage, null, pdf);
    expect(holds(releaseRegisterModel, line)).toBe(true);
    expect(holds(releaseRegisterModel, { ...line, Survey: { ...decayInStorage.Survey, Unit: 'mSv' } })).toBe(false);
    expect(holds(releaseRegisterModel, { ...line, Survey: null })).toBe(false);
  });
});

describe("the year's summary", () => {
  const summary: ReleaseRegisterSummary = {
    Client: 'c1',
    Facility: 'f1',
    Year: 2026,
    TimeZone: 'Europe/Berlin',
    From: '2025-12-31 23:00:00',
    Until: '2026-12-31 23:00:00',
    Releases: 2,
    TotalWeight: 25_000,
    ReleaseTypes: [
      { ReleaseType: 'UNRESTRICTED', Releases: 1, TotalWeight: 10_000 },
      { ReleaseType: 'SPECIFIC_LANDFILL', Releases: 1, TotalWeight: 15_000 },
    ],
    DisposalPlants: [
      { ReleaseType: 'SPECIFIC_LANDFILL', Name: 'Deponie Nord', Address: 'Am Deich 1', Releases: 1, TotalWeight: 15e3 },
    ],
  };

  it('counts releases in whole numbers, per type and per plant', () => {
    expect(holds(releaseRegisterSummaryModel, summary)).toBe(true);
    expect(holds(releaseRegisterSummaryModel, { ...summary, Releases: 1.5 })).toBe(false);
    expect(
      holds(releaseRegisterSummaryModel, { ...summary, ReleaseTypes: [{ ReleaseType: 'ANY', Releases: 1 }] }),
    ).toBe(false);
    expect(
      holds(releaseRegisterSummaryModel, {
        ...summary,
        DisposalPlants: [{ ...summary.DisposalPlants[0], AcceptanceDocumentUuid: 'acceptance-1' }],
      }),
    ).toBe(false);
  });
});

describe("the chain's verification", () => {
  it('is what verifyChain answers, whole or broken', () => {
    const line = chainLine(german, null, pdf);
    const whole = verifyChain([line], null, [{ line, recordSha256: pdf }]);
    expect(whole.Valid).toBe(true);
    expect(holds(registerVerificationModel, whole)).toBe(true);
    const broken = verifyChain([{ ...line, Weight: 1 }], null, []);
    expect(broken).toMatchObject({
      Valid: false,
      FirstBroken: { ContainerUuid: 'box-1' },
      Missing: [{ Missing: 'object' }],
    });
    expect(holds(registerVerificationModel, broken)).toBe(true);
    expect(
      holds(registerVerificationModel, {
        ...whole,
        Missing: [{ ContainerUuid: 'box-1', ReleasedAt: line.ReleasedAt, Missing: 'pdf' }],
      }),
    ).toBe(false);
  });
});
