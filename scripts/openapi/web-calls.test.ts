// The console's API client checked against the API document: every call the web makes (read from
// web/src by ./web-calls.ts) is an operation of the document, and every JSON body it sends has a type
// the handler's schema accepts (its zod input type), so a renamed path, a dropped row or a body field
// the API no longer takes fails here instead of in a clinic's browser.
import type ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes';
import { buildOpenApiDocument, type OpenApiDocument } from './document';
import { checkBody, collectWebCalls, createProgram, handlerBodyType, type WebCall } from './web-calls';

let doc: OpenApiDocument;
let program: ts.Program;
let calls: WebCall[];

beforeAll(async () => {
  doc = await buildOpenApiDocument();
  program = createProgram([...new Set(ROUTES.map((r) => r.handler))]);
  calls = collectWebCalls(program);
}, 180_000);

/** The document's operation a call reaches: `{param}` of the web is one segment, like `{id}`. */
function operationOf(call: WebCall): string | undefined {
  const segments = call.path!.split('/');
  return Object.keys(doc.paths).find((path) => {
    const parts = path.split('/');
    return parts.length === segments.length && parts.every((p, i) => p === segments[i] || (/^\{\w+\}$/.test(p) && segments[i] !== '')) && doc.paths[path][call.method.toLowerCase()];
  });
}

const rowOf = (call: WebCall): Route | undefined => {
  const path = operationOf(call);
  return ROUTES.find((r) => r.path === path && r.method === call.method);
};

describe("the web's API calls", () => {
  it('are all found, with their paths resolved', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.filter((c) => c.path === undefined).map((c) => `${c.at}: the path of this ${c.method} cannot be told from the source; use a literal, a template or a const key`)).toEqual([]);
    // Through key helpers, useSWRInfinite pages and helpers taking the path (usePaged).
    const keys = calls.map((c) => `${c.method} ${c.path}`);
    expect(keys).toEqual(expect.arrayContaining(['PATCH /appointments/{param}/change-status', 'GET /logs', 'GET /form-builder/form', 'GET /users/session', 'POST /bookings/create-booking']));
  });

  it('exist in the API document with their method', () => {
    const missing = calls.filter((c) => !operationOf(c)).map((c) => `${c.at}: ${c.method} ${c.path}`);
    expect(missing, 'calls of the web with no operation in the API document').toEqual([]);
  });

  it('send JSON bodies the handler schema accepts', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const call of calls.filter((c) => c.body)) {
      const row = rowOf(call)!;
      if (row.body === 'multipart') continue; // FormData: fields are checked by the handler's schema at run time
      const expected = handlerBodyType(program, row.handler);
      if (!expected) {
        mismatches.push(`${call.at}: ${call.method} ${call.path} sends a body, but functions/${row.handler}.ts takes none (endpoint({ body }) is missing)`);
        continue;
      }
      checked++;
      const problem = checkBody(program, call, expected);
      if (problem) mismatches.push(problem);
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  }, 120_000); // the type checker reads the web and the schemas here

  it('would notice a body of the wrong shape (the check can fail)', () => {
    const login = calls.find((c) => c.method === 'POST' && c.path === '/users/login' && c.body)!;
    expect(checkBody(program, login, handlerBodyType(program, 'account/login')!)).toBeUndefined();
    expect(checkBody(program, login, handlerBodyType(program, 'bookings/create-booking')!)).toMatch(/POST \/users\/login sends .*, the handler's schema takes/);
  });
});
