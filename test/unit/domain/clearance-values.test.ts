/** shared/domain/clearance-values.ts: the values each release type measures a nuclide against. */
import { describe, expect, it } from 'vitest';
import { clearanceValues } from '../../../shared/domain/clearance-values';

describe('clearance values', () => {
  it('UNRESTRICTED: Spalte 3 for the mass, Spalte 5 for the surface (I-131: 10 Bq/g, 10 Bq/cm²)', () => {
    expect(clearanceValues({ type: 'UNRESTRICTED' }, 'I-131')).toEqual({ mass: 10, surface: 10 });
  });

  it('SPECIFIC_LANDFILL: Spalte 8, SPECIFIC_INCINERATION: Spalte 9 (I-131: 50, 70 Bq/g), Spalte 5 the surface', () => {
    expect(clearanceValues({ type: 'SPECIFIC_LANDFILL' }, 'I-131')).toEqual({ mass: 50, surface: 10 });
    expect(clearanceValues({ type: 'SPECIFIC_INCINERATION' }, 'I-131')).toEqual({ mass: 70, surface: 10 });
    // Sr-90+: 6 Bq/g to a landfill, 40 to an incinerator (Anlage 4 Tabelle 1, BGBl. I 2018 S. 2110).
    expect(clearanceValues({ type: 'SPECIFIC_LANDFILL' }, 'Sr-90').mass).toBe(6);
    expect(clearanceValues({ type: 'SPECIFIC_INCINERATION' }, 'Sr-90').mass).toBe(40);
    // F-18 has no Spalte 8 or 9: missing, not zero.
    expect(clearanceValues({ type: 'SPECIFIC_LANDFILL' }, 'F-18').mass).toBeNull();
    expect(clearanceValues({ type: 'SPECIFIC_INCINERATION' }, 'F-18').mass).toBeNull();
  });

  it("INDIVIDUAL: the notice's values for the nuclide, none for a nuclide the notice does not list", () => {
    const source = {
      type: 'INDIVIDUAL' as const,
      limits: [{ Nuclide: 'I-131', SpecificActivity: 2, SurfaceActivity: null }],
    };
    expect(clearanceValues(source, 'I-131')).toEqual({ mass: 2, surface: null });
    expect(clearanceValues(source, 'F-18')).toEqual({ mass: null, surface: null });
  });

  it('holds nothing for a nuclide the table does not know', () => {
    expect(clearanceValues({ type: 'UNRESTRICTED' }, 'Xx-999')).toEqual({ mass: null, surface: null });
  });
});
