// The local stack serves the API document generated from the route table and its reference page
// (issue 16): GET /api/openapi.json and GET /api/docs, with the viewer from our own origin.
import { describe, expect, inject, it } from 'vitest';
import { ROUTES, routeKey } from '../../functions/routes';

const site = () => inject('appUrl');

describe('the API document and reference page', () => {
  it('GET /api/openapi.json is the generated OpenAPI 3.1 document with every row', async () => {
    const res = await fetch(`${site()}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(ROUTES.map(routeKey).sort());
  }, 60_000);

  it('GET /api/docs is the reference page, its viewer served from the site itself', async () => {
    const res = await fetch(`${site()}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('data-url="/api/openapi.json"');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // No inline code (the page keeps the strict CSP) and nothing from another origin.
    expect(scripts.every(([, , code]) => code.trim() === '')).toBe(true);
    const src = scripts.map(([, attrs]) => /\bsrc="([^"]+)"/.exec(attrs)?.[1]).filter(Boolean) as string[];
    expect(src).toEqual(['/api/docs/scalar-standalone.js']);
    const viewer = await fetch(`${site()}${src[0]}`);
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await viewer.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
  });

  it("checks every answer the integration tests get against its operation's reply schema", async () => {
    // functions/http/http.ts: under REPLY_CHECK=strict a reply that does not match its schema is a 500
    // (functions/lib/reply-check.test.ts), so each 2xx of this suite is a reply that matched.
    expect(inject('stackEnv').REPLY_CHECK).toBe('strict');
    const res = await fetch(`${site()}/api/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.paths['/users/profile'].get.responses['200']).toMatchObject({ content: { 'application/json': { schema: { properties: { data: { $ref: '#/components/schemas/UserDetails' } } } } } });
  });

  it('leaves other /api paths to the API', async () => {
    expect((await fetch(`${site()}/api/openapi.json`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${site()}/api/docs/nothing.js`)).status).toBe(404);
  });
});
