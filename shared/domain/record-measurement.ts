/**
 * The measurement sections of a release record: the decision measurement with its instrument, counts, times,
 * efficiencies, net rate, a, u(a), a*, a# and the value used per nuclide, then the surface part or why there is
 * none (StrlSchV § 42 Abs. 2: the clearance measurements and their results are documented). Pure: no AWS, no HTTP.
 */
import type { CountingResult, InstrumentSnapshot, MeasuredDecision, MeasuredNuclide } from './decision-measurement';
import { formatNumber, GEOMETRY_TEXT, INSTRUMENT_KIND_TEXT, utc } from './record-wording';
import type { RecordSection } from './record-content';

type Line = [label: string, value: string];

/** How the clearance was measured and evaluated (Verfahren der Freimessung). */
const METHOD =
  'Zählung im Messplatz (Brutto- und Nulleffektmessung); Auswertung nach DIN ISO 11929 für eine Zählmessung mit ' +
  'k = 1,645 (Wahrscheinlichkeit der Fehler 1. und 2. Art je 5 %), ohne die Unsicherheit der Kalibrierung; ' +
  'Aufteilung auf die Nuklide nach dem ' +
  'Nuklidvektor zum Messzeitpunkt (Inhalte und Verunreinigungen, zerfallskorrigiert); Summenformel nach Anlage 8 ' +
  'Teil A Nr. 1 e StrlSchV';

const instrumentLines = (i: InstrumentSnapshot): Line[] => [
  ['Messgerät', `${i.Name} (${INSTRUMENT_KIND_TEXT[i.Kind] ?? i.Kind})`],
  ['Gerätetyp', i.Model],
  ['Seriennummer', i.SerialNumber],
  ['Kalibriert am', utc(i.CalibratedAt)],
  ['Kalibrierung gültig bis', utc(i.CalibrationDueAt)],
  ['Letzte Funktionsprüfung', utc(i.LastCheckAt)],
];

/** The figures of a counting measurement, per g or per cm². */
function countingLines(
  m: CountingResult & { GrossCounts: number; GrossTimeSeconds: number },
  unit: string,
  bg: {
    counts: number;
    seconds: number;
  },
): Line[] {
  return [
    ['Bruttoimpulse', `${m.GrossCounts} in ${formatNumber(m.GrossTimeSeconds)} s`],
    ['Nulleffektimpulse', `${bg.counts} in ${formatNumber(bg.seconds)} s`],
    ['Nettozählrate', `${formatNumber(m.NetRate)} 1/s`],
    ['Wirkungsgrad (mit den Nuklidanteilen gewichtet)', `${formatNumber(m.Efficiency)} 1/(s·Bq)`],
    ['Aktivität a', `${formatNumber(m.Activity)} ${unit}`],
    ['Standardunsicherheit u(a)', `${formatNumber(m.StandardUncertainty)} ${unit}`],
    ['Erkennungsgrenze a*', `${formatNumber(m.DecisionThreshold)} ${unit}`],
    ['Nachweisgrenze a#', `${formatNumber(m.DetectionLimit)} ${unit}`],
    [
      'Ergebnis',
      m.Detected
        ? `nachgewiesen (a > a*): verwendet a = ${formatNumber(m.ValueUsed)} ${unit}`
        : `nicht nachgewiesen (a nicht über a*): verwendet die Nachweisgrenze ${formatNumber(m.ValueUsed)} ${unit}`,
    ],
  ];
}

const nuclideTable = (heading: string, nuclides: readonly MeasuredNuclide[], unit: string): RecordSection => ({
  heading,
  table: {
    columns: [
      'Nuklid',
      'Anteil',
      'Wirkungsgrad (1/(s·Bq))',
      `Anteil der Nachweisgrenze (${unit})`,
      `Verwendeter Wert (${unit})`,
    ],
    rows: nuclides.map((n) => [
      n.Nuclide,
      formatNumber(n.Fraction),
      formatNumber(n.Efficiency),
      formatNumber(n.DetectionLimit),
      formatNumber(n.ValueUsed),
    ]),
  },
});

export function measurementSections(m: MeasuredDecision, nameOf: (id: string) => string): RecordSection[] {
  const surface = m.Surface;
  return [
    {
      heading: 'Entscheidungsmessung',
      lines: [
        ['Verfahren der Freimessung', METHOD],
        ...instrumentLines(m.Instrument),
        ['Gemessen von', nameOf(m.MeasuredBy)],
        ['Messzeitpunkt', utc(m.MeasuredAt)],
        ['Messgeometrie', GEOMETRY_TEXT[m.Geometry]],
        ['Masse bei der Messung', `${formatNumber(m.WeightG / 1000)} kg`],
        ...countingLines(m, 'Bq/g', { counts: m.BackgroundCounts, seconds: m.BackgroundTimeSeconds }),
      ],
    },
    nuclideTable('Entscheidungsmessung je Nuklid', m.Nuclides, 'Bq/g'),
    surface
      ? {
          heading: 'Oberflächenkontamination',
          lines: [
            ...instrumentLines(surface.Instrument),
            ['Messgeometrie', GEOMETRY_TEXT.SURFACE],
            ['Sondenfläche', `${formatNumber(surface.ProbeAreaCm2)} cm²`],
            [
              'Mittelungsfläche',
              `${formatNumber(surface.AveragingAreaCm2)} cm² (höchstens 1 000 cm², Anlage 8 Teil A Nr. 1 d)`,
            ],
            ...countingLines(surface, 'Bq/cm²', {
              counts: surface.BackgroundCounts,
              seconds: surface.BackgroundTimeSeconds,
            }),
          ],
        }
      : {
          heading: 'Oberflächenkontamination',
          lines: [['Keine feste, messbare Oberfläche', m.NoFixedSurfaceReason ?? 'entfällt (keine feste Oberfläche)']],
        },
    ...(surface ? [nuclideTable('Oberflächenkontamination je Nuklid', surface.Nuclides, 'Bq/cm²')] : []),
  ];
}
