/** shared/domain/label.ts: what a container's label says, in the German and the US words. */
import { describe, expect, it } from 'vitest';
import {
  activitiesAt,
  containerLabel,
  DE_LABEL_WORDS,
  formatActivity,
  LABEL_NUCLIDES,
  type LabelInput,
  US_LABEL_WORDS,
} from '../../../shared/domain/label';

const now = new Date('2026-11-29T12:00:00Z');
const path = '/waste-management/api/v1/c/f/container/u';
/** 1 GBq of Tc-99m measured one half-life (6.0067 h) before `now`, 37 MBq of I-131 at `now`. */
const contents = [
  { nuclide: 'Tc-99m', activity: 1e9, activityDateTime: '2026-11-29 05:59:35', impurities: [] },
  { nuclide: 'I-131', activity: 3.7e7, activityDateTime: '2026-11-29 12:00:00', impurities: null },
];
const input = (over: Partial<LabelInput> = {}): LabelInput => ({
  container: { Uuid: 'u', Name: 'Box 7', ReleaseDateTime: '2026-12-20 09:30:00' },
  contents,
  sealedAt: '2026-11-29 06:00:00',
  path,
  now,
  timeZone: 'Europe/Berlin',
  words: DE_LABEL_WORDS,
  ...over,
});

describe('formatActivity', () => {
  it('picks the prefix that leaves one to three digits, three significant, in the locale', () => {
    expect(formatActivity(4.995e8, 'Bq', 'de-DE')).toBe('500 MBq');
    expect(formatActivity(1.234e9, 'Bq', 'de-DE')).toBe('1,23 GBq');
    expect(formatActivity(1.234e9, 'Bq', 'en-US')).toBe('1.23 GBq');
    expect(formatActivity(1e-3, 'Ci', 'en-US')).toBe('1 mCi');
    expect(formatActivity(2.7e-6, 'Ci', 'en-US')).toBe('2.7 µCi');
    expect(formatActivity(0, 'Bq', 'en-US')).toBe('0 Bq');
  });
});

describe('activitiesAt', () => {
  it('decays each content to the moment and adds its impurities', () => {
    const activities = activitiesAt(
      [
        {
          nuclide: 'Ga-68',
          activity: 1e9,
          activityDateTime: '2026-11-29 12:00:00',
          impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }],
        },
      ],
      now,
    );
    expect(activities.get('Ga-68')).toBe(1e9);
    expect(activities.get('Ge-68')).toBeCloseTo(1e4, 6);
  });

  it('gives null for a nuclide some content brings without its activity or time', () => {
    const activities = activitiesAt(
      [
        { nuclide: 'F-18', activity: 1e6, activityDateTime: '2026-11-29 12:00:00' },
        { nuclide: 'F-18', activity: null, activityDateTime: null },
      ],
      now,
    );
    expect(activities.get('F-18')).toBeNull();
  });
});

describe('containerLabel', () => {
  it('says in German what the label shows, dated in the facility’s time zone', () => {
    const label = containerLabel(input());
    expect(label.hazard).toBe('Radioaktiv');
    expect(label.lines).toEqual([
      ['Behälter', 'Box 7'],
      ['Nuklide', 'Tc-99m, I-131'],
      ['Verschlossen', '29.11.2026, 07:00 MEZ'],
      ['Freigabe voraussichtlich', '20.12.2026, 10:30 MEZ'],
    ]);
    expect(label.activityHeading).toBe('Aktivität (geschätzt) am 29.11.2026, 13:00 MEZ');
    // Tc-99m one half-life on: 500 MBq; largest first.
    expect(label.activities).toEqual(['Tc-99m: 500 MBq', 'I-131: 37 MBq']);
    expect(label.code).toBe(path);
  });

  it('says it in the US words, with curies beside becquerels and US dates', () => {
    const label = containerLabel(input({ words: US_LABEL_WORDS, timeZone: 'America/New_York' }));
    expect(label.hazard).toBe('CAUTION, RADIOACTIVE MATERIAL');
    expect(label.lines[2]).toEqual(['Sealed', '11/29/2026, 01:00 AM EST']);
    expect(label.activities).toEqual(['Tc-99m: 500 MBq (13.5 mCi)', 'I-131: 37 MBq (1 mCi)']);
    expect(label.activityHeading).toBe('Estimated activity on 11/29/2026, 07:00 AM EST');
  });

  it('names what is unknown: an open container, no prediction, an activity not stated', () => {
    const label = containerLabel(
      input({
        container: { Uuid: 'u', Name: 'Box 8', ReleaseDateTime: null },
        sealedAt: null,
        contents: [{ nuclide: 'F-18', activity: null, activityDateTime: null }],
      }),
    );
    expect(label.lines.slice(2)).toEqual([
      ['Verschlossen', 'noch offen'],
      ['Freigabe voraussichtlich', 'nicht vorhersagbar'],
    ]);
    expect(label.activities).toEqual(['F-18: nicht angegeben']);
  });

  it('lists at most a few nuclides one by one and counts the rest', () => {
    const many = ['F-18', 'Tc-99m', 'I-131', 'Lu-177', 'Ga-68', 'In-111'].map((nuclide, i) => ({
      nuclide,
      activity: 10 ** (9 - i),
      activityDateTime: '2026-11-29 12:00:00',
    }));
    const label = containerLabel(input({ contents: many, words: US_LABEL_WORDS }));
    expect(label.activities).toHaveLength(LABEL_NUCLIDES);
    expect(label.activities.at(-1)).toBe('and 3 more');
    expect(label.lines[1]![1]).toBe('F-18, Tc-99m, I-131, Lu-177, Ga-68, In-111');
  });
});
