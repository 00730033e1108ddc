import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveGracefully } from './graceful';

/** A server whose requests wait for `release()` (a slow handler), answering 200 'done'. */
async function slowServer() {
  const waiting: (() => void)[] = [];
  let entered = 0;
  const server = createServer();
  const graceful = serveGracefully(server, async (_req, res) => {
    entered++;
    await new Promise<void>((r) => waiting.push(r));
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('done');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { server, graceful, port, entered: () => entered, release: () => waiting.splice(0).forEach((r) => r()) };
}

function get(port: number, agent?: Agent): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

describe('stopping the local server', () => {
  it('lets a request in flight finish, refuses new connections meanwhile, then resolves', async () => {
    const s = await slowServer();
    servers.push(s.server);
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(s.port, agent);
    await until(() => s.entered() === 1);

    let closed = false;
    const closing = s.graceful.close(5_000).then((r) => ((closed = true), r));
    await expect(get(s.port)).rejects.toThrow(/ECONNREFUSED/);
    expect(closed).toBe(false);
    expect(s.graceful.inFlight).toBe(1);

    s.release();
    expect(await inFlight).toEqual({ status: 200, body: 'done', connection: 'close' });
    expect(await closing).toEqual({ cut: 0 });
    agent.destroy();
  });

  it('cuts what is still running after the grace period', async () => {
    const s = await slowServer();
    servers.push(s.server);
    const stuck = get(s.port).catch((e: Error) => e);
    await until(() => s.entered() === 1);
    const started = Date.now();
    expect(await s.graceful.close(200)).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBeInstanceOf(Error);
    s.release();
  });
});
