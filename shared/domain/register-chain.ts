/**
 * The release register as a book of the chain (shared/domain/chain.ts; StrlSchV § 86 Abs. 2 keeps it 30 years): a
 * line is named by its release's time and container, its locked object lies beside the facility's record PDFs, and
 * each object's PDF hash is checked against the line. Pure: no AWS, no HTTP.
 */
import {
  type Book,
  chained,
  type LineObject as BookLineObject,
  lineKey,
  lineOfObject as bookLineOfObject,
  rebuildPlan as bookRebuildPlan,
  type RebuildPlan as BookRebuildPlan,
  type Verification,
  verifyChain as verifyBook,
  yearFolder,
} from './chain';
import { DOCUMENT_FILES_PREFIX } from './document';
import { regimeOfType } from './regimes';
import { keptUntil } from './release-record';
import { parseTimestamp } from './time';
import {
  LATER_MEMBERS,
  REGISTER_FIELDS,
  type RegisterLine,
  type ReleaseRegisterRow,
  SURVEY_LINE_FIELDS,
} from './release-register';

export { canonicalLine, chainEndFrom, lineSha256 } from './chain';

/** A register line as the register answers it: exactly as hashed, plus its hash. */
export type ChainedLine = RegisterLine;
/** A register line as hashed: every member but its hash. */
export type HashedLine = Omit<RegisterLine, 'LineSha256'>;

type Tenant = { client: string; facility: string };

/** Where a facility's locked line objects lie: beside its record PDFs. */
export const registerPrefix = (tenant: Tenant) =>
  `${DOCUMENT_FILES_PREFIX}${tenant.client}/${tenant.facility}/register/`;

/**
 * The members of a line: all of a German one, those of a line booked before LATER_MEMBERS were added, or those of a
 * disposal after decay-in-storage (the German ones and the survey's).
 */
const LINE_MEMBERS = [
  [...REGISTER_FIELDS].sort().join(),
  REGISTER_FIELDS.filter((f) => !(LATER_MEMBERS as readonly string[]).includes(f))
    .sort()
    .join(),
  [...SURVEY_LINE_FIELDS].sort().join(),
];

/** When a record made at `at` under the regime of `type` may be destroyed: the regime's retention later. */
export const keptUntilFor = (type: string, at: Date): Date => keptUntil(at, regimeOfType(type).retentionYears);

/** The release register as a book: a line is a release, named by its time and container. */
export const RELEASE_REGISTER: Book<RegisterLine> = {
  lineNoun: 'register line',
  timeMember: 'ReleasedAt',
  idMember: 'ContainerUuid',
  folder: registerPrefix,
  keptUntil: (line) => keptUntilFor(line.ReleaseType, parseTimestamp(line.ReleasedAt)!),
  isLine: (value) => LINE_MEMBERS.includes(Object.keys(value).sort().join()),
  attachment: { missing: 'record', mismatch: 'the record PDF does not hash to RecordSha256' },
};

/** Where a line's locked object lies: under the facility's register, by year, named by its time and container. */
export const registerLinePrefix = (tenant: Tenant, year: number) => yearFolder(RELEASE_REGISTER, tenant, year);
export const registerLineKey = (tenant: Tenant, line: Pick<RegisterLine, 'ReleasedAt' | 'ContainerUuid'>) =>
  lineKey(RELEASE_REGISTER, tenant, line as RegisterLine);

/** A row chained after `previous` (a line's hash, or null for the facility's first). */
export const chainLine = (row: ReleaseRegisterRow, previous: string | null, recordSha256: string): ChainedLine =>
  chained<RegisterLine>({ ...row, RecordSha256: recordSha256 }, previous);

/** A line's name in verify's and rebuild's answers. */
type RegisterLineName = { ContainerUuid: string; ReleasedAt: string };

/** What `verifyChain` answers (the verify route's model). */
export interface ChainVerification extends Verification {
  FirstBroken: (RegisterLineName & { Reason: string }) | null;
  Missing: (RegisterLineName & { Missing: 'object' | 'line' | 'record' })[];
}

/** A locked line object as verify reads it: the line, and the SHA-256 of the PDF beside it (undefined: none). */
export interface LineObject {
  line: ChainedLine;
  recordSha256: string | undefined;
}

/**
 * Walks a year's lines in chain order from the line after `before` (the hash of the facility's last line before
 * the year, or null) and checks each: its hash, its link, its locked object (equal, member for member), the PDF's
 * hash. Every line must be reached once: a fork (two lines after one) or a line left over breaks the chain.
 */
export const verifyChain = (
  lines: readonly ChainedLine[],
  before: string | null,
  objects: readonly LineObject[],
): ChainVerification =>
  verifyBook(
    RELEASE_REGISTER,
    lines,
    before,
    objects.map(
      (o): BookLineObject<RegisterLine> => ({
        line: o.line,
        attachment: { present: o.recordSha256 !== undefined, holds: o.recordSha256 === o.line.RecordSha256 },
      }),
    ),
  ) as ChainVerification;

/** A line the rebuild leaves alone and names: the line or object it concerns, and why. */
export type RebuildConflict = RegisterLineName & { Reason: string };

/** What rebuilding a register from its locked objects does: each line's fate (the rebuildReleaseRegister operation). */
export interface RebuildPlan extends BookRebuildPlan<RegisterLine> {
  conflicts: RebuildConflict[];
}

/** The plan for one facility's lines and objects: what the archive holds and the index lacks, and the reverse. */
export const rebuildPlan = (lines: readonly ChainedLine[], objects: readonly ChainedLine[]): RebuildPlan =>
  bookRebuildPlan(RELEASE_REGISTER, lines, objects) as RebuildPlan;

/**
 * A locked object read back as a register line: exactly the register's members, lying under its own key (so a
 * restored line is keyed as its release keyed it); else a conflict named after its key.
 */
export const lineOfObject = (tenant: Tenant, key: string, text: string) =>
  bookLineOfObject(RELEASE_REGISTER, tenant, key, text) as { line: ChainedLine } | { conflict: RebuildConflict };
