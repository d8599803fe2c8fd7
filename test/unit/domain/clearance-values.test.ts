/** shared/domain/clearance-values.ts: the values each release type measures a nuclide against. */
import { describe, expect, it } from 'vitest';
import { clearanceValues } from '../../../shared/domain/clearance-values';

describe('clearance values', () => {
  it('UNRESTRICTED: Spalte 3 for the mass, Spalte 5 for the surface (I-131: 10 Bq/g, 10 Bq/cm²)', () => {
    expect(clearanceValues({ type: 'UNRESTRICTED' }, 'I-131')).toEqual({ mass: 10, surface: 10 });
  });

  it('SPECIFIC_DISPOSAL: the lower of Spalte 8 and 9 (I-131: 50 and 70 Bq/g), Spalte 5 for the surface', () => {
    expect(clearanceValues({ type: 'SPECIFIC_DISPOSAL' }, 'I-131')).toEqual({ mass: 50, surface: 10 });
    // F-18 has no Spalte 8 or 9: missing, not zero.
    expect(clearanceValues({ type: 'SPECIFIC_DISPOSAL' }, 'F-18').mass).toBeNull();
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
