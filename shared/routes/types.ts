/** The shape of a route table entry (see shared/routes/index.ts). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type AuthKind = 'public' | 'token' | 'operator';
export type DataAccess = 'none' | 'read' | 'write';
/** What a function does with document files: `read` presigns downloads, `write` presigns uploads too. */
export type FileAccess = 'none' | 'read' | 'write';

export interface Route {
  /** Interface operation name (`container.load`); routes of one handler entry share it. */
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly auth: AuthKind;
  readonly data: DataAccess;
  readonly files: FileAccess;
}


/** The name of the greedy path variable of a trailing-slash twin (see gatewayPathsOf). */
export const GREEDY = 'proxy';
