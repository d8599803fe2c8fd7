/**
 * What each operation takes and answers, derived from the types openapi-typescript generates (openapi.ts) and the
 * operation table (operations.ts), both written by `npm run openapi` from the OpenAPI document.
 */
import type { components, operations } from './openapi.js';
import type { OPERATIONS } from './operations.js';

type Table = typeof OPERATIONS;
/** An operation of the API, by its operationId in the OpenAPI document (`container.create`). */
export type OperationId = keyof Table & keyof operations;
type Operation<I extends OperationId> = operations[I];

/** The models of the API by name (`Schemas['ContainerModel']`). */
export type Schemas = components['schemas'];
export type Notification = Schemas['Notification'];
export type Notifications = Schemas['Notifications'];
export type CollectionConfiguration = Schemas['CollectionConfiguration'];

type ParametersOf<I extends OperationId> = Operation<I> extends { parameters: infer P } ? P : unknown;
type ParametersIn<I extends OperationId, Where extends string> =
  ParametersOf<I> extends { [K in Where]?: infer P } ? NonNullable<P> : unknown;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The path and query parameters of an operation, in one object (`{ clientUuid, facilityUuid, uuid }`). */
export type Params<I extends OperationId> = NoneIfEmpty<Simplify<ParametersIn<I, 'path'> & ParametersIn<I, 'query'>>>;
/** An operation without parameters takes none: `{}`, where a misspelt one would pass unnoticed, takes any. */
type NoneIfEmpty<T> = [keyof T] extends [never] ? Record<string, never> : T;

/** The JSON body an operation takes. */
export type Body<I extends OperationId> =
  Operation<I> extends { requestBody?: infer B }
    ? NonNullable<B> extends { content: { 'application/json': infer J } }
      ? J
      : never
    : never;

type Success<I extends OperationId> = Operation<I>['responses'][Table[I]['success'] & keyof Operation<I>['responses']];
type SuccessContent<I extends OperationId> = Success<I> extends { content: infer C } ? C : never;
/** The media types an operation answers (`application/json`, `text/csv`). */
export type Media<I extends OperationId> = keyof SuccessContent<I> & string;
/** What an operation answers unless asked for another media type: JSON where it has it. */
export type DefaultMedia<I extends OperationId> = 'application/json' extends Media<I> ? 'application/json' : Media<I>;
type Content<I extends OperationId, M extends Media<I>> = SuccessContent<I>[M & keyof SuccessContent<I>];

/**
 * The answer unwrapped: the envelope's one model (`ContainerModel`), a listing's items (`DocumentModelCollection`),
 * else the answer's members but Notifications; a text answer as its text.
 */
export type Data<I extends OperationId, M extends Media<I> = DefaultMedia<I>> = M extends 'application/json'
  ? Table[I]['member'] extends keyof Content<I, M>
    ? Content<I, M>[Table[I]['member']]
    : Table[I]['notifications'] extends true
      ? Simplify<Omit<Content<I, M>, 'Notifications'>>
      : Content<I, M>
  : Content<I, M>;

/** What a call answers: the unwrapped data, the Notifications kept beside it, and what the headers carry. */
export type Answer<I extends OperationId, M extends Media<I> = DefaultMedia<I>> = {
  data: Data<I, M>;
  /** The answer's Notifications (Success, Info, Warning): empty for a text answer. */
  notifications: Notifications;
  status: number;
  headers: Headers;
} & (M extends 'application/json' ? (Table[I]['collection'] extends true ? WithCollection : unknown) : unknown) &
  (Table[I]['etag'] extends true ? WithETag : unknown) &
  (Table[I]['idempotencyKey'] extends true ? WithIdempotencyKey : unknown);

interface WithCollection {
  /** Where this page lies in the listing. */
  collection: CollectionConfiguration;
}
interface WithETag {
  /** The item's version: send it as `ifMatch` to update only that version. */
  etag: string;
}
interface WithIdempotencyKey {
  /** The key the write went with (generated unless given): the same key again answers this answer again. */
  idempotencyKey: string;
}

/** What a call may add to its parameters and body. */
export type CallOptions<I extends OperationId, M extends Media<I> = DefaultMedia<I>> = {
  /** `Accept-Language` (`de`, `en`): the language of LocalizedMessage and Details; the client's own by default. */
  language?: string;
  /** Headers of its own (a trace id); those the options above set win where they name the same one. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & ([Media<I>] extends [DefaultMedia<I>] ? unknown : AcceptOption<M>) &
  (Table[I]['ifMatch'] extends true ? IfMatchOption : unknown) &
  (Table[I]['idempotencyKey'] extends true ? IdempotencyKeyOption : unknown);

interface AcceptOption<M> {
  /** The media type to answer in (`text/csv`). */
  accept?: M;
}
interface IfMatchOption {
  /** The ETag of the version loaded: the update applies only to it (else 412). */
  ifMatch?: string;
}
interface IdempotencyKeyOption {
  /** The write's Idempotency-Key; one is generated when none is given, and kept through the retries. */
  idempotencyKey?: string;
}

type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
type ParamsArgument<I extends OperationId> = [RequiredKeys<Params<I>>] extends [never]
  ? [params?: Params<I>]
  : [params: Params<I>];

/** An operation's arguments: its parameters, its body if it takes one, its options. */
export type Arguments<I extends OperationId, M extends Media<I>> = Table[I]['body'] extends 'none'
  ? [...ParamsArgument<I>, options?: CallOptions<I, M>]
  : [params: Params<I>, body: Body<I>, options?: CallOptions<I, M>];

/** An operation of the client: call it with its parameters (and body); it answers the unwrapped answer or throws. */
export type Method<I extends OperationId> = <M extends Media<I> = DefaultMedia<I>>(
  ...args: Arguments<I, M>
) => Promise<Answer<I, M>>;

/** A listing's item. */
export type Item<I extends OperationId> = Data<I> extends readonly (infer T)[] ? T : never;
/** A paginated listing's parameters but its page. */
export type PageParams<I extends OperationId> = Simplify<Omit<Params<I>, 'page'>>;
/** The options of a walk over the pages: a call's, and the page to start at (1 unless given). */
export type PageOptions<I extends OperationId> = CallOptions<I> & { from?: number };

/** The iterators of a paginated listing: every page in order, or every item of every page. */
export interface Paginated<I extends OperationId> {
  pages(params: PageParams<I>, options?: PageOptions<I>): AsyncGenerator<Answer<I>, void, undefined>;
  items(params: PageParams<I>, options?: PageOptions<I>): AsyncGenerator<Item<I>, void, undefined>;
}

type Head<S extends string> = S extends `${infer H}.${string}` ? H : S;
type ChildrenOf<P extends string> = OperationId extends infer I
  ? I extends `${P}.${infer Rest}`
    ? Head<Rest>
    : never
  : never;
type Roots = OperationId extends infer I ? (I extends string ? Head<I> : never) : never;

/** A node of the client: an operation (with its iterators when it is a paginated listing) and the ones below it. */
export type Node<P extends string> = (P extends OperationId
  ? Method<P> & (Table[P]['paginated'] extends true ? Paginated<P> : unknown)
  : unknown) & { readonly [K in ChildrenOf<P>]: Node<`${P}.${K}`> };

/** The client: every operation under its operationId's segments (`api.container.create`, `api.document.page.page`). */
export type Client = { readonly [K in Roots]: Node<K> };
