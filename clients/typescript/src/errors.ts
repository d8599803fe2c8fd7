/** The one error a call throws for an answer that is not its success: the status and the Notifications, typed. */
import type { operations } from './openapi.js';
import type { OPERATIONS } from './operations.js';
import type { Notifications, OperationId } from './types.js';

type Responses<I extends OperationId> = operations[I]['responses'];
/** The error statuses the document lists for an operation. */
export type ErrorStatus<I extends OperationId> = Exclude<keyof Responses<I>, (typeof OPERATIONS)[I]['success']> &
  number;
/**
 * What API Gateway answers for any operation (no route 404, a body over its limit 413, its throttling 429, headers
 * over its limit 431), with the same Notifications body.
 */
export type GatewayStatus = 404 | 413 | 429 | 431;

/** The Notifications of an error answer: for a documented status, its `Message` and `Code` are the ones it lists. */
export type ErrorNotifications<I extends OperationId, S extends number> = S extends keyof Responses<I>
  ? Responses<I>[S] extends { content: { 'application/json': { Notifications: infer N } } }
    ? N
    : Notifications
  : Notifications;

export class ApiError<I extends OperationId = OperationId, S extends number = number> extends Error {
  override readonly name = 'ApiError';
  readonly operation: I;
  readonly status: S;
  /** The answer's Notifications: one Error notification (empty when the answer held none, a proxy's page). */
  readonly notifications: ErrorNotifications<I, S>;
  readonly headers: Headers;
  /** The write's Idempotency-Key: the same key again is the same write. */
  readonly idempotencyKey: string | undefined;

  constructor(
    operation: I,
    status: S,
    notifications: ErrorNotifications<I, S>,
    headers: Headers,
    idempotencyKey?: string,
  ) {
    const first = (notifications as Notifications)[0];
    super(
      `${operation} answered ${status}` +
        (first ? `: ${first.Message} (${first.LocalizedMessage})${first.Details.map((d) => `; ${d}`).join('')}` : ''),
    );
    this.operation = operation;
    this.status = status;
    this.notifications = notifications;
    this.headers = headers;
    this.idempotencyKey = idempotencyKey;
  }

  /**
   * Whether `error` is an ApiError of `operation` (of any operation without one); narrowed, its `status` tells which
   * of the operation's documented errors it is, and with it the type of its `notifications`.
   */
  static is<I extends OperationId = OperationId>(error: unknown, operation?: I): error is ApiErrorOf<I> {
    return error instanceof ApiError && (operation === undefined || error.operation === operation);
  }
}

/** The errors an operation may throw, one per status: `if (error.status === 412) ...` narrows the notifications. */
export type ApiErrorOf<I extends OperationId> = {
  [S in ErrorStatus<I> | GatewayStatus]: ApiError<I, S>;
}[ErrorStatus<I> | GatewayStatus];
