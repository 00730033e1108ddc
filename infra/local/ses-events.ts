// The local stand-in for SES's bounce and complaint events: aws-ses-v2-local delivers everything and
// cannot bounce, so POST /local/ses/bounce { address, type? } ('bounce', the default, or 'complaint')
// hands the SAME function AWS runs (functions/outbox/mail-events.ts) an SNS event shaped like SES's,
// and the address goes on the suppression list the outbox worker honours. Local only: never in AWS.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import type { LocalPage } from './pages';
import { WORKERS } from '../../functions/routes';

const ROOT = join(import.meta.dirname, '..', '..');

async function readJson(req: AsyncIterable<unknown>): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 16 * 1024) throw new Error('too large');
    chunks.push(c as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** POST /local/ses/bounce's body: an address, and a type (none: a bounce). */
const bounceRequest = z.object({ address: z.string().check(z.includes('@')), type: z.nullish(z.enum(['bounce', 'complaint'])) });

/** The SNS event SES's configuration set publishes for a hard bounce or a complaint of `address`. */
export function sesEventOf(address: string, type: 'bounce' | 'complaint'): SNSEvent {
  const message =
    type === 'bounce'
      ? { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: address }] } }
      : { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: address }] } };
  const now = new Date().toISOString();
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn:aws:sns:local:000000000000:mail-events:local',
        Sns: {
          Type: 'Notification', MessageId: `local-${Date.now()}`, TopicArn: 'arn:aws:sns:local:000000000000:mail-events', Subject: '',
          Message: JSON.stringify(message), Timestamp: now, SignatureVersion: '1', Signature: '', SigningCertUrl: '', UnsubscribeUrl: '', MessageAttributes: {},
        },
      },
    ],
  };
}

export const sesEventsPage: LocalPage = {
  prefix: '/local/ses',
  async handle(req, res, url) {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/local/ses/bounce') return reply(404, { message: 'Not found.' });
    if (req.method !== 'POST') return reply(405, { message: 'Method not allowed.' });
    const parsed = bounceRequest.safeParse(await readJson(req).catch(() => undefined));
    if (!parsed.success) return reply(400, { message: "Send JSON: { address, type?: 'bounce' | 'complaint' }." });
    const { address } = parsed.data;
    const type = parsed.data.type ?? 'bounce';
    // Loaded when first used: the handlers read their configuration from the environment the stack sets.
    const { handler } = (await import(pathToFileURL(join(ROOT, 'functions', `${WORKERS.mailEvents}.ts`)).href)) as { handler: (e: SNSEvent) => Promise<void> };
    await handler(sesEventOf(address, type));
    return reply(200, { message: `${address} is suppressed (${type}): the outbox sends it no more mail.` });
  },
};
