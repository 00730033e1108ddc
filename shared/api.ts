// The API envelope. Every response body is { message, data? , errors? }; the console's client wraps it
// as { responseCode, success, data: <body>, message } (spec section 7), so callers read data.data.
import type * as z from 'zod/mini';
import type { authDataRecord, userDetailsRecord } from './account/records';

export const API_PREFIX = '/api';

export interface ApiBody<T = unknown> {
  message: string;
  data?: T;
  /** Field name -> first validation message, on 400s from validation. */
  errors?: Record<string, string>;
}

/** One page of a list (the reply schemas build it with pageOf, shared/common/schemas.ts). */
export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page; absent on the last page. */
  nextCursor?: string;
}

// The account records are the types of their reply schemas (shared/<domain>/records.ts: one source;
// imported as types only, so no schema reaches a bundle).
export type UserDetails = z.output<typeof userDetailsRecord>;

export type AuthData = z.output<typeof authDataRecord>;

/** Flags the sign-up flow of spec section 4 reads from auth responses. */
export type AuthFlags = Pick<AuthData, 'loginVerified' | 'isEmailVerified' | 'hasAddedBasicDetails' | 'hasAddedOrg' | 'isAlreadyRegistered'>;
