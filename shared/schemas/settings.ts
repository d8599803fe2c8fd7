/** A facility's settings: the PUT body and the answer (FacilitySettingsModel). */
import * as v from 'valibot';
import { isTimeZone } from '../domain/calendar';
import type { FacilitySettingsModel } from '../domain/facility-settings';
import { REGIME_NAMES } from '../domain/regimes';
import { LANGUAGES } from '../i18n/messages';
import { oneOf, timestamp } from './fields';

const regime = v.pipe(
  oneOf(REGIME_NAMES),
  v.description(
    'The law the facility releases under: DE_STRLSCHV_2018 (StrlSchV 2018: clearance under a notice, the default) ' +
      'or US_NRC_10CFR35 (10 CFR 35.92: decay-in-storage). Changes only while no container is in DECAY or later.',
  ),
);
const timeZone = v.pipe(
  v.string('detail.type_string'),
  v.check(isTimeZone, 'detail.time_zone'),
  v.description(
    "An IANA time zone: the facility's calendar (a year's released mass, a month's report, the dates of a US " +
      "record) counts in it. Default: the regime's (Europe/Berlin; America/New_York for US_NRC_10CFR35).",
  ),
  v.examples(['America/Chicago']),
);
const recordLanguage = v.pipe(
  oneOf(LANGUAGES),
  v.description("The language of the facility's records unless a request says otherwise; default the regime's."),
);

/** PUT .../settings: a partial change; a new Regime brings its TimeZone and RecordLanguage unless they are given. */
export const settingsUpdateSchema = v.object({
  Regime: v.optional(regime),
  TimeZone: v.optional(timeZone),
  RecordLanguage: v.optional(recordLanguage),
});

export const settingsModel = v.strictObject({
  Regime: v.picklist(REGIME_NAMES),
  TimeZone: v.string(),
  RecordLanguage: v.picklist(LANGUAGES),
  CreatedAt: timestamp,
  UpdatedAt: timestamp,
} satisfies Record<keyof FacilitySettingsModel, v.GenericSchema>);

/** The body's members are the change's; the answer's others (CreatedAt, UpdatedAt) are ignored in a body. */
const SETTINGS_WRITABLE = Object.keys(settingsUpdateSchema.entries);
export const settingsMembers = {
  writable: SETTINGS_WRITABLE,
  readOnly: Object.keys(settingsModel.entries).filter((f) => !SETTINGS_WRITABLE.includes(f)),
};
