/** shared/domain/release-types.ts: which waste forms each release type of the StrlSchV may cover. */
import { describe, expect, it } from 'vitest';
import { RELEASE_TYPE_RULES, RELEASE_TYPES, typeCovers, WASTE_FORMS } from '../../../shared/domain/release-types';

describe('release types', () => {
  it('are § 35, § 36 and § 37 of the StrlSchV', () => {
    expect(RELEASE_TYPES.map((type) => RELEASE_TYPE_RULES[type].paragraph.split(' ').slice(0, 2).join(' '))).toEqual([
      '§ 35',
      '§ 36',
      '§ 37',
    ]);
  });

  it('release an aqueous liquid or a gas only in the individual case (§ 37 Abs. 1 Nr. 3)', () => {
    for (const form of ['LIQUID_AQUEOUS', 'GAS'] as const) {
      expect(
        RELEASE_TYPES.filter((type) => typeCovers(type, form)),
        form,
      ).toEqual(['INDIVIDUAL']);
    }
  });

  it('release for disposal solids only; unrestricted also oils and organic liquids; individually every form', () => {
    expect(WASTE_FORMS.filter((form) => typeCovers('SPECIFIC_DISPOSAL', form))).toEqual(['SOLID']);
    expect(WASTE_FORMS.filter((form) => typeCovers('UNRESTRICTED', form))).toEqual(['SOLID', 'LIQUID_ORGANIC', 'OIL']);
    expect(WASTE_FORMS.filter((form) => typeCovers('INDIVIDUAL', form))).toEqual([...WASTE_FORMS]);
  });
});
