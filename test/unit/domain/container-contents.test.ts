/** shared/domain/container-contents.ts: a container's contents, their model and when they may change. */
import { describe, expect, it } from 'vitest';
import {
  assessedContents,
  checkContentAddable,
  checkImpuritiesStatement,
  unknownImpurities,
  type ContentLink,
  MAX_CONTENTS,
  toContentLink,
  toContentModel,
} from '../../../shared/domain/container-contents';
import { type ContainerRecord, EMPTY_CONTAINER } from '../../../shared/domain/container-fields';
import { errorOf } from '../../support/errors';

const now = new Date('2026-03-01T12:00:00Z');
const open: ContainerRecord = {
  ...EMPTY_CONTAINER,
  Name: 'Box',
  Client: 'c1',
  Facility: 'f1',
  Uuid: 'u1',
  Version: 1,
  CreatedAt: '2026-03-01 08:00:00',
  UpdatedAt: '2026-03-01 08:00:00',
};
const product: ContentLink = {
  kind: 'CYCLOTRON_PRODUCT',
  id: 'p1',
  nuclide: 'F-18',
  uuid: 'l1',
  activity: 1e6,
  activityDateTime: '2026-03-01 08:00:00',
  createdAt: '2026-03-01 08:01:00',
  createdBy: 'u7',
  impurities: [{ nuclide: 'F-18', fraction: 0.01 }],
  bookLine: null,
};

describe('a content', () => {
  it('reads back as the link it was stored as; an imported link lacking the optional fields has them null', () => {
    const model = toContentModel(product);
    expect(model).toEqual({
      Uuid: 'l1',
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'p1',
      Nuclide: 'F-18',
      Activity: 1e6,
      ActivityDateTime: '2026-03-01 08:00:00',
      CreatedAt: '2026-03-01 08:01:00',
      CreatedBy: 'u7',
      Impurities: [{ Nuclide: 'F-18', Fraction: 0.01 }],
      ImpuritiesJustification: null,
      BookLineUuid: null,
    });
    expect(toContentLink(model)).toEqual({ ...product, impuritiesJustification: null });
    // Drawn from the material book, it names the line of its movement.
    expect(toContentLink(toContentModel({ ...product, bookLine: 'line-1' })).bookLine).toBe('line-1');
    expect(toContentModel({ kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'Tc-99m' })).toMatchObject({
      Uuid: null,
      Activity: null,
      Impurities: null,
    });
  });

  it('goes into the assessment with its nuclide, activity, time and impurities (null when not entered)', () => {
    expect(assessedContents([product, { kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'Tc-99m' }])).toEqual([
      { nuclide: 'F-18', activity: 1e6, activityDateTime: '2026-03-01 08:00:00', impurities: product.impurities },
      { nuclide: 'Tc-99m', activity: null, activityDateTime: null, impurities: null },
    ]);
  });
});

describe('adding a content', () => {
  const add = (record: ContainerRecord, links: readonly ContentLink[], content: Partial<ContentLink> = {}) =>
    errorOf(() => checkContentAddable(record, links, { id: 'p2', activityDateTime: null, ...content }, now));

  it('is allowed to an OPEN container, once per content id', () => {
    expect(() => checkContentAddable(open, [product], { id: 'p2', activityDateTime: null }, now)).not.toThrow();
    expect(add(open, [product], { id: 'p1' }).notification).toMatchObject({
      key: 'container.content_duplicate',
      params: { contentId: 'p1' },
    });
  });

  it(`stops at ${MAX_CONTENTS} contents`, () => {
    const full = Array.from({ length: MAX_CONTENTS }, (_, i) => ({ ...product, id: `p${i + 10}` }));
    expect([add(open, full).statusCode, add(open, full).notification.key]).toEqual([409, 'container.contents_full']);
  });

  it('is refused once the container left OPEN or was released, naming why', () => {
    expect(add({ ...open, State: 'DECAY' }, []).notification).toMatchObject({
      key: 'container.contents_locked',
      params: { state: 'DECAY' },
    });
    const released = {
      ...open,
      IsReleasedByRadiationProtectionOfficer: true,
      ReleasedByRadiationProtectionOfficerDateTime: '2026-03-01 10:00:00',
    };
    expect(add(released, []).notification).toMatchObject({
      key: 'container.release_frozen',
      params: { at: '2026-03-01 10:00:00' },
    });
  });

  it('refuses an activity time more than 5 minutes ahead with 400; 5 minutes is tolerated', () => {
    const error = add(open, [], { activityDateTime: '2026-03-01 12:05:01' });
    expect(error.statusCode).toBe(400);
    expect(error.notification.details).toEqual([
      { key: 'detail.future', params: { field: 'ActivityDateTime', minutes: 5 } },
    ]);
    expect(() =>
      checkContentAddable(open, [], { id: 'p2', activityDateTime: '2026-03-01 12:05:00' }, now),
    ).not.toThrow();
  });
});

describe('the impurities of a content', () => {
  const eluate = (impurities: ContentLink['impurities'], impuritiesJustification: string | null = null) => ({
    nuclide: 'Ga-68',
    impurities,
    impuritiesJustification,
  });
  const officer = ['rpo'];

  it('[] for a nuclide that brings some is a statement: an officer with a reason (400 without, 403 for others)', () => {
    const without = errorOf(() => checkImpuritiesStatement(eluate([]), officer));
    expect([without.statusCode, without.notification.details]).toEqual([
      400,
      [
        {
          key: 'detail.impurities_justification',
          params: { field: 'ImpuritiesJustification', nuclide: 'Ga-68', impurities: 'Ge-68' },
        },
      ],
    ]);
    const reason = 'Gamma spectrometry of the eluate found no Ge-68.';
    expect(() => checkImpuritiesStatement(eluate([], reason), officer)).not.toThrow();
    const staff = errorOf(() => checkImpuritiesStatement(eluate([], reason), []));
    expect([staff.statusCode, staff.notification.key]).toEqual([403, 'auth.role_required']);
    // A reason goes with [] only; F-18 brings none, so [] needs none.
    expect(errorOf(() => checkImpuritiesStatement(eluate(null, reason), officer)).notification.details).toEqual([
      { key: 'detail.only_with_no_impurities', params: { field: 'ImpuritiesJustification' } },
    ]);
    expect(() => checkImpuritiesStatement({ nuclide: 'F-18', impurities: [] }, [])).not.toThrow();
    expect(() => checkImpuritiesStatement(eluate([{ nuclide: 'Ge-68', fraction: 1e-5 }]), [])).not.toThrow();
  });

  it('names the contents whose expected impurities were not entered (null), and only those', () => {
    const links: ContentLink[] = [
      { kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'Ga-68', uuid: 'u1', impurities: null },
      { kind: 'GENERATOR_ELUAT', id: 'e2', nuclide: 'Ga-68', impurities: [], impuritiesJustification: 'none found' },
      { kind: 'GENERATOR_ELUAT', id: 'e3', nuclide: 'Tc-99m' },
      { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18', impurities: null },
    ];
    expect(unknownImpurities(links)).toEqual([
      { ContentUuid: 'u1', ContentId: 'e1', Nuclide: 'Ga-68', ExpectedImpurities: ['Ge-68'] },
      { ContentUuid: null, ContentId: 'e3', Nuclide: 'Tc-99m', ExpectedImpurities: ['Mo-99'] },
    ]);
  });
});
