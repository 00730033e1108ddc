// The one API client (spec section 7). Every call resolves to { responseCode, success, data, message }:
// data is the whole response body (callers read data.data), success is true for HTTP 2xx, and a failed
// response with a body comes back the same way with success false. Only network failures (no response
// at all) are thrown. There is no timeout.
// Typed from the API's contract (shared/api-contract.ts, the handlers' own schemas): a call's method
// and path give its reply's type (`(await api.get(`/bookings/booking/${id}`)).data.data` is a
// BookingView), its body's and its query's (`api.get('/logs', { query: { from, limit: 25 } })`); a path
// no route takes, a body its schema refuses, or a query key or value it does not take does not compile.
// A query is encoded in one place (queryString), never written into the path.
// Only types are imported from the contract: the schemas stay out of the public pages' bundles.
import { API_PREFIX, type ApiBody } from '#shared/api';
import type { ApiMethod, BodyOf, OperationAt, PathOf, QueryOf, ReplyOf } from '#shared/api-contract';
import { EARLY_GET_KEY } from '#shared/public-pages';
import { getRegistrationToken, getToken } from './session';

export interface ApiResult<T = unknown> {
  responseCode: number;
  success: boolean;
  data: ApiBody<T>;
  message: string;
}

/** Which credential a call sends: the signed-in token (default), the sign-up registration token, or none. */
export type Credential = 'token' | 'registration' | 'none';

export interface RequestOptions {
  body?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  auth?: Credential;
  signal?: AbortSignal;
  /** The Idempotency-Key header of a public write (lib/idempotency.ts): the same key for every retry. */
  idempotencyKey?: string;
  /** A call the console makes on its own (polling): it does not count as the member's activity. */
  background?: boolean;
  /** More headers: the x-challenge of a public write (lib/challenge.tsx). */
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let onUnauthorized: ((message: string) => void) | undefined;

/**
 * Called when a call made with the signed-in token answers 401 (expired, ended or idle session), with
 * the server's words for why ('' when it gave none).
 */
export function setUnauthorizedHandler(handler: ((message: string) => void) | undefined): void {
  onUnauthorized = handler;
}

/**
 * A public page's opening GET, started by its HTML before this code ran (shared/public-pages.ts
 * earlyGet): taken once, by the first call for the same URL. Its query is compared decoded: the
 * page's starter encodes with encodeURIComponent, queryString as a form ('+' for a space).
 */
function earlyAnswer(method: Method, url: string, auth: string): Promise<Response> | undefined {
  if (method !== 'GET' || auth !== 'none' || typeof window === 'undefined') return undefined;
  const started = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[EARLY_GET_KEY];
  const wanted = sameQuery(`${API_PREFIX}${url}`);
  const key = Object.keys(started ?? {}).find((u) => sameQuery(u) === wanted);
  if (key === undefined) return undefined;
  const answer = started![key];
  delete started![key];
  return answer;
}

const sameQuery = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?${new URLSearchParams(url.slice(at + 1))}`;
};

/** A query's values: a number or a boolean is sent as its text. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/**
 * The one place a query is encoded: the values given, in their order. undefined, null and '' are no
 * value and left out (an empty filter, a search not typed yet: the schemas would refuse `?from=`);
 * false is a value ('false'). Typed by the caller (the client's `query`, QueryAt).
 */
export function searchParams(query: object | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as QueryValues)) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  return params;
}

/** What follows a path for a query: `?` and its values (searchParams), or '' when none is set. */
export function queryString(query: object | undefined): string {
  const text = searchParams(query).toString();
  return text ? `?${text}` : '';
}

export const isSuccess = (status: number) => status >= 200 && status <= 299;

/** `query`: the values of the query string (queryString encodes them). */
export async function request<T = unknown>(method: Method, path: string, options: RequestOptions & { query?: object } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const auth = options.auth ?? 'token';
  const credential = auth === 'token' ? getToken() : auth === 'registration' ? getRegistrationToken() : undefined;
  if (credential) headers.authorization = `Bearer ${credential}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.background) headers['x-background-request'] = 'true';

  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = `${path}${queryString(options.query)}`;
  const response = await (earlyAnswer(method, url, auth) ?? fetch(`${API_PREFIX}${url}`, { method, headers, body, signal: options.signal }));
  const text = await response.text();
  let parsed: ApiBody<T>;
  try {
    parsed = text ? (JSON.parse(text) as ApiBody<T>) : { message: '' };
  } catch {
    parsed = { message: '' };
  }
  if (typeof parsed !== 'object' || parsed === null) parsed = { message: '' };
  const message = serverMessage(parsed);
  if (response.status === 401 && auth === 'token' && credential) onUnauthorized?.(message);
  return { responseCode: response.status, success: isSuccess(response.status), data: parsed, message };
}

