/**
 * The envelopes of interface §2.6 as schemas: the Notification element (from the message
 * catalogue) and the CollectionConfiguration. The OpenAPI document and the contract tests read them.
 */
import * as v from 'valibot';
import type { CollectionConfiguration } from '../domain/collection';
import { LEVELS, messages, type MessageKey } from '../i18n/messages';
import { MAX_DETAILS } from '../i18n/translate';
import { url, wholeNumber } from './fields';

const catalogue = Object.entries(messages) as [MessageKey, (typeof messages)[MessageKey]][];
const unique = <T>(values: T[]) => [...new Set(values)];

/** A Notification carrying one of `keys` (every message of the catalogue by default). */
export function notificationOf(keys: readonly MessageKey[] = catalogue.map(([key]) => key)) {
  const defs = keys.map((key) => messages[key]);
  return v.strictObject({
    Type: v.picklist(unique(defs.map((d) => d.type))),
    Message: v.picklist(keys),
    LocalizedMessage: v.string(),
    Level: v.picklist(unique(defs.map((d) => LEVELS[d.level]))),
    LevelAsString: v.picklist(unique(defs.map((d) => d.level))),
    Details: v.pipe(v.array(v.string()), v.maxLength(MAX_DETAILS)),
    Code: v.picklist(unique(defs.map((d) => d.code))),
  });
}

/** The Notifications of a 200 answer: successes, infos and warnings, never an error. */
export const replyNotifications = v.array(
  notificationOf(catalogue.filter(([, def]) => def.type !== 'Error').map(([key]) => key)),
);

/** The body of every error answer: exactly one Error notification carrying one of `keys`. */
export const errorBodyOf = (keys: readonly MessageKey[]) =>
  v.strictObject({ Notifications: v.pipe(v.array(notificationOf(keys)), v.length(1)) });

const page = v.pipe(wholeNumber, v.minValue(1));
export const collectionConfiguration = v.strictObject({
  CollectionModelName: v.string(),
  IsPaginated: v.boolean(),
  MaxItemsPerPage: page,
  CurrentPage: page,
  FirstPage: page,
  LastPage: page,
  PreviousPage: page,
  NextPage: page,
  CurrentPageEndpoint: url,
  FirstPageEndpoint: url,
  LastPageEndpoint: url,
  PreviousPageEndpoint: url,
  NextPageEndpoint: url,
  FirstIndex: v.pipe(wholeNumber, v.minValue(0)),
  LastIndex: v.pipe(wholeNumber, v.minValue(-1)),
  TotalCount: v.pipe(wholeNumber, v.minValue(0)),
} satisfies Record<keyof CollectionConfiguration, v.GenericSchema>);
