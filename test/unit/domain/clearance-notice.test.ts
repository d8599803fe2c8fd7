/** shared/domain/clearance-notice.ts: a notice's rules, what a citation freezes, what a change's write must guard. */
import { describe, expect, it } from 'vitest';
import {
  checkCitedChange,
  type ClearanceNoticeData,
  createNotice,
  inForce,
  type NoticeRecord,
  noticeRuleBreaches,
  noticeWriteGuard,
  toNoticeModel,
  updateNotice,
} from '../../../shared/domain/clearance-notice';
import { errorOf } from '../../support/errors';
import { PLANTS } from '../../support/memory/release-sources';

const NOW = new Date('2026-11-20T10:00:00Z');
const data: ClearanceNoticeData = {
  FileNumber: 'RP-42/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  Site: 'Hauptstraße 1, 12345 Musterstadt',
  IssuedAt: '2026-01-10 00:00:00',
  ValidFrom: '2026-02-01 00:00:00',
  ValidUntil: null,
  ReleaseTypes: ['UNRESTRICTED', 'INDIVIDUAL'],
  WasteForms: ['SOLID'],
  Conditions: null,
  Limits: [{ Nuclide: 'Ge-68', SpecificActivity: 1, SurfaceActivity: null }],
  MaxAveragingMassKg: null,
  DisposalPlants: [],
  DocumentUuid: null,
};
const [landfill] = PLANTS;
const stored = (citations: number, lastCitedAt: string | null, over: Partial<ClearanceNoticeData> = {}) =>
  ({
    ...createNotice({ client: 'c', facility: 'f' }, 'n1', { ...data, ...over }, NOW),
    Citations: citations,
    LastCitedAt: lastCitedAt,
  }) satisfies NoticeRecord;

describe('notice rules', () => {
  it('wants ValidUntil at or after ValidFrom (equal is a notice of one second)', () => {
    expect(noticeRuleBreaches({ ...data, ValidUntil: data.ValidFrom })).toEqual([]);
    expect(noticeRuleBreaches({ ...data, ValidUntil: '2026-01-31 23:59:59' })).toEqual([
      { key: 'detail.not_before', params: { field: 'ValidUntil', other: 'ValidFrom' } },
    ]);
  });

  it('takes limits only with INDIVIDUAL, and then at least one', () => {
    expect(noticeRuleBreaches({ ...data, ReleaseTypes: ['UNRESTRICTED'] })).toEqual([
      { key: 'detail.limits_without_individual', params: { field: 'Limits' } },
    ]);
    expect(noticeRuleBreaches({ ...data, Limits: [] })).toEqual([
      { key: 'detail.limits_required', params: { field: 'Limits' } },
    ]);
    expect(
      noticeRuleBreaches({ ...data, ReleaseTypes: ['SPECIFIC_LANDFILL'], Limits: [], DisposalPlants: [landfill] }),
    ).toEqual([]);
  });

  it('names a plant for each disposal route it permits (§ 40 Abs. 2), and none for a route it does not', () => {
    expect(
      noticeRuleBreaches({ ...data, ReleaseTypes: ['SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION'], Limits: [] }),
    ).toEqual([
      { key: 'detail.plant_required', params: { field: 'DisposalPlants', route: 'SPECIFIC_LANDFILL' } },
      { key: 'detail.plant_required', params: { field: 'DisposalPlants', route: 'SPECIFIC_INCINERATION' } },
    ]);
    expect(noticeRuleBreaches({ ...data, DisposalPlants: [landfill] })).toEqual([
      { key: 'detail.plant_without_route', params: { field: 'DisposalPlants', route: 'SPECIFIC_LANDFILL' } },
    ]);
  });

  it('creates with no limits, no conditions and no end unless given; the model has exactly its members', () => {
    const {
      Limits: _l,
      ValidUntil: _v,
      Conditions: _c,
      DocumentUuid: _d,
      MaxAveragingMassKg: _m,
      DisposalPlants: _p,
      ...body
    } = data;
    const notice = createNotice({ client: 'c', facility: 'f' }, 'n1', { ...body, ReleaseTypes: ['UNRESTRICTED'] }, NOW);
    expect(Object.keys(toNoticeModel(notice))).toEqual([
      'Uuid',
      'FileNumber',
      'Authority',
      'Holder',
      'Site',
      'IssuedAt',
      'ValidFrom',
      'ValidUntil',
      'ReleaseTypes',
      'WasteForms',
      'Conditions',
      'Limits',
      'MaxAveragingMassKg',
      'DisposalPlants',
      'DocumentUuid',
      'CreatedAt',
      'UpdatedAt',
    ]);
    expect(toNoticeModel(notice)).toMatchObject({
      Limits: [],
      ValidUntil: null,
      Conditions: null,
      DocumentUuid: null,
      MaxAveragingMassKg: null,
      DisposalPlants: [],
    });
    expect(errorOf(() => createNotice({ client: 'c', facility: 'f' }, 'n2', body as never, NOW)).statusCode).toBe(400);
  });

  it('is in force from ValidFrom up to and including ValidUntil', () => {
    const closed = { ...data, ValidUntil: '2026-03-01 00:00:00' };
    expect(
      ['2026-01-31 23:59:59', '2026-02-01 00:00:00', '2026-03-01 00:00:00', '2026-03-01 00:00:01'].map((at) =>
        inForce(closed, at),
      ),
    ).toEqual([false, true, true, false]);
  });
});

