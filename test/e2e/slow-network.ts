// A page's HTML as a phone on a slow network gets it: in pieces, with a pause between them, so the
// browser paints what it has parsed so far. Anything that grows beside or above what is painted then
// moves it (a right-aligned control whose last part has not arrived, a table laid out on its first
// header cell). A local server in front of the stack trickles one path's document a tag at a time and
// passes every other request (scripts, the API) through as it is.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appUrl } from './browser';

/** Starts the server; `urlOf(path)` is the page at `path` through it. */
export async function trickleServer(pauseMs = 15) {
  const upstream = new URL(appUrl('/'));
  const documents = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const html = documents.get(req.url ?? '');
    if (html) {
      // A piece per tag in the body: every state of the parse gets its chance to be painted.
      const bodyAt = html.indexOf('<body');
      // Else it would be sent whole, and a test through it would test nothing.
      if (bodyAt === -1) throw new Error(`${req.url}: no <body> to send in pieces`);
      const cuts: number[] = [];
      for (let at = bodyAt; at !== -1; at = html.indexOf('<', at + 1)) cuts.push(at);
      cuts.push(html.length);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      let from = 0;
      const next = (i: number) => {
        if (i === cuts.length) return res.end();
        res.write(html.subarray(from, cuts[i]));
        from = cuts[i];
        setTimeout(() => next(i + 1), pauseMs);
      };
      return next(0);
    }
    const proxied = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    proxied.on('error', () => res.destroy());
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The page at `path` (with its query), its HTML fetched once from the stack and trickled from then on. */
    async urlOf(path: string) {
      const answer = await fetch(appUrl(path));
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
      documents.set(path, Buffer.from(await answer.arrayBuffer()));
      return origin + path;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
