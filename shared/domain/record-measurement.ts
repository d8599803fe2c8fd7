/**
 * The measurement sections of a release record: the decision measurement with its instrument, counts, times,
 * efficiencies and the calibration's uncertainty, net rate, a, u(a), a*, a# and the value used per nuclide, then the
 * surface part or why there is none (StrlSchV § 42 Abs. 2: the clearance measurements and their results are
 * documented). Computed figures in one notation (three significant digits), entered ones as entered. Pure: no AWS,
 * no HTTP.
 */
import type { CountingResult, InstrumentSnapshot, MeasuredDecision, MeasuredNuclide } from './decision-measurement';
import { formatEntered, formatFigure, GEOMETRY_TEXT, INSTRUMENT_KIND_TEXT, utc } from './record-wording';
import type { RecordSection } from './record-content';

type Line = [label: string, value: string];

/** How the clearance was measured and evaluated (Verfahren der Freimessung). */
const METHOD =
  'Zählung im Messplatz (Brutto- und Nulleffektmessung); Auswertung nach DIN ISO 11929-1 für eine Zählmessung mit ' +
  'k = 1,645 (Wahrscheinlichkeit der Fehler 1. und 2. Art je 5 %) und der relativen Standardunsicherheit des ' +
  'Kalibrierfaktors u_rel(w); Aufteilung auf die Nuklide nach dem Nuklidvektor zum Messzeitpunkt (Inhalte und ' +
  'Verunreinigungen, zerfallskorrigiert); Summenformel nach Anlage 8 Teil A Nr. 1 e StrlSchV';

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
    ['Bruttoimpulse', `${formatEntered(m.GrossCounts)} in ${formatEntered(m.GrossTimeSeconds)} s`],
    ['Nulleffektimpulse', `${formatEntered(bg.counts)} in ${formatEntered(bg.seconds)} s`],
    ['Nettozählrate', `${formatFigure(m.NetRate)} 1/s`],
    ['Wirkungsgrad (mit den Nuklidanteilen gewichtet)', `${formatFigure(m.Efficiency)} 1/(s·Bq)`],
    ['Relative Unsicherheit der Kalibrierung u_rel(w)', `${formatFigure(m.EfficiencyRelUncertainty)}`],
    ['Aktivität a', `${formatFigure(m.Activity)} ${unit}`],
    ['Standardunsicherheit u(a)', `${formatFigure(m.StandardUncertainty)} ${unit}`],
    ['Erkennungsgrenze a*', `${formatFigure(m.DecisionThreshold)} ${unit}`],
    ['Nachweisgrenze a#', `${formatFigure(m.DetectionLimit)} ${unit}`],
    [
      'Ergebnis',
      m.Detected
        ? `nachgewiesen (a > a*): verwendet a = ${formatFigure(m.ValueUsed)} ${unit}`
        : `nicht nachgewiesen (a nicht über a*): verwendet die Nachweisgrenze ${formatFigure(m.ValueUsed)} ${unit}`,
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
      'u_rel des Wirkungsgrads',
      `Anteil der Nachweisgrenze (${unit})`,
      `Verwendeter Wert (${unit})`,
    ],
    rows: nuclides.map((n) => [
      n.Nuclide,
      formatFigure(n.Fraction),
      formatEntered(n.Efficiency),
      formatEntered(n.EfficiencyRelUncertainty),
      formatFigure(n.DetectionLimit),
      formatFigure(n.ValueUsed),
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
        ['Masse bei der Messung', `${formatEntered(m.WeightG / 1000)} kg`],
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
            ['Sondenfläche', `${formatEntered(surface.ProbeAreaCm2)} cm²`],
            [
              'Mittelungsfläche',
              `${formatEntered(surface.AveragingAreaCm2)} cm² (höchstens 1 000 cm², Anlage 8 Teil A Nr. 1 d)`,
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
