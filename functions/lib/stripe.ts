// A small Stripe client for the calls we make (Checkout Sessions, events) and webhook verification.
// Why not the `stripe` SDK here: it adds ~246 KB minified to every function that imports it, which
// breaks the 350 KB per-function budget; these few calls are plain form-encoded HTTPS requests.
// Tests check the signature verification against the official SDK's own signer.
// The API base is api.stripe.com, or STRIPE_API_BASE (the local stand-in of `npm start` and the tests).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { config } from './config';
import { HttpError } from './errors';
import { log, redact } from './log';
import { currentScope } from './request-scope';
import { getPaymentSecrets } from './secrets';

export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeEvent<T = unknown> {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: T };
}

export interface CheckoutSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  customer_email?: string | null;
  customer_details?: { email?: string | null; name?: string | null } | null;
  expires_at: number;
  /** 'payment' (a charge) or 'setup' (a card saved for later: ./stripe-setup.ts). */
  mode?: 'payment' | 'setup';
  /** Setup mode: the SetupIntent that saved the card, and the Customer it is saved to. */
  setup_intent?: string | null;
  customer?: string | null;
}

export interface CheckoutSessionInput {
  /** Minor units of `currency`, as Stripe counts them (5000 'jpy' is ¥5,000; the name predates currencies). */
  amountCents: number;
  /** Lowercase ISO code, one of shared/currency.ts CURRENCIES. */
  currency: string;
  productName: string;
  description?: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** `kind` picks the consumer of the session's events; `orgId` the tenant. Stripe keeps these. */
  metadata: { kind: string; orgId: string; [key: string]: string };
  /** Between 30 minutes and 24 hours (Stripe's limits). */
  expiresInSeconds?: number;
  /**
   * The session's end (Unix seconds) instead of now + expiresInSeconds: a retry of the same request
   * must send the same parameters, or Stripe refuses its idempotency key.
   */
  expiresAt?: number;
  /** Same key, same session: a retried request does not open a second checkout. */
  idempotencyKey?: string;
  /** Checkout's language: the patient's page's (issue 26; 'auto' lets Stripe pick from the browser). */
  locale?: string;
}

/** Stripe's form encoding: nested keys in brackets, arrays by index. */
export function formEncode(value: unknown, prefix = '', out = new URLSearchParams()): URLSearchParams {
  if (value === undefined || value === null) return out;
  if (Array.isArray(value)) value.forEach((v, i) => formEncode(v, `${prefix}[${i}]`, out));
  else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) formEncode(v, prefix ? `${prefix}[${k}]` : k, out);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') out.append(prefix, String(value));
  return out;
}

/** Retries after the first try, as Stripe's own libraries do (maxNetworkRetries 2). */
export const MAX_RETRIES = 2;
/** Stripe's SDK backoff: 0.5 s doubling, at most 5 s, with jitter (half to all of it). */
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;
/** One try's own limit; the request's deadline (lib/request-scope.ts) bounds all of them together. */
const TRY_TIMEOUT_MS = 8_000;

/** The wait before retry `n` (1-based): exponential, capped, jittered so clients do not retry in step. */
export function retryDelay(n: number, random = Math.random): number {
  const base = Math.min(INITIAL_DELAY_MS * 2 ** (n - 1), MAX_DELAY_MS);
  return Math.max(INITIAL_DELAY_MS, base * (0.5 + random() / 2));
}

/**
 * Whether Stripe's answer may be tried again: its Stripe-Should-Retry header decides when present;
 * otherwise a lock conflict (409), too many requests (429) and server errors (5xx) may.
 */
export function shouldRetry(status: number, header: string | null): boolean {
  if (header === 'true') return true;
  if (header === 'false') return false;
  return status === 409 || status === 429 || status >= 500;
}

/** Why a signal aborted: the deadline's Error (lib/request-scope.ts), or abort()'s own AbortError. */
const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(abortReason(signal))), { once: true });
  });

const UNEXPECTED = 'The payment provider did not answer as expected. Please try again.';

/**
 * One call to Stripe, retried as its libraries do (also the setup-mode calls of ./stripe-setup.ts). `cardErrors`: a card's refusal (402, an off-session
 * charge declined or wanting authentication) is an answer the caller records, not a failure: it is
 * given back as Stripe's body (`{ error: { code, payment_intent, ... } }`).
 */
