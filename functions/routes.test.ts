// The route table is the contract between both stacks: every row has a handler file that exports
// `handler`, every handler file has a row, its keys are the API contract's operations (tsc checks
// the expected errors below), and every row is exercised by a test.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '#shared/permissions';
import { API_CONTRACT } from '#shared/api-contract';
import { ROUTES, WORKERS, findRoute, routeKey, type ServerRoute, type ServerRoutes } from './routes';

const FUNCTIONS = import.meta.dirname;
const ROOT = join(FUNCTIONS, '..');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Handler modules: files below functions/ (outside lib/ and data/) that export `handler`. */
const handlerFiles = walk(FUNCTIONS)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .filter((f) => /export const handler\b/.test(readFileSync(f, 'utf8')))
  .map((f) => relative(FUNCTIONS, f).replace(/\.ts$/, ''));

/** Handlers that are not HTTP routes (event consumers), with what invokes them. */
const EVENT_HANDLERS = new Set<string>(['payments/stripe-events', ...Object.values(WORKERS)]);

describe('route table', () => {
  it('has a handler file exporting `handler` for every row', () => {
    for (const route of ROUTES) {
      const file = join(FUNCTIONS, `${route.handler}.ts`);
      expect(existsSync(file), `${routeKey(route)} -> ${route.handler}.ts`).toBe(true);
      expect(readFileSync(file, 'utf8'), route.handler).toMatch(/export const handler\b/);
    }
  });

  it('has a row for every handler file', () => {
    const routed = new Set(ROUTES.map((r) => r.handler));
    const orphans = handlerFiles.filter((h) => !routed.has(h) && !EVENT_HANDLERS.has(h));
    expect(orphans).toEqual([]);
  });

  it('has unique route keys and valid permissions', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) {
      expect(route.path, routeKey(route)).toMatch(/^\/[A-Za-z0-9\-/{}+]*$/);
      if (route.permission) {
        expect(MODULES).toContain(route.permission.module);
        expect(route.access, `${routeKey(route)} has a permission, so it needs a signed-in member`).toBe('user');
      }
    }
  });

  it("is keyed by the API contract's operations: one missing or one extra does not compile", () => {
    const row: ServerRoute = { handler: 'account/login', uses: { table: 'write' } };
    const every = Object.fromEntries(ROUTES.map((route) => [routeKey(route), row])) as ServerRoutes;
    // @ts-expect-error -- every other operation of the contract is missing
    const missing: ServerRoutes = { 'POST /users/login': row };
    // @ts-expect-error -- an operation the contract does not have
    const extra: ServerRoutes = { ...every, 'GET /nowhere': row };
    expect(Object.keys(missing)).toHaveLength(1);
    expect(Object.keys(extra)).toHaveLength(ROUTES.length + 1);
    // And at run time: the rows are the contract's operations, with its access and permission.
    expect(ROUTES.map(routeKey).sort()).toEqual(Object.keys(API_CONTRACT).sort());
    expect(findRoute('GET /organization/members')).toMatchObject({ access: 'user', permission: { module: 'Members', action: 'read' }, handler: 'members/list-members' });
  });

  it('finds rows by API Gateway route key, with or without the /api prefix', () => {
    expect(findRoute('POST /api/users/login')?.handler).toBe('account/login');
    expect(findRoute('POST /users/login')?.handler).toBe('account/login');
    expect(findRoute('GET /api/users/login')).toBeUndefined();
  });

  it('has an integration test calling every row', () => {
    const tests = walk(join(ROOT, 'test', 'integration'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const untested = ROUTES.filter((route) => {
      const path = route.path
        .split('/')
        .map((seg) => (/^\{.+\}$/.test(seg) ? '(\\$\\{[^}]+\\}|[^/\'"`?]+)' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      return !new RegExp(`['"\`]${route.method}['"\`],\\s*[\`'"]${path}[\`'"?]`).test(tests);
    }).map(routeKey);
    expect(untested).toEqual([]);
  });
});
