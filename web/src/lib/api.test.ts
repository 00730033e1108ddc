import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { QueryOf, ReplyOf } from '#shared/api-contract';
import { EARLY_GET_KEY } from '#shared/public-pages';
import { api, ApiError, failureText, queryString, request, setUnauthorizedHandler, type ApiResult, type ReplyAt } from './api';
import { saveRegistrationToken, saveToken } from './session';
import { useApi } from './swr';

function stubFetch(response: Response | Error) {
  const fn = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response.clone())));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => setUnauthorizedHandler(undefined));

describe('api client (spec section 7)', () => {
  // Compile-time checks (tsc reads them; at run time the calls are never made): a call's method and
  // path give its reply's and body's types from shared/api-contract.ts, and a wrong one does not compile.
  it('types a call by its method and path', () => {
    const id = 'b1';
    const calls = () => {
      expectTypeOf(api.get(`/bookings/booking/${id}`)).resolves.toEqualTypeOf<ApiResult<ReplyOf<'GET /bookings/booking/{id}'>>>();
      // A literal row wins over a {param} row; a query string is ignored.
      expectTypeOf<ReplyAt<'GET', '/appointments/assignees'>>().toEqualTypeOf<ReplyOf<'GET /appointments/assignees'>>();
      expectTypeOf<ReplyAt<'GET', `/appointments/${string}`>>().toEqualTypeOf<ReplyOf<'GET /appointments/{id}'>>();
      expectTypeOf<ReplyAt<'GET', `/logs?limit=25&cursor=${string}`>>().toEqualTypeOf<ReplyOf<'GET /logs'>>();
      // @ts-expect-error a query is `query`, never written into the path
      void api.get('/logs?limit=25');
      expectTypeOf<ReplyOf<'GET /bookings/booking/{id}'>>().toHaveProperty('packageName');
      // @ts-expect-error no route takes this path
      void api.get('/no/such/path');
      // @ts-expect-error GET /users/profile is not a POST
      void api.post('/users/profile');
      // @ts-expect-error the body's schema has no field `bad`
      void api.post('/users/login', { email: 'a@b.co', password: 'x', bad: 1 });
    };
    expect(calls).toBeTypeOf('function');
  });

  // Compile-time checks as above: a call's query is typed by its route's query schema (QueryOf), so a
  // misspelt key or a value of the wrong type does not compile, for api.* and useApi alike.
  it("types a call's query by its route", () => {
    // A hook's name: it calls useApi (never at run time).
    const useCalls = () => {
      // What the schema reads as a number or a boolean is given as one; other values as its input.
      expectTypeOf<QueryOf<'GET /notifications'>>().toEqualTypeOf<{ limit?: number; cursor?: string; before?: string; unread?: boolean }>();
      expectTypeOf<QueryOf<'GET /calendar'>>().toEqualTypeOf<{ start: string; end: string; kinds?: string; assignee?: string; practitionerId?: string }>();
      expectTypeOf<QueryOf<'GET /dashboard'>>().toBeNever();
      void api.get('/logs', { query: { from: '2025-01-31', module: 'Members', limit: 25 } });
      void api.get('/bookings', { query: { status: 'confirmed', order: 'asc', limit: 10 } });
      void api.delete('/services/s1', { query: { version: 3 } });
      useApi('/reports', { query: { from: '2025-01-01', to: '2025-01-31' }, keepPreviousData: true });
      useApi(Math.random() > 0.5 ? '/calendar' : null, { query: { start: '2025-01-01', end: '2025-01-08' } });
      // @ts-expect-error a misspelt key: GET /logs has `from`, not `form`
      void api.get('/logs', { query: { form: '2025-01-31' } });
      // @ts-expect-error a value of the wrong type: `limit` is a number
      void api.get('/logs', { query: { limit: 'all' } });
      // @ts-expect-error `status` is one of the booking statuses
      void api.get('/bookings', { query: { status: 'paid' } });
      // @ts-expect-error GET /dashboard takes no query
      void api.get('/dashboard', { query: { from: '2025-01-31' } });
      // @ts-expect-error GET /calendar needs its start and end
      void api.get('/calendar');
      // @ts-expect-error its `end` is missing
      void api.get('/calendar', { query: { start: '2025-01-01' } });
      // @ts-expect-error no write route takes a query
      void api.post('/users/login', { email: 'a@b.co', password: 'x' }, { query: { a: 1 } });
      // @ts-expect-error useApi's query is typed the same way: `from` is a date text
      useApi('/reports', { query: { from: 20250101 } });
      // @ts-expect-error and a misspelt key
      useApi('/reports', { query: { form: '2025-01-01' } });
    };
    expect(useCalls).toBeTypeOf('function');
  });

  it('encodes a query in one place: URLSearchParams, undefined, null and empty left out, false kept', () => {
    expect(queryString({ search: 'Ann Lee', limit: 25, unread: false, active: true, to: undefined, from: null, module: '', q: 'a&b=c/é' })).toBe(
      '?search=Ann+Lee&limit=25&unread=false&active=true&q=a%26b%3Dc%2F%C3%A9',
    );
    expect(queryString({ from: undefined, to: '' })).toBe('');
    expect(queryString(undefined)).toBe('');
  });

  it('sends the query after the path', async () => {
    saveToken('abc');
    const fetchMock = stubFetch(new Response(JSON.stringify({ message: 'OK', data: { items: [] } }), { status: 200 }));
    await api.get('/logs', { query: { module: 'Members', from: '', limit: 25 } });
    await api.delete('/services/s1', { query: { version: 3 } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/logs?module=Members&limit=25', '/api/services/s1?version=3']);
  });

  it("takes a public page's early GET for the same URL and query, however its query was encoded", async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    const early = new Response(JSON.stringify({ message: 'OK', data: { formName: 'Intake' } }), { status: 200 });
    // The page's starter encodes with encodeURIComponent (%20), the client as a form (+).
    const started: Record<string, Promise<Response>> = { '/api/leads/forms/f1?apiKey=pk%20a': Promise.resolve(early) };
    (window as unknown as Record<string, unknown>)[EARLY_GET_KEY] = started;
    try {
      const result = await api.get('/leads/forms/f1', { auth: 'none', query: { apiKey: 'pk a' } });
      expect(result.data).toEqual({ message: 'OK', data: { formName: 'Intake' } });
      expect(fetchMock).not.toHaveBeenCalled();
      // Taken once: the next call fetches.
      expect(started).toEqual({});
      await api.get('/leads/forms/f1', { auth: 'none', query: { apiKey: 'pk a' } });
      expect(fetchMock.mock.calls[0][0]).toBe('/api/leads/forms/f1?apiKey=pk+a');
    } finally {
      delete (window as unknown as Record<string, unknown>)[EARLY_GET_KEY];
    }
  });

  it('returns { responseCode, success, data: body, message } for 2xx and sends the token cookie as a bearer', async () => {
    saveToken('abc');
    const fetchMock = stubFetch(new Response(JSON.stringify({ message: 'OK', data: { n: 1 } }), { status: 200 }));
    const result = await api.get('/dashboard');
    expect(result).toEqual({ responseCode: 200, success: true, data: { message: 'OK', data: { n: 1 } }, message: 'OK' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/dashboard');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer abc');
  });

  it('returns failed responses with a body the same way, with success false', async () => {
    stubFetch(new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }));
    const result = await api.post('/users/login', { email: 'a@b.co', password: 'x' }, { auth: 'none' });
    expect(result).toMatchObject({ responseCode: 401, success: false, message: 'Invalid email or password' });
  });

  it('gives no message for a non-JSON error body (the caller shows its fallback)', async () => {
    stubFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const result = await api.get('/dashboard');
    expect(result).toMatchObject({ responseCode: 502, success: false, message: '' });
  });

  it("treats a gateway's bare status text as no message, and failureText picks the server's message or the fallback", async () => {
    stubFetch(new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 }));
    const bare = await api.get('/users/roles-permissions');
    expect(bare.message).toBe('');
    expect(failureText(bare, 'Failed to fetch roles')).toBe('Failed to fetch roles');
    expect(failureText(new ApiError(bare), 'Failed to fetch roles')).toBe('Failed to fetch roles');
    expect(failureText(new TypeError('Failed to fetch'), 'The forms could not be loaded.')).toBe('The forms could not be loaded.');

    stubFetch(new Response(JSON.stringify({ message: 'The service is busy. Please try again in a moment.' }), { status: 503 }));
    const explained = await api.get('/users/roles-permissions');
    expect(failureText(explained, 'Failed to fetch roles')).toBe('The service is busy. Please try again in a moment.');
    expect(failureText(new ApiError(explained), 'Failed to fetch roles')).toBe('The service is busy. Please try again in a moment.');
  });

  it('rethrows network errors', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/dashboard')).rejects.toThrow('Failed to fetch');
  });

  it('sends the registration token for sign-up steps, JSON bodies, and multipart as is', async () => {
    saveToken('access');
    saveRegistrationToken('reg');
    const fetchMock = stubFetch(new Response(JSON.stringify({ message: 'OK' }), { status: 200 }));
    await request('POST', '/users/add-basic-details', { body: { a: 1 }, auth: 'registration' });
    let init = fetchMock.mock.calls[0][1]!;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer reg');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await request('PATCH', '/users/profile-picture', { form });
    init = fetchMock.mock.calls[1][1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('reports a 401 on a signed-in call (the session ended)', async () => {
    saveToken('expired');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(new Response(JSON.stringify({ message: 'Please sign in again.' }), { status: 401 }));
    await api.get('/users/profile');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    // With the server's reason, for /auth to show.
    expect(onUnauthorized).toHaveBeenCalledWith('Please sign in again.');
  });
});
