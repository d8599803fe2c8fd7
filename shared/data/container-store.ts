/**
 * The container store's port: what the container, release and sweep services ask of it (shared/data/containers.ts is
 * its DynamoDB adapter, test/support/memory/containers.ts its in-memory one).
 */
import type { ClearanceNotice } from '../domain/clearance-notice';
import type { AuditAction, FieldChange } from '../domain/container-audit';
import type { ContentLink } from '../domain/container-contents';
import type { ContainerRecord } from '../domain/container-fields';
import type { ContainerView } from '../domain/container-model';
import type { DocumentRecord } from '../domain/document';
import type { MaterialItem } from '../domain/material';
import type { RegisterLine } from '../domain/release-register';
import type { BookWrite } from './material-book';
import type { Actor } from './persons';
import type { Tenant } from './table';

/** Who made a write, when, and under which request: for the audit entry and the directory. */
export interface WriteContext {
  actor: Actor;
  at: string;
  requestId: string;
}

/** One line of an audit entry: a container field, or `Contents` / `ReleaseAssessment`. */
export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** An audit entry as the history lists it. */
export interface AuditEntry {
  at: string;
  actor: string;
  requestId: string;
  action: AuditAction;
  changes: AuditChange[];
}

/** The writer of the service's own changes (the release sweep); it has no directory entry. */
export const SERVICE_ACTOR: Actor = { sub: 'service', name: 'Service' };

/** A container due for release, as the sweep index lists it. */
export interface DueContainer {
  tenant: Tenant;
  uuid: string;
}

/**
 * What a release writes beside the container, in the same transaction: its record document, its register line, and
 * the citation of its clearance notice (which keeps the notice's types, forms, limits and dates from changing).
 */
export interface ReleaseWrite {
  document: DocumentRecord;
  /** The register line, chained after `previous` (the head the release read). */
  line: RegisterLine;
  previous: string | null;
  /** The notice the release cites; null under a regime without notices (decay-in-storage). */
  notice: Pick<ClearanceNotice, 'Uuid' | 'Version'> | null;
}

/**
 * What a container's write books in the material book in the same transaction: items' next versions (their
 * movements) and the line, chained after the head it read (shared/services/container-book.ts).
 */
export interface BookExtras {
  items: { previous: MaterialItem; next: MaterialItem }[];
  book: BookWrite | null;
  /** The container's contents drawn from the book after the write (its summary the stock reads; none: removed). */
  held: ContentLink[];
}

/** A container whose material has not left the facility, with its contents drawn from the book. */
export interface HoldingContainer {
  container: string;
  links: ContentLink[];
}

/** The port the container service uses. */
export interface ContainerStore {
  load(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<ContainerView | undefined>;
  names(client: string, ids: readonly string[], options?: { consistent?: boolean }): Promise<Map<string, string>>;
  create(record: ContainerRecord, changes: FieldChange[], write: WriteContext): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(
    previous: ContainerRecord,
    next: ContainerRecord,
    changes: AuditChange[],
    write: WriteContext,
    transition?: { kind: 'DISPATCH' | 'DISPOSE'; id: string },
    release?: ReleaseWrite,
    /** Where the container's material from the book went (released, dispatched). */
    book?: BookWrite,
  ): Promise<void>;
  /**
   * Removes the container (with its audit entry, atomically), then its content links in batches;
   * fails with ConditionFailedError if it changed.
   */
  remove(view: ContainerView, changes: FieldChange[], write: WriteContext): Promise<void>;
  /** Records that a container holds a product or eluate (written by imports and tests). */
  link(tenant: Tenant, uuid: string, link: ContentLink): Promise<void>;
  /** Adds (or removes) a content and moves the container to `next`, audited; ConditionFailedError if it changed. */
  addContent(
    previous: ContainerRecord,
    next: ContainerRecord,
    content: ContentLink,
    write: WriteContext,
    book?: BookExtras,
  ): Promise<void>;
  removeContent(
    previous: ContainerRecord,
    next: ContainerRecord,
    content: ContentLink,
    write: WriteContext,
    book?: BookExtras,
  ): Promise<void>;
  /**
   * The facility's containers holding material of the book that has not left it (not released or dispatched), with
   * those contents.
   */
  holding(tenant: Tenant): Promise<HoldingContainer[]>;
  /** A container's audit entries, newest first. */
  history(tenant: Tenant, uuid: string): Promise<AuditEntry[]>;
  /** Containers in DECAY whose ReleaseDateTime is at or before `at`, from the sparse release index. */
  dueForRelease(at: string): Promise<DueContainer[]>;
}
