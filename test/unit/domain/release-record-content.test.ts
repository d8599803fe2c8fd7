/**
 * shared/domain/release-record-content.ts and record-measurement.ts: what a release record says (without a PDF): the
 * holder, the site and the notice, the type with its basis and values, the form, the mass and its corrections, the
 * contents with their impurities, the decision measurement with its instrument and figures, the surface or why there
 * is none, the result and the officer.
 */
import { describe, expect, it } from 'vitest';
import { type ContentLink, toContentModel } from '../../../shared/domain/container-contents';
import type { ReleaseRecordContent } from '../../../shared/domain/record-content';
import { registerRowOf } from '../../../shared/domain/release-record';
import { releaseRecordContent } from '../../../shared/domain/release-record-content';
import { noticeFixture } from '../../support/memory/release-sources';
import { facts, links, measured } from '../../support/release-facts';

const linesOf = (content: ReleaseRecordContent) =>
  Object.fromEntries(content.sections.flatMap((s) => ('lines' in s ? s.lines : [])));
const tableOf = (content: ReleaseRecordContent, heading: string) =>
  content.sections.find((s) => s.heading.startsWith(heading) && 'table' in s) as { table: { rows: string[][] } };

describe('releaseRecordContent', () => {
  it('names the holder, the site, the notice, the type with its basis and values, and the waste form', () => {
    expect(linesOf(releaseRecordContent(facts()))).toMatchObject({
      Inhaber: 'Klinikum Musterstadt',
      Standort: 'Musterweg 1, 12345 Musterstadt',
      Aktenzeichen: 'RP-2026/0815',
      Behörde: 'Landesamt für Strahlenschutz',
      // A notice's legal dates as the authority wrote them: dates.
      'Erteilt am': '15.12.2025',
      Gültig: 'ab 01.01.2026',
      Nebenbestimmungen: 'Nur Abfälle der Station 3.',
      'Art der Freigabe': 'uneingeschränkte Freigabe',
      Rechtsgrundlage: 'StrlSchV § 35, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil B',
      'Maßgebliche Werte': 'Anlage 4 Tabelle 1 Spalte 3 (Bq/g), Oberflächenkontamination Spalte 5 (Bq/cm²)',
      Abfallform: 'fester Stoff',
    });
    expect(linesOf(releaseRecordContent(facts())).Mittelungsmasse).toBe(
      '10 kg, die Masse des Behälters als Ganzes (Anlage 8 Teil A Nr. 1 c StrlSchV: die Mittelungsmasse darf 300 kg ' +
        'nicht wesentlich überschreiten)',
    );
  });

  it('lists the contents with their impurities, and the decision measurement with its instrument and figures', () => {
    const content = releaseRecordContent(facts());
    expect(tableOf(content, 'Inhalte').table.rows).toEqual([
      ['Zyklotronprodukt', 'cp-1', 'F-18', '900000', '2026-11-20 08:00:00 UTC', 'nicht angegeben'],
      ['Generatoreluat', 'ge-1', 'Ga-68', '100000', '2026-11-20 08:00:00 UTC', 'Ge-68 0,00001'],
    ]);
    expect(linesOf(content)).toMatchObject({
      Messgerät: 'Freimessanlage 1 (Freimessanlage)',
      Gerätetyp: 'RTM 661',
      Seriennummer: 'SN-4711',
      'Kalibriert am': '2026-01-10 00:00:00 UTC',
      'Kalibrierung gültig bis': '2027-01-10 00:00:00 UTC',
      'Letzte Funktionsprüfung': '2026-11-25 09:00:00 UTC',
      'Gemessen von': 'Ada Lovelace',
      Messzeitpunkt: '2026-11-25 09:00:00 UTC',
      Messgeometrie: 'Sack im Messplatz',
      Bruttoimpulse: '1200 in 60 s',
      Nulleffektimpulse: '600 in 60 s',
      Nettozählrate: '1,00E+01 1/s',
      'Relative Unsicherheit der Kalibrierung u_rel(w)': '0',
      'Nachweisgrenze a#': '2,00E-03 Bq/g',
      Ergebnis: 'nicht nachgewiesen (a nicht über a*): verwendet die Nachweisgrenze 2,00E-03 Bq/g',
      'Keine feste, messbare Oberfläche': 'A bag of soft waste: no fixed surface.',
      'Nachweisgrenzen ausreichend': 'ja',
      Freigabewerte: 'eingehalten',
    });
    // The detection limit's share, decayed an hour from the measurement to the determination (Ge-68 barely): "<".
    expect(tableOf(content, 'Bewertung').table.rows).toEqual([['Ge-68', '<2,00E-03', '<2,00E-03', '0,1', '<2,00E-02']]);
  });

  it('speaks to its reader: no API member names, the officer by name, who measured by name', () => {
    const content = releaseRecordContent(facts());
    const text = JSON.stringify(content);
    for (const member of ['MeasurementActivity', 'MeasurementFactor', 'WasteForm', 'ClearanceNoticeUuid', 'Weight'])
      expect(text).not.toContain(member);
    expect(linesOf(content)).toMatchObject({
      'Festgestellt von (Strahlenschutzbeauftragte/r)': 'Grace Hopper',
      'Zeitpunkt der Feststellung': '2026-11-25 10:00:00 UTC',
    });
    expect(linesOf(content)).not.toHaveProperty('Bemerkung');
    expect(linesOf(releaseRecordContent(facts({ justification: 'Bag from the hot lab.' }))).Bemerkung).toBe(
      'Bag from the hot lab.',
    );
  });

  it('prints every mass correction after closing, and the averaging mass the notice allows', () => {
    const corrected = facts({
      massCorrections: [
        { At: '2026-11-21 09:00:00', By: 'ada', From: 9_000, To: 10_000, Justification: 'Weighed again.' },
      ],
    });
    expect(linesOf(releaseRecordContent(corrected))['Masse berichtigt nach dem Verschließen']).toBe(
      'am 2026-11-21 09:00:00 UTC von 9 kg auf 10 kg durch Ada Lovelace, Begründung: Weighed again.',
    );
    const heavy = facts({
      notice: noticeFixture({ client: 'client-1', facility: 'facility-1' }, { MaxAveragingMassKg: 500 }),
    });
    const content = releaseRecordContent({ ...heavy, container: { ...heavy.container, Weight: 400_000 } });
    expect(linesOf(content).Mittelungsmasse).toBe(
      '400 kg, die Masse des Behälters als Ganzes (Anlage 8 Teil A Nr. 1 c StrlSchV: die Mittelungsmasse darf 300 kg ' +
        'nicht wesentlich überschreiten; der Freigabebescheid lässt 500 kg zu)',
    );
  });

  it(
    "gives one verdict, the decision measurement, and the prediction beside it; an officer's statement of no " +
      'impurities and the cause of a discrepancy',
    () => {
      const stated: ContentLink = {
        kind: 'GENERATOR_ELUAT',
        id: 'ge-2',
        nuclide: 'Ga-68',
        activity: 1e5,
        activityDateTime: '2026-11-20 08:00:00',
        impurities: [],
        impuritiesJustification: 'Gamma spectrometry of the eluate found no Ge-68.',
      };
      const content = releaseRecordContent(
        facts({ contents: [...links, stated].map(toContentModel), discrepancyCause: 'Vial residue measured.' }),
      );
      expect(tableOf(content, 'Inhalte').table.rows[2]![5]).toBe(
        'keine, Begründung der/des Strahlenschutzbeauftragten: Gamma spectrometry of the eluate found no Ge-68.',
      );
      expect(linesOf(content)).toMatchObject({
        Entscheidung: 'nach der Entscheidungsmessung (Anlage 8 Teil A Nr. 1 b StrlSchV: Nachweis anhand von Messungen)',
        'Summe der Verhältniszahlen (Masse)': '<2,00E-02',
        'Ursache der Abweichung (Strahlenschutzbeauftragte/r)': 'Vial residue measured.',
      });
      expect(linesOf(content)['Vorhersage aus den angegebenen Inhalten (zum Vergleich)']).toMatch(
        /^Summe der Verhältniszahlen – zur Feststellung/,
      );
    },
  );

  it('names the route, its plant and the acceptance declaration of a release for disposal', () => {
    const plant = {
      Route: 'SPECIFIC_LANDFILL' as const,
      Name: 'Deponie Nord',
      Address: 'Deponieweg 5, 12345 Musterstadt',
      AcceptanceDocumentUuid: 'acceptance-1',
    };
    const landfill = facts({ type: 'SPECIFIC_LANDFILL', plant });
    expect(linesOf(releaseRecordContent(landfill))).toMatchObject({
      'Art der Freigabe':
        'spezifische Freigabe von festen Stoffen zur Beseitigung auf Deponien (bis 100 Mg im Kalenderjahr)',
      Rechtsgrundlage: 'StrlSchV § 36 Abs. 1 Nr. 3, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil C',
      'Maßgebliche Werte': 'Anlage 4 Tabelle 1 Spalte 8 (Bq/g), Oberflächenkontamination Spalte 5 (Bq/cm²)',
      'Beseitigungsanlage (Verbleib)': 'Deponie Nord, Deponieweg 5, 12345 Musterstadt',
      'Annahmeerklärung des Betreibers (§ 40 Abs. 2 StrlSchV)': 'Dokument acceptance-1',
    });
    expect(registerRowOf(landfill)).toMatchObject({
      ReleaseType: 'SPECIFIC_LANDFILL',
      DisposalPlant: { Name: 'Deponie Nord', Address: plant.Address, AcceptanceDocumentUuid: 'acceptance-1' },
    });
    expect(registerRowOf(facts()).DisposalPlant).toBeNull();
  });

  it('shows the surface part where one was measured', () => {
    const measurement = measured({ surface: { valueUsed: 0.05, detectionLimit: 0.02 } });
    const content = releaseRecordContent(facts({ measurement }));
    expect(linesOf(content)).toMatchObject({
      Sondenfläche: '100 cm²',
      Mittelungsfläche: '100 cm² (höchstens 1 000 cm², Anlage 8 Teil A Nr. 1 d)',
      // The surface value beside the surface sum.
      'Oberflächenkontamination (verwendeter Wert)': '5,00E-02 Bq/cm² bei der Messung',
    });
    expect(linesOf(content)['Summe der Verhältniszahlen (Oberfläche)']).toMatch(/^5,00E-02$/);
    expect(tableOf(content, 'Oberflächenkontamination je Nuklid').table.rows).toEqual([
      ['Ge-68', '1,00E+00', '0,1', '0', '2,00E-02', '5,00E-02'],
    ]);
    expect(registerRowOf(facts({ measurement })).Surface).toEqual({
      SumOfRatios: expect.closeTo(0.05, 4),
      ValueUsedBqPerCm2: 0.05,
      BelowDecisionThreshold: false,
    });
  });
});
