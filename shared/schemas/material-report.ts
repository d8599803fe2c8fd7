/**
 * The material book's answers beyond an item: the stock at a moment, the book's verification, the month's report and
 * the year-end report (what the domain answers: shared/domain/stock.ts, chain.ts, material-report.ts).
 */
import * as v from 'valibot';
import { MATERIAL_KINDS } from '../domain/material';
import { BOOK_ENTRIES } from '../domain/material-book';
import { identifier, nullableText, timestamp } from './fields';

const stockNuclide = v.strictObject({
  Nuclide: v.string(),
  Row: nullableText,
  HalfLifeSeconds: v.nullable(v.number()),
  InStoreBq: v.number(),
  InContainersBq: v.number(),
  TotalBq: v.number(),
  MaxActivityBq: v.nullable(v.number()),
  Ratio: v.nullable(v.number()),
});

export const stockModel = v.strictObject({
  At: timestamp,
  LicenceUuid: v.nullable(identifier),
  LicenceFileNumber: nullableText,
  SumRule: v.boolean(),
  Nuclides: v.array(stockNuclide),
  SumOfRatios: v.nullable(v.number()),
  OpenItems: v.number(),
  OpenContainers: v.number(),
});

const lineName = { LineUuid: identifier, BookedAt: timestamp };
export const bookVerificationModel = v.strictObject({
  Valid: v.pipe(v.boolean(), v.description('Every line holds, in one unbroken chain, and nothing is missing.')),
  Lines: v.pipe(v.number(), v.integer()),
  Objects: v.pipe(v.number(), v.integer()),
  FirstBroken: v.nullable(v.strictObject({ ...lineName, Reason: v.string() })),
  Missing: v.array(v.strictObject({ ...lineName, Missing: v.picklist(['object', 'line']) })),
});

export const bookEntry = v.picklist(BOOK_ENTRIES);

const reportLicence = v.nullable(v.strictObject({ FileNumber: v.string(), Authority: v.string(), Holder: v.string() }));

export const monthReportModel = v.strictObject({
  Client: identifier,
  Facility: identifier,
  Month: v.string(),
  TimeZone: v.string(),
  From: timestamp,
  Until: timestamp,
  Licence: reportLicence,
  Rows: v.array(
    v.strictObject({
      Date: v.pipe(v.string(), v.description("When it happened, on the facility's clock.")),
      Category: v.picklist(['ACQUISITION', 'PRODUCTION', 'TRANSFER', 'WHEREABOUTS']),
      Entry: bookEntry,
      Nuclide: v.string(),
      ItemKind: v.nullable(v.picklist(MATERIAL_KINDS)),
      ActivityBq: v.pipe(v.number(), v.description('Bq when it happened.')),
      Counterpart: v.string(),
      ItemUuid: v.nullable(identifier),
      ContainerUuid: v.nullable(identifier),
      LicenceExceeded: v.boolean(),
      BookedAt: timestamp,
      BookedBy: v.string(),
      BookedByName: nullableText,
      LineUuid: identifier,
    }),
  ),
});

export const yearEndReportModel = v.strictObject({
  Client: identifier,
  Facility: identifier,
  Year: v.number(),
  TimeZone: v.string(),
  At: timestamp,
  Licence: reportLicence,
  Nuclides: v.array(stockNuclide),
});
