/**
 * @nm-archive/client: a typed client of the nm-archive API, generated from its OpenAPI document (README.md).
 */
export { createClient, type ClientOptions } from './client.js';
export { ApiError, type ApiErrorOf, type ErrorNotifications, type ErrorStatus, type GatewayStatus } from './errors.js';
export { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
export { OPERATIONS } from './operations.js';
export type {
  Answer,
  Body,
  CallOptions,
  Client,
  CollectionConfiguration,
  Data,
  Item,
  Media,
  Method,
  Notification,
  Notifications,
  OperationId,
  PageOptions,
  PageParams,
  Paginated,
  Params,
  Schemas,
} from './types.js';
export type { components, operations, paths } from './openapi.js';
