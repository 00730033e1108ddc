// A test's own HTTP stand-in (a fake Stripe, a relay, an SES that fails) whose handler awaits. Node
// ignores the promise a request listener returns, so a rejection of it (the client gave up mid-request:
// a request's deadline or a try's timeout aborted its fetch; the stack it relays to is stopping) was
// an unhandled rejection: vitest fails the whole run for it after every test passed. Here it is
// answered 500 with the reason (the client sees it, if still there) and the request ends.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

export function serveAsync(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): RequestListener {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return void res.destroy();
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(`The test's stand-in failed: ${(error as Error)?.message ?? String(error)}`);
    });
  };
}
