/** shared/domain/record-measurement.ts: the decision measurement as the release record documents it (§ 42 Abs. 2). */
import { describe, expect, it } from 'vitest';
import type { RecordSection } from '../../../shared/domain/record-content';
import { measurementSections } from '../../../shared/domain/record-measurement';
import { measurementFixture } from '../../support/memory/release-sources';

const measured = (options: Partial<Parameters<typeof measurementFixture>[0]> = {}) =>
  measurementFixture({
    containerUuid: 'box',
    at: '2026-11-21 07:00:00',
    weightG: 10_500,
    fractions: { 'F-18': 0.9, 'I-131': 0.1 },
    valueUsed: 0.01,
    detectionLimit: 0.002,
    ...options,
  });
const names = (id: string) => ({ ada: 'Ada Lovelace' })[id] ?? id;
const lines = (section: RecordSection | undefined) =>
  Object.fromEntries(section && 'lines' in section ? section.lines : []);

describe('the measurement sections of a release record', () => {
  it('name the method, the instrument, who measured when, the mass and the figures, in German', () => {
    const [decision] = measurementSections(measured(), names);
    expect(decision!.heading).toBe('Entscheidungsmessung');
    expect(lines(decision)).toMatchObject({
      Messgerät: 'Freimessanlage 1 (Freimessanlage)',
      Seriennummer: 'SN-4711',
      'Gemessen von': 'Ada Lovelace',
      Messzeitpunkt: '2026-11-21 07:00:00 UTC',
      Messgeometrie: 'Sack im Messplatz',
      'Masse bei der Messung': '10,5 kg',
      // Every computed figure in one form, three significant digits.
      'Standardunsicherheit u(a)': '1,00E-03 Bq/g',
      'Erkennungsgrenze a*': '1,00E-03 Bq/g',
      'Nachweisgrenze a#': '2,00E-03 Bq/g',
      Ergebnis: 'nachgewiesen (a > a*): verwendet a = 1,00E-02 Bq/g',
    });
    expect(lines(decision)['Verfahren der Freimessung']).toContain('DIN ISO 11929-1');
    expect(lines(decision)['Verfahren der Freimessung']).toContain(
      'relativen Standardunsicherheit des Kalibrierfaktors',
    );
  });

  it("print the calibration's relative uncertainty u_rel(w)", () => {
    const measurement = measured();
    const [decision] = measurementSections({ ...measurement, EfficiencyRelUncertainty: 0.1 }, names);
    expect(lines(decision)['Relative Unsicherheit der Kalibrierung u_rel(w)']).toBe('1,00E-01');
  });

  it('say when nothing was detected and the detection limit is used instead', () => {
    const [decision] = measurementSections(measured({ detected: false }), names);
    expect(lines(decision).Ergebnis).toBe(
      'nicht nachgewiesen (a nicht über a*): verwendet die Nachweisgrenze 1,00E-02 Bq/g',
    );
  });

  it('list each nuclide with its share, efficiency, part of the detection limit and value used', () => {
    const table = measurementSections(measured(), names)[1]!;
    expect(table).toEqual({
      heading: 'Entscheidungsmessung je Nuklid',
      table: {
        columns: [
          'Nuklid',
          'Anteil',
          'Wirkungsgrad (1/(s·Bq))',
          'u_rel des Wirkungsgrads',
          'Anteil der Nachweisgrenze (Bq/g)',
          'Verwendeter Wert (Bq/g)',
        ],
        rows: [
          ['F-18', '9,00E-01', '0,1', '0', '1,80E-03', '9,00E-03'],
          ['I-131', '1,00E-01', '0,1', '0', '2,00E-04', '1,00E-03'],
        ],
      },
    });
  });

  it('document the surface part per cm², or why there is no fixed surface', () => {
    const without = measurementSections(measured({ noFixedSurfaceReason: 'Soft waste in a bag.' }), names);
    expect(without).toHaveLength(3);
    expect(lines(without[2])).toEqual({ 'Keine feste, messbare Oberfläche': 'Soft waste in a bag.' });
    const withSurface = measurementSections(measured({ surface: { valueUsed: 0.5, detectionLimit: 0.1 } }), names);
    expect(withSurface.map((s) => s.heading)).toEqual([
      'Entscheidungsmessung',
      'Entscheidungsmessung je Nuklid',
      'Oberflächenkontamination',
      'Oberflächenkontamination je Nuklid',
    ]);
    expect(lines(withSurface[2])).toMatchObject({
      Messgeometrie: 'Sonde über der Oberfläche',
      Mittelungsfläche: '100 cm² (höchstens 1 000 cm², Anlage 8 Teil A Nr. 1 d)',
      Ergebnis: 'nachgewiesen (a > a*): verwendet a = 5,00E-01 Bq/cm²',
    });
  });
});
