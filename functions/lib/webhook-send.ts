// Sends one signed webhook delivery: a POST of the event's JSON with the Clinic-Signature header
// (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the scheme Stripe uses), a 10 s deadline
// for the whole exchange, no redirects followed, and only to addresses ./webhook-address.ts allows
// (checked on the address the connection is made to).
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '#shared/webhooks/schemas';
import { AddressNotAllowed, checkedLookup, isAllowedAddress, urlProblem } from './webhook-address';

/** How long a receiver has to answer one try. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'ClinicSuite-Webhooks/1.0';

/** The Clinic-Signature value of a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface SendResult {
  /** The receiver's HTTP status. */
  status: number;
}

/** POSTs `body` to `url`; resolves with the receiver's status, rejects when there was no answer. */
export function sendWebhook(input: { url: string; body: string; secret: string; eventId: string; timeoutMs?: number; now?: Date }): Promise<SendResult> {
  const problem = urlProblem(input.url);
  if (problem) return Promise.reject(new Error(problem));
  const target = new URL(input.url);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  // An IP literal is connected to directly (no lookup), so it is checked here.
  if (isIP(host) && !isAllowedAddress(host)) return Promise.reject(new AddressNotAllowed(host));
  const timestamp = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve, reject) => {
    const req = request(target, {
      method: 'POST',
      lookup: checkedLookup,
      // A fresh connection each time: no pooled socket to an address checked for another request.
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(input.body),
        'User-Agent': WEBHOOK_USER_AGENT,
        'Clinic-Event-Id': input.eventId,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(input.secret, timestamp, input.body),
      },
    });
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)), timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      // Only the status matters; the body is read away (a redirect is an answer like any other: not followed).
      res.resume();
      res.on('error', () => undefined);
      resolve({ status: res.statusCode ?? 0 });
      req.destroy();
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(input.body);
  });
}

/** A short reason for a try that got no answer, for the delivery log. */
export function tryErrorText(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (error instanceof AddressNotAllowed) return 'The address is not public; nothing was sent.';
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return 'The host name could not be resolved.';
  if (e?.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (e?.code === 'ECONNRESET') return 'The connection was closed before an answer.';
  return String(e?.message ?? error).slice(0, 200);
}
