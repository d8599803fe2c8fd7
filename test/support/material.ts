/**
 * The material book over the API, for contract tests: a licence recorded by the facility's officer, receipts of a
 * Ge-68/Ga-68 generator and of F-18, an elution with its breakthrough, movements.
 */
import { expect } from 'vitest';
import { call } from './api';
import { at, rpoOf } from './registers';

type Tenant = { client: string; facility: string; token: string };

const facility = (t: { client: string; facility: string }) => `/waste-management/api/v1/${t.client}/${t.facility}`;
export const licencePath = (t: { client: string; facility: string }, uuid?: string) =>
  `${facility(t)}/licence${uuid ? `/${uuid}` : ''}`;
export const materialPath = (t: { client: string; facility: string }, suffix = '') =>
  `${facility(t)}/material${suffix}`;
export const stockPath = (t: { client: string; facility: string }, when?: string) =>
  `${facility(t)}/stock${when ? `?at=${encodeURIComponent(when)}` : ''}`;
export const reportPath = (t: { client: string; facility: string }, report: 'month' | 'year-end', query: string) =>
  `${facility(t)}/material-report/${report}?${query}`;
export const bookVerifyPath = (t: { client: string; facility: string }, year: number) =>
  `${facility(t)}/material-book/verify?year=${year}`;

export const LICENCE_BODY = {
  FileNumber: 'UG-17/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  IssuedAt: '2026-01-05 00:00:00',
  ValidFrom: '2026-01-15 00:00:00',
  Limits: [
    { Nuclide: 'Ge-68', MaxActivityBq: 4e9 },
    { Nuclide: 'Ga-68', MaxActivityBq: 5e9 },
    { Nuclide: 'F-18', MaxActivityBq: 1e11 },
  ],
  SumRule: true,
};

export async function createLicence(t: { client: string; facility: string }, body: object = LICENCE_BODY) {
  const r = await call('POST', licencePath(t), { token: rpoOf(t), body });
  expect(r.status, r.text).toBe(200);
  return r.body.LicenceModel as Record<string, any>;
}

/** A Ge-68 generator of 1.85 GBq, received an hour ago, certified at its receipt. */
export const generatorBody = (change: object = {}) => ({
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: at(-3600),
  ReceivedAt: at(-3600),
  Supplier: 'Eckert & Ziegler',
  Batch: 'GG-2611-07',
  Impurities: [],
  ...change,
});

export async function receive(t: Tenant, body: object, token = t.token) {
  const r = await call('POST', materialPath(t), { token, body });
  expect(r.status, r.text).toBe(200);
  return r.body.MaterialModel as Record<string, any>;
}

/** An eluate of 1 GBq Ga-68 with the pharmacopoeia's Ge-68 breakthrough (0.001 %), eluted `secondsAgo` ago. */
export async function elute(t: Tenant, generator: string, change: object = {}, secondsAgo = 1800) {
  const r = await call('POST', materialPath(t, `/${generator}/elution`), {
    token: t.token,
    body: {
      ActivityBq: 1e9,
      ElutedAt: at(-secondsAgo),
      Breakthrough: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
      ...change,
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.body.MaterialModel as Record<string, any>;
}

export async function move(t: Tenant, item: string, body: object, token = t.token) {
  return call('POST', materialPath(t, `/${item}/movement`), { token, body });
}

/** A facility with a licence, a generator and an eluate of it. */
export async function bookedEluate(t: Tenant) {
  await createLicence(t);
  const generator = await receive(t, generatorBody());
  const eluate = await elute(t, generator.Uuid);
  return { generator, eluate };
}
