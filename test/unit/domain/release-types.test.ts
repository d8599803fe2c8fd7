/** shared/domain/release-types.ts: which waste forms each release type of the StrlSchV may cover. */
import { describe, expect, it } from 'vitest';
import { RELEASE_TYPE_RULES, RELEASE_TYPES, typeCovers, WASTE_FORMS } from '../../../shared/domain/release-types';

describe('release types', () => {
  it('are § 35, § 36 Abs. 1 Nr. 3 and Nr. 4 and § 37 of the StrlSchV', () => {
    expect(RELEASE_TYPES.map((type) => RELEASE_TYPE_RULES[type].paragraph)).toEqual([
      '§ 35',
      '§ 36 Abs. 1 Nr. 3',
      '§ 36 Abs. 1 Nr. 4',
      '§ 37',
    ]);
  });

  it('release an aqueous liquid or a gas only in the individual case (§ 37 Abs. 1)', () => {
    for (const form of ['LIQUID_AQUEOUS', 'GAS'] as const) {
      expect(
        RELEASE_TYPES.filter((type) => typeCovers(type, form)),
        form,
      ).toEqual(['INDIVIDUAL']);
    }
  });

  it('to a landfill solids only ("feste Stoffe"); to an incinerator "Stoffe": also oils and organic solvents', () => {
    expect(WASTE_FORMS.filter((form) => typeCovers('SPECIFIC_LANDFILL', form))).toEqual(['SOLID']);
    expect(WASTE_FORMS.filter((form) => typeCovers('SPECIFIC_INCINERATION', form))).toEqual([
      'SOLID',
      'LIQUID_ORGANIC',
      'OIL',
    ]);
  });

  it('unrestricted covers solids, oils and organic liquids; individually every form', () => {
    expect(WASTE_FORMS.filter((form) => typeCovers('UNRESTRICTED', form))).toEqual(['SOLID', 'LIQUID_ORGANIC', 'OIL']);
    expect(WASTE_FORMS.filter((form) => typeCovers('INDIVIDUAL', form))).toEqual([...WASTE_FORMS]);
  });
});
