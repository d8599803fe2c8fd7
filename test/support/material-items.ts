/**
 * The material fixtures of the domain's unit tests: 10 GBq of F-18 certified at 08:00, and a movement of 2 GBq of it at
 * 09:00 (a share of 0.29213).
 */
import type { MaterialItem, Movement } from '../../shared/domain/material';

/** F-18's half-life, seconds (109.77 min). */
export const F18 = 109.77 * 60;

/** 10 GBq of F-18 of 08:00, `seconds` later. */
export const whole = (seconds: number) => 1e10 * 0.5 ** (seconds / F18);

/** 2 GBq administered at 09:00: 2 GBq of the 6.846 GBq there were then, a share of 0.29213. */
export const movement = (n: number, over: Partial<Movement> = {}): Movement => ({
  Uuid: `m-${n}`,
  Kind: 'ADMINISTERED',
  ActivityBq: 2e9,
  MovedAt: '2026-11-20 09:00:00',
  Portion: 2e9 / whole(3600),
  Applications: 1,
  ContainerUuid: null,
  Recipient: null,
  Justification: null,
  MovedBy: 'ada',
  LineUuid: `line-${n}`,
  CorrectedBy: null,
  ...over,
});

/** 10 GBq of F-18 certified at 08:00 UTC, received at 08:05. */
export const item = (movements: Movement[] = [], over: Partial<MaterialItem> = {}): MaterialItem => ({
  Client: 'c',
  Facility: 'f',
  Uuid: 'item-1',
  Version: 1 + movements.length,
  CreatedAt: '2026-11-20 08:05:00',
  UpdatedAt: '2026-11-20 08:05:00',
  Kind: 'CYCLOTRON_PRODUCT',
  Nuclide: 'F-18',
  ActivityBq: 1e10,
  ActivityDateTime: '2026-11-20 08:00:00',
  ReceivedAt: '2026-11-20 08:05:00',
  ReceivedBy: 'ada',
  Supplier: 'Cyclotron GmbH',
  Batch: 'F-2611',
  ChemicalForm: 'FDG',
  Impurities: [],
  CertificateDocumentUuid: null,
  ParentUuid: null,
  LicenceUuid: 'licence-1',
  LicenceExceeded: null,
  LineUuid: 'line-0',
  Movements: movements,
  State: 'IN_STOCK',
  ...over,
});
