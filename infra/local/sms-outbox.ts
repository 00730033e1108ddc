// The local stand-in for SMS delivery: functions/lib/sms.ts POSTs each message here instead of calling
// SNS. /local/sms shows the captured messages to a person; /local/sms/store answers them as JSON
// (GET, for tests), takes new ones (POST) and forgets them all (DELETE). Kept in memory, newest last.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import type { LocalPage } from './pages';

export interface CapturedSms {
  id: string;
  to: string;
  message: string;
  senderName?: string;
  at: string;
}

const MAX_KEPT = 1000;
const messages: CapturedSms[] = [];

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(c as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** A message functions/lib/sms.ts sends; a sender name that is not text is left out. */
const smsRequest = z.object({ to: z.string(), message: z.string(), senderName: z.optional(z.unknown()) });

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function page(): string {
  const rows = [...messages]
    .reverse()
    .map((m) => `<tr><td>${escape(new Date(m.at).toLocaleString())}</td><td>${escape(m.to)}</td><td>${escape(m.senderName ?? '')}</td><td style="white-space:pre-wrap">${escape(m.message)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local SMS outbox</title>
<meta http-equiv="refresh" content="10"></head>
<body style="font-family:system-ui;margin:2rem"><h1>Local SMS outbox</h1>
<p>Text messages the app sent while running locally (newest first; nothing was delivered). This page reloads every 10 seconds.</p>
<table style="border-collapse:collapse" border="1" cellpadding="6"><thead><tr><th>Sent</th><th>To</th><th>From</th><th>Message</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`;
}

export const smsOutboxPage: LocalPage = {
  prefix: '/local/sms',
  async handle(req, res, url) {
    if (url.pathname === '/local/sms/store') {
      if (req.method === 'GET') return json(res, 200, { messages });
      if (req.method === 'DELETE') {
        messages.length = 0;
        return json(res, 200, { messages });
      }
      if (req.method === 'POST') {
        const parsed = smsRequest.safeParse(await readJson(req).catch(() => undefined));
        if (!parsed.success) return json(res, 400, { message: 'Send JSON: { to, message }.' });
        const body = parsed.data;
        const captured: CapturedSms = {
          id: `sms_local_${randomBytes(8).toString('hex')}`,
          to: body.to,
          message: body.message,
          senderName: typeof body.senderName === 'string' ? body.senderName : undefined,
          at: new Date().toISOString(),
        };
        messages.push(captured);
        if (messages.length > MAX_KEPT) messages.splice(0, messages.length - MAX_KEPT);
        return json(res, 201, captured);
      }
      return json(res, 405, { message: 'Method not allowed.' });
    }
    if (url.pathname === '/local/sms' || url.pathname === '/local/sms/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(page());
    }
    return json(res, 404, { message: 'Not found.' });
  },
};
