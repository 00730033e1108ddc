// Stopping the local server without cutting anyone off: on stop it takes no new connections, closes
// idle kept-alive ones (a request racing in on one gets a 503 and the connection closes), lets the
// requests in flight finish for a bounded time, and only then closes what is left.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const STOPPING_MESSAGE = 'The server is stopping. Please try again in a moment.';

export interface GracefulServer {
  /** Requests being answered now. */
  readonly inFlight: number;
  /**
   * Stops taking requests and waits up to `graceMs` for those in flight; returns how many were still
   * unfinished when their connections were closed.
   */
  close: (graceMs?: number) => Promise<{ cut: number }>;
}

export function serveGracefully(server: Server, handle: (req: IncomingMessage, res: ServerResponse) => unknown): GracefulServer {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let drained: (() => void) | undefined;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'retry-after': '5' });
      res.end(JSON.stringify({ message: STOPPING_MESSAGE }));
      return;
    }
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (!inFlight.size) drained?.();
    });
    void handle(req, res);
  });

  return {
    get inFlight() {
      return inFlight.size;
    },
    async close(graceMs = 10_000) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Each answer still to come closes its connection behind it.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      if (inFlight.size) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const cut = inFlight.size;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}
