// The local stack's API document: the built file by default, or the injected generator (the test
// setups'), made once; a clear answer when neither is there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiDocsServer, type ApiDocumentSource } from './api-docs';

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(webDir: string, source?: ApiDocumentSource): Promise<string> {
  const handle = apiDocsServer(webDir, source);
  const server = createServer((req, res) => {
    void handle(req, res, new URL(req.url!, 'http://local')).then((done) => {
      if (!done) res.writeHead(404).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-api-docs-'));
  dirs.push(dir);
  return dir;
};

describe('apiDocsServer', () => {
  it('serves the document npm run build:openapi wrote into the web build', async () => {
    const webDir = tempDir();
    mkdirSync(join(webDir, 'api'));
    writeFileSync(join(webDir, 'api', 'openapi.json'), '{"openapi":"3.1.0","built":true}');
    const res = await fetch(`${await serve(webDir)}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ openapi: '3.1.0', built: true });
  });

  it('says how to build it when there is no built document', async () => {
    const res = await fetch(`${await serve(tempDir())}/api/openapi.json`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build:openapi');
  });

  it('uses an injected generator instead, once for all requests', async () => {
    let calls = 0;
    const url = await serve(tempDir(), () => Promise.resolve({ openapi: '3.1.0', call: ++calls }));
    expect(await (await fetch(`${url}/api/openapi.json`)).json()).toEqual({ openapi: '3.1.0', call: 1 });
    expect(await (await fetch(`${url}/api/openapi.json`)).json()).toEqual({ openapi: '3.1.0', call: 1 });
    expect(calls).toBe(1);
  });

  it('serves the reference page under the strict CSP, and leaves other paths alone', async () => {
    const url = await serve(tempDir());
    const page = await fetch(`${url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${url}/api/other`)).status).toBe(404);
  });
});
