/** The shape of a route table entry (see shared/routes/index.ts). */
import type { GenericSchema } from 'valibot';
import type { CrossTenantIndex } from '../data/table';
import type { MessageKey } from '../i18n/messages';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type AuthKind = 'public' | 'token' | 'operator';
export type DataAccess = 'none' | 'read' | 'write';
/** What a function does with document files: `read` presigns downloads, `write` presigns uploads too. */
export type FileAccess = 'none' | 'read' | 'write';
/** Event and step functions also: `read-delete` reads and removes objects, `write-delete` puts them too. */
export type ObjectAccess = FileAccess | 'read-delete' | 'write-delete';

/**
 * A route. What only the OpenAPI document needs (body, parameters, 200 answer: RouteDocs) is
 * declared by operation in shared/openapi/routes-meta.ts, so the route modules, which every
 * function bundles, import no schema.
 */
export interface Route {
  /** Interface operation name (`container.load`); routes of one handler entry share it. */
  readonly operation: string;
  /**
   * What the route does, in words for the OpenAPI document: its first sentence (cut at 80 characters) is the
   * operation's summary, all of it the description.
   */
  readonly summary: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly auth: AuthKind;
  /**
   * What the function does with the table and the document bucket. A route whose path names a client and a facility
   * does it with a session of that tenant (shared/http/tenant.ts); one whose path names none, with the sessions of
   * the tenants it finds in `allTenants`.
   */
  readonly data: DataAccess;
  readonly files: FileAccess;
  /**
   * The cross-tenant index partitions (shared/data/table.ts CROSS_TENANT_INDEXES) the function reads with its own role,
   * the only data it reaches without a tenant's session (docs/security.md).
   */
  readonly allTenants?: CrossTenantIndex;
  /**
   * What the function does with the maintenance operations' executions: `start` one of its own
   * operation's state machine (a `/service/{slug}` route), `read` any (status and history).
   */
  readonly executions?: 'start' | 'read';
  /**
   * What the function does with the release records bucket (S3 Object Lock) beyond presigning downloads (which
   * every function that presents documents does): `read` lists and reads the facility's records (the register's
   * verification), `write` makes release records. Such a function loads its PDF library only when it makes one
   * (installed beside its bundle, infra/bundling.ts). A maintenance step may `read` them (with their retention,
   * listing the bucket) or `write` them back (exportRecords, importRecords).
   */
  readonly records?: 'read' | 'write';
  /**
   * The function renders PDFs (a release record, a report): pdf-lib and fontkit are installed beside its bundle and the
   * record's fonts and colour profile copied there (infra/bundling.ts); it loads them only when it renders one.
   */
  readonly pdf?: true;
  /**
   * Roles of which the token must hold one (after its tenant check): 403 `auth.role_required` otherwise, before
   * anything runs. Without it any holder of the tenant may call the route.
   */
  readonly roles?: readonly string[];
  /**
   * Media types the 200 answer comes in besides JSON, chosen by `Accept` (shared/http/request.ts negotiate; 406 when
   * none fits): `text/csv`, `application/pdf`, `image/svg+xml`.
   */
  readonly alternatives?: readonly ('text/csv' | 'application/pdf' | 'image/svg+xml')[];
  /** A POST whose JSON body may be left out (no body, no Content-Type). */
  readonly optionalBody?: true;
  /**
   * The query parameters the route takes, by name (shared/http/query.ts enforces it before anything runs: any other
   * parameter, one given twice, a flag other than `true`/`false` or a missing required one is 400). Without it the
   * route takes none. The OpenAPI document lists exactly these.
   */
  readonly query?: Readonly<Record<string, QueryParameter>>;
  /**
   * Answers beyond those the method, auth, path, body and query imply (shared/openapi/answers.ts
   * derives those): a status and the messages it carries.
   */
  readonly answers?: Readonly<Partial<Record<number, readonly MessageKey[]>>>;
  /** Headers beyond the common ones: `If-Match` taken, `ETag` answered. */
  readonly headers?: { readonly request?: readonly 'If-Match'[]; readonly response?: readonly 'ETag'[] };
  /**
   * Files the function serves, relative to the repository root (`docs/openapi.json`), copied next to its bundle on
   * AWS; read with `readAsset`.
   */
  readonly assets?: readonly string[];
}

/**
 * A query parameter a route takes. A `flag` is exactly `true` or `false` (the handler gets a boolean); a `text` is a
 * string the handler validates with its schema (the same schema documents it: RouteDocs.query).
 */
export interface QueryParameter {
  readonly kind: 'flag' | 'text';
  readonly required?: boolean;
}
/** The kinds of query parameter, as route modules declare them. */
export const FLAG: QueryParameter = { kind: 'flag' };
export const TEXT: QueryParameter = { kind: 'text' };
export const REQUIRED_TEXT: QueryParameter = { kind: 'text', required: true };

/** What the OpenAPI document says of a route beyond the table, as the handler validates and answers. */
export interface RouteDocs {
  /** The JSON request body (POST, PUT), as the handler validates it. */
  readonly body?: GenericSchema;
  /** Path variables other than identifiers (`...Uuid`) and page numbers, each as the handler takes it. */
  readonly params?: Readonly<Record<string, GenericSchema>>;
  /** The schema of each `text` query parameter the route declares (Route.query), as the handler validates it. */
  readonly query?: Readonly<Record<string, GenericSchema>>;
  /** The 200 answer; without one the document says only that it carries Notifications. */
  readonly reply?: Reply;
}

/**
 * What a route answers with status 200: one item under its model name (plus `extra` members), a
 * collection of items with its CollectionConfiguration, any other JSON object, or a non-JSON file.
 * `Notifications` is part of every JSON answer and need not be named.
 */
export type Reply =
  | { readonly item: string; readonly model: GenericSchema; readonly extra?: Readonly<Record<string, GenericSchema>> }
  | { readonly collection: string; readonly model: GenericSchema }
  | { readonly object: GenericSchema }
  | { readonly media: readonly string[] };

/** The variables of a path template, in order. */
export const pathVariables = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The name of the greedy path variable of a trailing-slash twin (see gatewayPathsOf). */
export const GREEDY = 'proxy';
