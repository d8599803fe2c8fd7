/** The typed client (clients/typescript/) on the local runtime, every answer checked against the document. */
import { expect } from 'vitest';
import { createClient, type ClientOptions } from '../../clients/typescript/src/index';
import { checkedFetch, runtime } from './api';

export const apiClient = (token: ClientOptions['token'], options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: runtime().apiUrl, token, fetch: checkedFetch, ...options });

/** A nested part of what a value holds: `expect(value).toMatchObject(expected)` with members typed by the value's. */
export type Expected<T> = T extends readonly (infer E)[]
  ? readonly Expected<E>[]
  : T extends object
    ? { [K in keyof T]?: Expected<T[K]> }
    : T;

/** `expect(value).toMatchObject(expected)`, where a member the value's type does not have fails tsc. */
export const expectMatch = <T>(value: T, expected: Expected<T>) => expect(value).toMatchObject(expected as object);
