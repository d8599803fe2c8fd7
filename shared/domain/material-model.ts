/**
 * The book's items and movements as the API shows them (MaterialModel, MaterialMovementModel): the item as received,
 * who received it and what is left of it at a moment; a movement with who made it. Pure: no AWS, no HTTP.
 */
import {
  type LicenceExceeded,
  type MaterialItem,
  type MaterialKind,
  type MaterialState,
  type Movement,
  type MovementKind,
  remainingAt,
  shownRemainder,
} from './material';

/** MaterialModel: the item as received, who received it, what is left of it now. */
export interface MaterialModel {
  Uuid: string;
  Kind: MaterialKind;
  Nuclide: string;
  ActivityBq: number;
  ActivityDateTime: string;
  ReceivedAt: string;
  ReceivedBy: string;
  ReceivedByName: string | null;
  Supplier: string | null;
  Batch: string | null;
  ChemicalForm: string | null;
  Impurities: { Nuclide: string; Fraction: number }[] | null;
  CertificateDocumentUuid: string | null;
  ParentUuid: string | null;
  LicenceUuid: string | null;
  LicenceExceeded: LicenceExceeded | null;
  LineUuid: string;
  /** In store at RemainingAt, Bq (its nuclide; impurities go with it). */
  RemainingBq: number;
  RemainingAt: string;
  State: MaterialState;
  CreatedAt: string;
  UpdatedAt: string;
}

export const MATERIAL_FIELDS = [
  'Uuid',
  'Kind',
  'Nuclide',
  'ActivityBq',
  'ActivityDateTime',
  'ReceivedAt',
  'ReceivedBy',
  'ReceivedByName',
  'Supplier',
  'Batch',
  'ChemicalForm',
  'Impurities',
  'CertificateDocumentUuid',
  'ParentUuid',
  'LicenceUuid',
  'LicenceExceeded',
  'LineUuid',
  'RemainingBq',
  'RemainingAt',
  'State',
  'CreatedAt',
  'UpdatedAt',
] as const satisfies readonly (keyof MaterialModel)[];

/** The item as the API shows it at `at` (its remainder then). */
export function toMaterialModel(item: MaterialItem, names: ReadonlyMap<string, string>, at: string): MaterialModel {
  return {
    Uuid: item.Uuid,
    Kind: item.Kind,
    Nuclide: item.Nuclide,
    ActivityBq: item.ActivityBq,
    ActivityDateTime: item.ActivityDateTime,
    ReceivedAt: item.ReceivedAt,
    ReceivedBy: item.ReceivedBy,
    ReceivedByName: names.get(item.ReceivedBy) ?? null,
    Supplier: item.Supplier,
    Batch: item.Batch,
    ChemicalForm: item.ChemicalForm,
    Impurities: item.Impurities,
    CertificateDocumentUuid: item.CertificateDocumentUuid,
    ParentUuid: item.ParentUuid,
    LicenceUuid: item.LicenceUuid,
    LicenceExceeded: item.LicenceExceeded,
    LineUuid: item.LineUuid,
    RemainingBq: item.State === 'USED_UP' ? 0 : shownRemainder(remainingAt(item, at)),
    RemainingAt: at,
    State: item.State,
    CreatedAt: item.CreatedAt,
    UpdatedAt: item.UpdatedAt,
  };
}

/** MaterialMovementModel. */
export interface MovementModel {
  Uuid: string;
  MaterialUuid: string;
  Kind: MovementKind;
  ActivityBq: number;
  MovedAt: string;
  Applications: number | null;
  ContainerUuid: string | null;
  Recipient: string | null;
  Justification: string | null;
  MovedBy: string;
  MovedByName: string | null;
  LineUuid: string;
  CorrectedBy: string | null;
}

export const MOVEMENT_FIELDS = [
  'Uuid',
  'MaterialUuid',
  'Kind',
  'ActivityBq',
  'MovedAt',
  'Applications',
  'ContainerUuid',
  'Recipient',
  'Justification',
  'MovedBy',
  'MovedByName',
  'LineUuid',
  'CorrectedBy',
] as const satisfies readonly (keyof MovementModel)[];

export const toMovementModel = (
  item: Pick<MaterialItem, 'Uuid'>,
  m: Movement,
  names: ReadonlyMap<string, string>,
): MovementModel => ({
  Uuid: m.Uuid,
  MaterialUuid: item.Uuid,
  Kind: m.Kind,
  ActivityBq: m.ActivityBq,
  MovedAt: m.MovedAt,
  Applications: m.Applications,
  ContainerUuid: m.ContainerUuid,
  Recipient: m.Recipient,
  Justification: m.Justification,
  MovedBy: m.MovedBy,
  MovedByName: names.get(m.MovedBy) ?? null,
  LineUuid: m.LineUuid,
  CorrectedBy: m.CorrectedBy,
});
