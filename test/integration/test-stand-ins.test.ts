// The tests' own HTTP stand-ins (test/support/serve.ts): a handler that awaits the request's body
// rejects when the client gives up mid-request (a request's deadline aborting its fetch does that).
// Node ignores the listener's promise, so that rejection was unhandled: vitest fails the whole run
// for it, after every test passed. With serveAsync it ends the request and is handled.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAsync } from '../support/serve';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

/** Starts a stand-in whose handler reads the whole body; resolves once the handler has settled. */
async function standIn() {
  let settled!: (outcome: string) => void;
  const outcome = new Promise<string>((resolve) => (settled = resolve));
  server = createServer(
    serveAsync(async (req, res) => {
      try {
        for await (const _ of req);
      } catch (error) {
        settled(`rejected: ${(error as Error).message}`);
        throw error;
      }
      settled('read');
      res.end('ok');
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, outcome };
}

describe("a test's stand-in", () => {
  it('a client that gives up mid-body: the handler rejects, and nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { port, outcome } = await standIn();
      const req = request({ port, host: '127.0.0.1', method: 'POST', headers: { 'content-length': '1000' } });
      req.on('error', () => undefined); // this client's own end: it aborts on purpose
      req.write('x'.repeat(10));
      // The request has reached the handler (its body is being read) before the client gives up.
      await new Promise((resolve) => setTimeout(resolve, 100));
      req.destroy();
      expect(await outcome).toBe('rejected: aborted');
      // An unhandled rejection is reported after the microtasks of the turn it happened in.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a handler that throws before answering answers 500 with the reason', async () => {
    server = createServer(
      // Rejected, not thrown: serveAsync answers for a handler whose promise fails.
      serveAsync(() => Promise.reject(new Error('the relay could not reach the stack'))),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("The test's stand-in failed: the relay could not reach the stack");
  });
});