export async function stripeRequest<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string, missing?: 'undefined', cardErrors?: 'answer'): Promise<T> {
  const { stripeSecretKey } = await getPaymentSecrets();
  if (!stripeSecretKey) throw new HttpError(503, 'Card payments are not set up for this organisation yet.');
  const base = config.services.stripeApiBase;
  // Every POST carries a key, the same on each retry, so a retried write happens once at Stripe.
  const key = method === 'POST' ? (idempotencyKey ?? randomUUID()) : undefined;
  const deadline = currentScope()?.signal;
  for (let attempt = 0; ; attempt++) {
    let res: Response | undefined;
    let failure: unknown;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${stripeSecretKey}`,
          'stripe-version': STRIPE_API_VERSION,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? formEncode(body).toString() : undefined,
        signal: deadline ? AbortSignal.any([deadline, AbortSignal.timeout(TRY_TIMEOUT_MS)]) : AbortSignal.timeout(TRY_TIMEOUT_MS),
      });
    } catch (error) {
      // The request's own deadline ended it: no retry, the endpoint answers 503 already.
      if (deadline?.aborted) throw error;
      failure = error;
    }
    const retry = res ? shouldRetry(res.status, res.headers.get('stripe-should-retry')) : true;
    if (!retry || attempt === MAX_RETRIES) {
      if (!res) {
        log.error('Stripe could not be reached', undefined, { path, tries: attempt + 1, error: (failure as Error)?.name });
        throw new HttpError(502, UNEXPECTED);
      }
      const json = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
      if (res.status === 404 && missing) return undefined as T;
      if (res.status === 402 && cardErrors) return json;
      if (!res.ok) {
        log.error('Stripe answered an error', undefined, { path, status: res.status, tries: attempt + 1, stripeMessage: redact(json.error?.message ?? '') });
        throw new HttpError(502, UNEXPECTED);
      }
      return json;
    }
    await res?.body?.cancel().catch(() => undefined);
    log.warn('Stripe request retried', { path, status: res?.status, attempt: attempt + 1 });
    await sleep(retryDelay(attempt + 1), deadline);
  }
}

// Create a Checkout Session in payment mode for one line item.
export function createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
  const expiresIn = Math.min(Math.max(input.expiresInSeconds ?? 30 * 60, 30 * 60), 24 * 3600);
  return stripeRequest<CheckoutSession>(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: input.amountCents,
            product_data: { name: input.productName, ...(input.description ? { description: input.description } : {}) },
          },
        },
      ],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      customer_email: input.customerEmail,
      ...(input.locale ? { locale: input.locale } : {}),
      metadata: input.metadata,
      // The same metadata on the payment, so refunds (charge events) find their way back too.
      payment_intent_data: { metadata: input.metadata },
      expires_at: input.expiresAt ?? Math.floor(Date.now() / 1000) + expiresIn,
    },
    input.idempotencyKey,
  );
}

// Expire an open Checkout Session (frees what it held; Stripe then sends checkout.session.expired).
// Without a key of the caller's, expiring one session is always the same request.
export function expireCheckoutSession(id: string, idempotencyKey = `expire-${id}`): Promise<CheckoutSession> {
  return stripeRequest<CheckoutSession>('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {}, idempotencyKey);
}

// Read a Checkout Session back (undefined when Stripe knows no such session): the booking page's
// confirmation finds its booking through the session's metadata.
export function retrieveCheckoutSession(id: string): Promise<CheckoutSession | undefined> {
  return stripeRequest<CheckoutSession | undefined>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`, undefined, undefined, 'undefined');
}

export interface Refund {
  id: string;
  amount: number;
  payment_intent: string;
  status: string;
  /** When Stripe made it (epoch seconds). */
  created: number;
}

// Refund a payment (the whole of it unless `amountCents`); the idempotency key makes a retry return
// the first refund. Stripe confirms it with a charge.refunded event (functions/payments/).
export function createRefund(input: { paymentIntentId: string; amountCents?: number; metadata?: Record<string, string>; idempotencyKey: string }): Promise<Refund> {
  return stripeRequest<Refund>(
    'POST',
    '/v1/refunds',
    { payment_intent: input.paymentIntentId, ...(input.amountCents ? { amount: input.amountCents } : {}), ...(input.metadata ? { metadata: input.metadata } : {}) },
    input.idempotencyKey,
  );
}

// Read an event back from Stripe: proof that an event that did not come signed is Stripe's own.
export function retrieveEvent(id: string): Promise<StripeEvent> {
  return stripeRequest<StripeEvent>('GET', `/v1/events/${encodeURIComponent(id)}`);
}

/** Verifies a `Stripe-Signature` header (t=..., v1=...) over the raw body; throws when it does not hold. */
export function verifyWebhookSignature(payload: string, header: string | undefined, secret: string, toleranceSeconds = 300, now = Date.now()): StripeEvent {
  const parts = (header ?? '').split(',').map((p) => p.split('=') as [string, string]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!timestamp || signatures.length === 0) throw new HttpError(400, 'Invalid Stripe signature.');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest();
  const valid = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new HttpError(400, 'Invalid Stripe signature.');
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) throw new HttpError(400, 'Stripe signature is too old.');
  try {
    return JSON.parse(payload) as StripeEvent;
  } catch {
    throw new HttpError(400, 'Invalid Stripe event.');
  }
}
