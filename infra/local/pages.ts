// Extra pages the local server serves outside /api (for example the stand-in for Stripe Checkout).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sesEventsPage } from './ses-events';
import { smsOutboxPage } from './sms-outbox';

export interface LocalPage {
  /** Path prefix this page answers, e.g. /local/checkout. */
  prefix: string;
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
}

export const LOCAL_PAGES: LocalPage[] = [smsOutboxPage, sesEventsPage];