// What a gateway or proxy answers when our handler did not: a status text, not an explanation.
const STATUS_TEXTS = new Set(['Internal Server Error', 'Service Unavailable', 'Bad Gateway', 'Gateway Timeout', 'Endpoint request timed out', 'Forbidden', 'Not Found', 'Too Many Requests']);

/** The server's own message: the `message` of a JSON body. Empty for none, a non-JSON body or a bare status text. */
function serverMessage(body: { message?: unknown }): string {
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  return STATUS_TEXTS.has(message) ? '' : message;
}

/**
 * The one place that words a failure for the screen: the server's message when it gave one, else the
 * caller's fallback (the spec's text where it has one, e.g. 'Failed to fetch roles'). Takes a failed
 * ApiResult, an ApiError (swr) or anything thrown (an unreachable server: the fallback).
 */
export function failureText(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError) return failure.result.message || fallback;
  if (failure && typeof failure === 'object' && 'responseCode' in failure && 'message' in failure) return (failure as ApiResult).message || fallback;
  return fallback;
}

/** What a call of this method and path answers in `data` (its route's reply schema's output). */
export type ReplyAt<M extends ApiMethod, P extends string> = ReplyOf<OperationAt<M, P>>;
/** The JSON body a call of this method and path may send (its route's body schema's input). */
export type BodyAt<M extends ApiMethod, P extends string> = BodyOf<OperationAt<M, P>>;
/** The query a call of this method and path takes (QueryOf its route); never when it takes none. */
export type QueryAt<M extends ApiMethod, P extends string> = QueryOf<OperationAt<M, P>>;
/** What the swr fetcher resolves to for a key: the GET's reply. */
export type Fetched<P extends string> = ReplyAt<'GET', P>;

/**
 * A call's options with its query: none for a route without one, required when the route's query has
 * a required value (GET /calendar's start and end), else optional.
 */
export type CallOptions<Q> = [Q] extends [never]
  ? [options?: RequestOptions & { query?: never }]
  : object extends Q
    ? [options?: RequestOptions & { query?: Q }]
    : [options: RequestOptions & { query: Q }];

// A path is a literal or a template (`/bookings/booking/${id}`), without a query string (that is
// `query`); a key helper returns it `as const` so its template type (not `string`) reaches the call.
// No write route takes a query, so post/put/patch have none.
export const api = {
  get: <P extends PathOf<'GET'>>(path: P, ...[options]: CallOptions<QueryAt<'GET', P>>) => request<ReplyAt<'GET', P>>('GET', path, options),
  post: <P extends PathOf<'POST'>>(path: P, body?: BodyAt<'POST', P>, options?: RequestOptions) => request<ReplyAt<'POST', P>>('POST', path, { ...options, body }),
  put: <P extends PathOf<'PUT'>>(path: P, body?: BodyAt<'PUT', P>, options?: RequestOptions) => request<ReplyAt<'PUT', P>>('PUT', path, { ...options, body }),
  patch: <P extends PathOf<'PATCH'>>(path: P, body?: BodyAt<'PATCH', P>, options?: RequestOptions) => request<ReplyAt<'PATCH', P>>('PATCH', path, { ...options, body }),
  delete: <P extends PathOf<'DELETE'>>(path: P, ...[options]: CallOptions<QueryAt<'DELETE', P>>) => request<ReplyAt<'DELETE', P>>('DELETE', path, options),
};

/** A failed call as an Error, for swr (which expects fetchers to throw). */
export class ApiError extends Error {
  constructor(readonly result: ApiResult) {
    super(result.message);
    this.name = 'ApiError';
  }
  get status() {
    return this.result.responseCode;
  }
}

/**
 * swr fetcher: GET the key (a path and its encoded query, as useApi and usePaged make it),
 * resolve to the body's data, throw ApiError on a failed response.
 */
export async function fetcher<P extends string>(key: P, options?: RequestOptions): Promise<Fetched<P>> {
  const result = await request<Fetched<P>>('GET', key, options);
  if (!result.success) throw new ApiError(result);
  return result.data.data as Fetched<P>;
}

/** swr fetcher for polling: like `fetcher`, but not the member's activity (the idle limit keeps running). */
export const backgroundFetcher = <P extends string>(key: P) => fetcher(key, { background: true });