describe('a cited notice', () => {
  const cited = stored(2, '2026-06-01 12:00:00', { ValidUntil: '2026-12-31 23:59:59' });

  it('refuses a change of each frozen member, naming each', () => {
    const error = errorOf(() =>
      checkCitedChange(cited, {
        ...cited,
        ReleaseTypes: ['UNRESTRICTED'],
        Limits: [],
        IssuedAt: '2026-01-11 00:00:00',
        ValidFrom: '2026-01-15 00:00:00',
        WasteForms: ['SOLID', 'OIL'],
        MaxAveragingMassKg: 500,
      }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.notification).toMatchObject({ key: 'clearance_notice.cited' });
    expect(error.notification.details!.map((d) => d.params!.field)).toEqual([
      'ReleaseTypes',
      'WasteForms',
      'Limits',
      'IssuedAt',
      'ValidFrom',
      'MaxAveragingMassKg',
    ]);
  });

  it('may gain disposal plants, never lose or change one a release may have named', () => {
    const disposing = stored(1, '2026-06-01 12:00:00', {
      ReleaseTypes: ['SPECIFIC_LANDFILL'],
      Limits: [],
      DisposalPlants: [landfill],
    });
    const second = { ...landfill, Name: 'Deponie Süd' };
    expect(() => checkCitedChange(disposing, { ...disposing, DisposalPlants: [landfill, second] })).not.toThrow();
    for (const plants of [[second], [{ ...landfill, Address: 'anderswo' }], []]) {
      expect(
        errorOf(() => checkCitedChange(disposing, { ...disposing, DisposalPlants: plants })).notification.details,
      ).toEqual([{ key: 'detail.frozen_when_cited', params: { field: 'DisposalPlants' } }]);
      expect(noticeWriteGuard(disposing, { ...disposing, DisposalPlants: plants }).uncited).toBe(true);
    }
    expect(noticeWriteGuard(disposing, { ...disposing, DisposalPlants: [landfill, second] }).uncited).toBe(false);
  });

  it('takes the same sets in another order, and changes of the members it does not freeze', () => {
    const reordered = { ...cited, ReleaseTypes: ['INDIVIDUAL', 'UNRESTRICTED'] as const };
    expect(() =>
      checkCitedChange(cited, {
        ...reordered,
        ReleaseTypes: [...reordered.ReleaseTypes],
        Conditions: 'Nur Feststoffe',
        FileNumber: 'RP-42/2026-A',
      }),
    ).not.toThrow();
  });

  it('is closed by ValidUntil at or after its last citation, never before it, never reopened or extended', () => {
    const at = (ValidUntil: string | null) => () => checkCitedChange(cited, { ...cited, ValidUntil });
    expect(at('2026-06-01 12:00:00')).not.toThrow();
    expect(at('2026-09-01 00:00:00')).not.toThrow();
    for (const refused of ['2026-06-01 11:59:59', '2027-01-01 00:00:00', null]) {
      expect(errorOf(at(refused)).notification.details).toEqual([
        { key: 'detail.valid_until_cited', params: { field: 'ValidUntil', at: '2026-06-01 12:00:00' } },
      ]);
    }
    // A cited notice without an end can be given one (at or after its last citation).
    const open = stored(1, '2026-06-01 12:00:00');
    expect(() => checkCitedChange(open, { ...open, ValidUntil: '2026-07-01 00:00:00' })).not.toThrow();
  });

  it('takes its limits back as a store reads them, members in another order: no change', () => {
    const limits = cited.Limits.map((l) => ({
      SurfaceActivity: l.SurfaceActivity,
      SpecificActivity: l.SpecificActivity,
      Nuclide: l.Nuclide,
    }));
    expect(updateNotice({ ...cited, Limits: limits }, { Limits: cited.Limits }, NOW)).toMatchObject({ changed: false });
  });

  it('an uncited notice changes freely', () => {
    const free = stored(0, null);
    const { next, changed } = updateNotice(free, { ReleaseTypes: ['UNRESTRICTED'], Limits: [] }, NOW);
    expect([changed, next.Version, next.ReleaseTypes]).toEqual([true, 2, ['UNRESTRICTED']]);
  });

  it('an update resending the same values changes nothing; one breaking a rule is 400, a cited freeze 409', () => {
    expect(updateNotice(cited, { ReleaseTypes: ['INDIVIDUAL', 'UNRESTRICTED'] }, NOW)).toEqual({
      next: cited,
      changed: false,
    });
    expect(errorOf(() => updateNotice(cited, { ValidUntil: '2025-01-01 00:00:00' }, NOW)).statusCode).toBe(400);
    expect(errorOf(() => updateNotice(cited, { WasteForms: ['OIL'] }, NOW)).statusCode).toBe(409);
  });
});

describe('noticeWriteGuard', () => {
  const notice = stored(0, null, { ValidUntil: '2026-12-31 23:59:59' });
  it('wants no citation when the change touches a frozen member or reopens the notice', () => {
    expect(noticeWriteGuard(notice, { ...notice, WasteForms: ['OIL'] })).toEqual({
      uncited: true,
      notCitedAfter: null,
    });
    expect(noticeWriteGuard(notice, { ...notice, ValidUntil: null }).uncited).toBe(true);
    expect(noticeWriteGuard(notice, { ...notice, ValidUntil: '2027-06-01 00:00:00' }).uncited).toBe(true);
  });
  it('wants no citation after a ValidUntil it sets or lowers; nothing for other members', () => {
    expect(noticeWriteGuard(notice, { ...notice, ValidUntil: '2026-07-01 00:00:00' })).toEqual({
      uncited: false,
      notCitedAfter: '2026-07-01 00:00:00',
    });
    expect(noticeWriteGuard(notice, { ...notice, Conditions: 'x' })).toEqual({ uncited: false, notCitedAfter: null });
  });
});
