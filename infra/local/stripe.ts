// A stand-in for Stripe when no Stripe key is configured (the default of `npm start` and the tests):
// the part of Stripe's API our code calls (/v1/checkout/sessions, /v1/events), and a checkout page at
// /local/checkout/<session> where a person pays or cancels. Paying sends a checkout.session.completed
// event, signed with the official SDK's signer, to the same webhook handler that serves real Stripe;
// sessions past their expiry send checkout.session.expired. Refunds (POST /v1/refunds, with Stripe's
// idempotency keys) answer at once and send charge.refunded a moment later, as Stripe does; a test may fail
// one afterwards (POST /v1/__local/refunds/<id>/fail: refund.updated and refund.failed, as Stripe sends them).
// Setup mode (issue 36): Customers (POST /v1/customers), Checkout Sessions with mode=setup whose page saves
// a test card (Visa 4242; 4000 0000 0000 0341, saved but declined when charged; 4000 0027 6000 3184,
// saved but asking for authentication when charged; or 4000 0000 0000 0002, declined when saved) to the
// session's Customer as a PaymentMethod (the one store stripe-intents.ts charges off-session) through a SetupIntent (GET /v1/setup_intents/<id>, expand[]=payment_method;
// GET /v1/payment_methods/<id>), sending setup_intent.succeeded and checkout.session.completed, or
// setup_intent.setup_failed, with Stripe's shapes.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { currencyRules, formatMoney, isCurrency } from '../../shared/currency';
import type { LocalPage } from './pages';
import { metadataOf, objectOf, parseStripeForm, textOf, type StripeForm } from './stripe-form';
import { createLocalIntents } from './stripe-intents';

export const LOCAL_STRIPE_KEY = 'sk_test_local_stand_in';

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** Setup mode: null (nothing is charged). */
  amount_total: number | null;
  customer: string | null;
  setup_intent: string | null;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  customer_email: string | null;
  /** Checkout's language as asked ('auto' when none); the stand-in's own page stays English. */
  locale: string;
  customer_details: { email: string | null; name: string | null } | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  line_items: { name: string; description?: string }[];
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'succeeded';
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  usage: 'off_session';
  description: string | null;
  last_setup_error: { code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
}

/** The test cards a setup page offers: Stripe's own numbers (what charging the saved ones does: stripe-intents.ts SAVABLE_CARDS). */
export const LOCAL_TEST_CARDS = { visa: '4242424242424242', chargeDeclined: '4000000000000341', chargeNeedsAuthentication: '4000002760003184', declined: '4000000000000002' } as const;

const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The request's body, read once (a failure filter may read it before the route does). */
async function readText(req: IncomingMessage & { bodyText?: string }): Promise<string> {
  if (req.bodyText !== undefined) return req.bodyText;
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  req.bodyText = Buffer.concat(chunks).toString('utf8');
  return req.bodyText;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface LocalStripe extends LocalPage {
  apiPage: LocalPage;
  /** No more events: the ones scheduled are dropped, the deliveries under way end (without retries). */
  stop: () => Promise<void>;
}

export function createLocalStripe(options: { appUrl: string; webhookSecret: string }): LocalStripe {
  const sessions = new Map<string, Session>();
  const events = new Map<string, unknown>();
  /** Refunds by idempotency key (a retried request gets the first refund), and cents refunded per payment. */
  const refunds = new Map<string, unknown>();
  const refunded = new Map<string, number>();
  /** Refunds by id, for a test to fail one after it was made (POST /v1/__local/refunds/<id>/fail). */
  const refundsById = new Map<string, { id: string; amount: number; payment_intent: string | null; status: string; failure_reason?: string }>();
  const signer = new Stripe(LOCAL_STRIPE_KEY);
  /** Sessions by Stripe idempotency key: a retried create answers the first session, as Stripe does. */
  const created = new Map<string, Session>();
  /** Setup mode's objects, and Customers by idempotency key (a retried create answers the first). */
  const customers = new Map<string, { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Record<string, string>; created: number; livemode: false }>();
  const customersByKey = new Map<string, unknown>();
  const setupIntents = new Map<string, SetupIntent>();
  /** Failures to answer first (tests: POST /v1/__local/fail-next), to see the client retry. */
  const failures: { path: string; status: number; shouldRetry?: string; orgId?: string }[] = [];

  /**
   * Stopped: nothing more is sent. Events are sent after the answer that caused them, so without this
   * a delivery (its retries, their timers) outlived the stack: a test file's stand-in still at work
   * after its file ended.
   */
  let stopped = false;
  const scheduled = new Set<NodeJS.Timeout>();
  const delivering = new Set<Promise<unknown>>();

  async function emit(type: string, object: unknown) {
    const event = { id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: '2026-10-28.endive', data: { object } };
    events.set(event.id, event);
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    // Like Stripe: retry a failed delivery a few times.
    for (let attempt = 0; attempt < 3 && !stopped; attempt++) {
      const res = await fetch(`${options.appUrl}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      }).catch(() => undefined);
      if (res?.ok) return event;
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
    if (!stopped) console.error(`[local stripe] delivery of ${type} ${event.id} failed`);
    return event;
  }

  /** A delivery started outside any request, which the stop waits for. */
  function track(delivery: Promise<unknown>) {
    const settled = delivery.then(
      () => undefined,
      (error: unknown) => console.error(`[local stripe] an event could not be sent: ${(error as Error).message}`),
    );
    delivering.add(settled);
    void settled.finally(() => delivering.delete(settled));
  }

  /** An event a moment after the answer that caused it, as Stripe sends them (refunds, off-session charges). */
  function emitSoon(type: string, object: unknown) {
    if (stopped) return;
    const timer = setTimeout(() => {
      scheduled.delete(timer);
      track(emit(type, object));
    }, 50);
    scheduled.add(timer);
  }

  async function expire(session: Session) {
    if (session.status !== 'open') return;
    session.status = 'expired';
    await emit('checkout.session.expired', session);
  }

  /** Customers, saved cards and off-session PaymentIntents (stripe-intents.ts). */
  const intents = createLocalIntents(emitSoon, customers);

  const timer = setInterval(() => {
    const now = Date.now() / 1000;
    for (const s of sessions.values()) if (s.status === 'open' && s.expires_at <= now) track(expire(s));
  }, 5000);
  timer.unref();

  /** A Checkout Session in setup mode, as Stripe makes it: a Customer of ours and a currency are needed. */
  function setupSession(form: StripeForm): Session | { error: { message: string } } {
    const currency = textOf(form, 'currency') ?? '';
    const customer = textOf(form, 'customer');
    if (!isCurrency(currency)) return { error: { message: 'currency is required in setup mode' } };
    if (customer && !customers.has(customer)) return { error: { message: `No such customer: '${customer}'` } };
    const intentData = objectOf(form, 'setup_intent_data');
    const session: Session = {
      id: id('cs_test'), object: 'checkout.session', url: '', mode: 'setup', status: 'open', payment_status: 'no_payment_required',
      amount_total: null, currency, customer: customer ?? null, setup_intent: null,
      metadata: metadataOf(form), payment_intent: null, customer_email: null,
      locale: textOf(form, 'locale') ?? 'auto', customer_details: null,
      success_url: textOf(form, 'success_url') ?? '', cancel_url: textOf(form, 'cancel_url') ?? '',
      expires_at: Number(textOf(form, 'expires_at') ?? Math.floor(Date.now() / 1000) + 86400), created: Math.floor(Date.now() / 1000), livemode: false,
      line_items: [{ name: 'Save a card', description: textOf(intentData, 'description') }],
    };
    // Its SetupIntent carries setup_intent_data's metadata, as Stripe's does.
    const intent: SetupIntent = {
      id: id('seti'), object: 'setup_intent', status: 'requires_payment_method', customer: session.customer, payment_method: null,
      metadata: metadataOf(intentData), usage: 'off_session', description: textOf(intentData, 'description') ?? null,
      last_setup_error: null, created: session.created, livemode: false,
    };
    setupIntents.set(intent.id, intent);
    session.setup_intent = intent.id;
    session.url = `${options.appUrl}/local/checkout/${session.id}`;
    sessions.set(session.id, session);
    return session;
  }

  /**
   * The setup page's card: saved (a PaymentMethod attached to the Customer, the SetupIntent succeeded,
   * its two events sent) or declined (setup_intent.setup_failed; the session stays open for another card).
   */
  async function saveCard(session: Session, number: string): Promise<boolean> {
    const intent = setupIntents.get(session.setup_intent ?? '')!;
    const method = intents.saveCard(number, session.customer);
    if (!method) {
      intent.last_setup_error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      await emit('setup_intent.setup_failed', intent);
      return false;
    }
    Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    session.status = 'complete';
    await emit('setup_intent.succeeded', intent);
    await emit('checkout.session.completed', session);
    return true;
  }

  const apiPage: LocalPage = {
    prefix: '/v1/',
    async handle(req, res, url) {
      if (req.headers.authorization !== `Bearer ${LOCAL_STRIPE_KEY}`) return json(res, 401, { error: { message: 'Invalid API key' } });
      const parts = url.pathname.split('/').filter(Boolean); // v1, checkout, sessions, id, expire
      if (parts[1] === '__local' && parts[2] === 'refunds' && parts[4] === 'fail' && req.method === 'POST') {
        // A refund failing after it was made (the card closed meanwhile), as Stripe reports it: the money
        // is no longer counted refunded on its charge, and refund.updated then refund.failed are sent.
        const refund = refundsById.get(parts[3] ?? '');
        if (!refund) return json(res, 404, { error: { message: `No such refund: '${parts[3]}'` } });
        if (refund.status !== 'succeeded') return json(res, 400, { error: { message: `Refund ${refund.id} is ${refund.status}` } });
        const form = parseStripeForm(await readText(req));
        refund.status = 'failed';
        refund.failure_reason = textOf(form, 'failure_reason') ?? 'expired_or_canceled_card';
        if (refund.payment_intent) refunded.set(refund.payment_intent, (refunded.get(refund.payment_intent) ?? 0) - refund.amount);
        json(res, 200, refund);
        emitSoon('refund.updated', { ...refund });
        emitSoon('refund.failed', { ...refund });
        return;
      }
      if (parts[1] === '__local' && parts[2] === 'fail-next' && req.method === 'POST') {
        const form = parseStripeForm(await readText(req)) as Record<string, string>;
        for (let i = 0; i < Number(form.count ?? 1); i++) failures.push({ path: form.path ?? '', status: Number(form.status ?? 500), shouldRetry: form.should_retry, orgId: form.org_id || undefined });
        return json(res, 200, { queued: failures.length });
      }
      // A failure may be for one organisation's requests only (tests share the stand-in): metadata[orgId].
      const orgOf = async () => String((parseStripeForm(await readText(req)) as { metadata?: { orgId?: string } }).metadata?.orgId ?? '');
      let failure = -1;
      for (const [i, f] of failures.entries()) {
        if ((!f.path || url.pathname.startsWith(f.path)) && (!f.orgId || f.orgId === (await orgOf()))) {
          failure = i;
          break;
        }
      }
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        res.writeHead(f.status, { 'content-type': 'application/json', ...(f.shouldRetry ? { 'stripe-should-retry': f.shouldRetry } : {}) });
        res.end(JSON.stringify({ error: { message: `Local stand-in failed this request on purpose (${f.status})` } }));
        return;
      }
      if (await intents.handle(req, res, parts, async () => parseStripeForm(await readText(req)), url.searchParams)) return;
      if (parts[1] === 'checkout' && parts[2] === 'sessions') {
        if (req.method === 'POST' && parts.length === 3) {
          const key = req.headers['idempotency-key'];
          const form = parseStripeForm(await readText(req));
          if (typeof key === 'string' && created.has(key)) return json(res, 200, created.get(key));
          if (textOf(form, 'mode') === 'setup') {
            const session = setupSession(form);
            if ('error' in session) return json(res, 400, session);
            if (typeof key === 'string') created.set(key, session);
            return json(res, 200, session);
          }
          const item = objectOf(objectOf(form, 'line_items'), '0');
          const priceData = objectOf(item, 'price_data');
          const product = objectOf(priceData, 'product_data');
          const amount = Number(textOf(priceData, 'unit_amount'));
          const currency = textOf(priceData, 'currency') ?? 'usd';
          const customer = textOf(form, 'customer');
          // Stripe's own checks: its minimum per currency, and the steps of KWD-like and ISK amounts.
          const rules = currencyRules(currency);
          if (!isCurrency(currency)) return json(res, 400, { error: { message: `Invalid currency: ${currency}` } });
          if (!Number.isInteger(amount) || amount < rules.minMinor) return json(res, 400, { error: { message: `Amount must be at least ${formatMoney(rules.minMinor, currency)}` } });
          if (customer && !customers.has(customer)) return json(res, 400, { error: { message: `No such customer: '${customer}'` } });
          if (amount % rules.step !== 0) return json(res, 400, { error: { message: `Invalid amount for ${currency.toUpperCase()}: must be divisible by ${rules.step}` } });
          const session: Session = {
            id: id('cs_test'),
            object: 'checkout.session',
            url: '',
            mode: 'payment',
            // A fee's authentication Checkout is on the patient's Customer (Stripe keeps it on the session).
            customer: customer ?? null,
            setup_intent: null,
            status: 'open',
            payment_status: 'unpaid',
            amount_total: amount * Number(textOf(item, 'quantity') ?? 1),
            currency,
            metadata: metadataOf(form),
            payment_intent: null,
            customer_email: textOf(form, 'customer_email') ?? null,
            locale: textOf(form, 'locale') ?? 'auto',
            customer_details: null,
            success_url: textOf(form, 'success_url') ?? '',
            cancel_url: textOf(form, 'cancel_url') ?? '',
            expires_at: Number(textOf(form, 'expires_at') ?? Math.floor(Date.now() / 1000) + 86400),
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            line_items: [{ name: textOf(product, 'name') ?? 'Payment', description: textOf(product, 'description') }],
          };
          session.url = `${options.appUrl}/local/checkout/${session.id}`;
          sessions.set(session.id, session);
          if (typeof key === 'string') created.set(key, session);
          return json(res, 200, session);
        }
        const session = sessions.get(parts[3] ?? '');
        if (!session) return json(res, 404, { error: { message: 'No such checkout.session' } });
        if (req.method === 'GET' && parts.length === 4) return json(res, 200, session);
        if (req.method === 'POST' && parts[4] === 'expire') {
          if (session.status !== 'open') return json(res, 400, { error: { message: 'Only open sessions can be expired' } });
          await expire(session);
          return json(res, 200, session);
        }
      }
      if (parts[1] === 'refunds' && req.method === 'POST' && parts.length === 2) {
        const key = req.headers['idempotency-key'];
        const form = parseStripeForm(await readText(req));
        const paymentIntent = textOf(form, 'payment_intent');
        if (typeof key === 'string' && refunds.has(key)) return json(res, 200, refunds.get(key));
        const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === paymentIntent) ?? intents.paymentOf(String(paymentIntent));
        if (!session) return json(res, 404, { error: { message: `No such payment_intent: '${paymentIntent}'` } });
        const already = refunded.get(session.payment_intent!) ?? 0;
        const total = session.amount_total ?? 0;
        const requested = textOf(form, 'amount');
        const amount = requested ? Number(requested) : total - already;
        if (!Number.isInteger(amount) || amount <= 0 || already + amount > total) {
          return json(res, 400, { error: { message: `Charge ${session.payment_intent} has been refunded already.` } });
        }
        refunded.set(session.payment_intent!, already + amount);
        const refund = { id: id('re'), object: 'refund', amount, currency: session.currency, payment_intent: session.payment_intent, status: 'succeeded', metadata: metadataOf(form), created: Math.floor(Date.now() / 1000) };
        if (typeof key === 'string') refunds.set(key, refund);
        refundsById.set(refund.id, refund);
        json(res, 200, refund);
        const charge = { id: id('ch'), object: 'charge', payment_intent: session.payment_intent, amount: total, amount_refunded: already + amount, refunded: already + amount >= total, metadata: session.metadata };
        emitSoon('charge.refunded', charge);
        return;
      }
      if (parts[1] === 'customers' && req.method === 'POST' && parts.length === 2) {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && customersByKey.has(key)) return json(res, 200, customersByKey.get(key));
        const form = parseStripeForm(await readText(req));
        const customer = { id: id('cus'), object: 'customer' as const, email: textOf(form, 'email') ?? null, name: textOf(form, 'name') ?? null, metadata: metadataOf(form), created: Math.floor(Date.now() / 1000), livemode: false as const };
        customers.set(customer.id, customer);
        if (typeof key === 'string') customersByKey.set(key, customer);
        return json(res, 200, customer);
      }
      if (parts[1] === 'customers' && req.method === 'DELETE' && parts.length === 3) {
        const customer = customers.get(parts[2] ?? '');
        if (!customer) return json(res, 404, { error: { message: `No such customer: '${parts[2]}'` } });
        customers.delete(customer.id);
        for (const [key, value] of customersByKey) if (value === customer) customersByKey.delete(key);
        return json(res, 200, { id: customer.id, object: 'customer', deleted: true });
      }
      if (parts[1] === 'customers' && req.method === 'GET' && parts.length === 3) {
        const customer = customers.get(parts[2] ?? '');
        return customer ? json(res, 200, customer) : json(res, 404, { error: { message: `No such customer: '${parts[2]}'` } });
      }
      if (parts[1] === 'setup_intents' && req.method === 'GET' && parts.length === 3) {
        const intent = setupIntents.get(parts[2] ?? '');
        if (!intent) return json(res, 404, { error: { message: `No such setupintent: '${parts[2]}'` } });
        const expand = url.searchParams.getAll('expand[]');
        return json(res, 200, expand.includes('payment_method') && intent.payment_method ? { ...intent, payment_method: intents.methodOf(intent.payment_method) } : intent);
      }
      if (parts[1] === 'events' && req.method === 'GET') {
        const event = events.get(parts[2] ?? '');
        return event ? json(res, 200, event) : json(res, 404, { error: { message: 'No such event' } });
      }
      return json(res, 404, { error: { message: 'Unrecognized request URL (local Stripe stand-in)' } });
    },
  };

  return {
    prefix: '/local/checkout/',
    apiPage,
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const pending of scheduled) clearTimeout(pending);
      scheduled.clear();
      await Promise.all(delivering);
    },
    async handle(req, res, url) {
      const [sessionId, action] = url.pathname.slice('/local/checkout/'.length).split('/');
      const session = sessions.get(sessionId ?? '');
      if (!session) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page('Checkout not found', '<p>This checkout session does not exist (the local stand-in forgets sessions when it restarts).</p>'));
        return;
      }
      if (req.method === 'POST' && action === 'pay') {
        const form = new URLSearchParams(await readText(req));
        if (session.status !== 'open') return redirect(res, `/local/checkout/${session.id}`);
        if (session.mode === 'setup') {
          if (await saveCard(session, form.get('card') ?? LOCAL_TEST_CARDS.visa)) return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
          return redirect(res, `/local/checkout/${session.id}?declined=1`);
        }
        session.status = 'complete';
        session.payment_status = 'paid';
        session.payment_intent = id('pi');
        const email = form.get('email') || session.customer_email;
        session.customer_details = { email: email ?? null, name: form.get('name') || null };
        await emit('checkout.session.completed', session);
        return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
      }
      if (req.method === 'POST' && action === 'refund' && session.payment_intent) {
        refunded.set(session.payment_intent, session.amount_total ?? 0);
        await emit('charge.refunded', { id: id('ch'), object: 'charge', payment_intent: session.payment_intent, amount: session.amount_total, amount_refunded: session.amount_total, refunded: true, metadata: session.metadata });
        return redirect(res, `/local/checkout/${session.id}`);
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(session.mode === 'setup' ? setupPage(session, url.searchParams.has('declined')) : checkoutPage(session));
    },
  };
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

const money = (minor: number, currency: string) => formatMoney(minor, currency);

function checkoutPage(s: Session): string {
  const item = s.line_items[0];
  const summary = `<div class="item"><div><strong>${escape(item.name)}</strong>${item.description ? `<div class="muted">${escape(item.description)}</div>` : ''}</div><div class="amount">${money(s.amount_total ?? 0, s.currency)}</div></div>`;
  if (s.status === 'complete') {
    return page('Paid', `${summary}<p class="ok">Paid. Thank you.</p><form method="post" action="/local/checkout/${s.id}/refund"><button class="secondary">Refund (test)</button></form><p><a href="${escape(s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id))}">Back to the site</a></p>`);
  }
  if (s.status === 'expired') return page('Expired', `${summary}<p class="warn">This checkout has expired. Please start again from the site.</p><p><a href="${escape(s.cancel_url)}">Back to the site</a></p>`);
  return page(
    `Pay ${money(s.amount_total ?? 0, s.currency)}`,
    `${summary}
    <form method="post" action="/local/checkout/${s.id}/pay">
      <label>Email<input name="email" type="email" required value="${escape(s.customer_email ?? '')}" autocomplete="email"></label>
      <label>Name on card<input name="name" autocomplete="cc-name"></label>
      <label>Card number<input value="4242 4242 4242 4242" readonly aria-describedby="note"></label>
      <p id="note" class="muted">Local test checkout: no card is charged. Set STRIPE_SECRET_KEY to use Stripe's test mode instead.</p>
      <button type="submit">Pay ${money(s.amount_total ?? 0, s.currency)}</button>
    </form>
    <p><a href="${escape(s.cancel_url)}">Cancel and return</a></p>`,
  );
}

/** The setup-mode page: a card saved for later, nothing charged; the declined test card shows Stripe's message. */
function setupPage(s: Session, declined: boolean): string {
  const item = s.line_items[0];
  if (s.status === 'complete') return page('Card saved', `<p class="ok">Your card is saved. Nothing was charged.</p><p><a href="${escape(s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id))}">Back to the site</a></p>`);
  if (s.status === 'expired') return page('Expired', `<p class="warn">This checkout has expired. Please start again from the site.</p><p><a href="${escape(s.cancel_url)}">Back to the site</a></p>`);
  return page(
    'Save a card',
    `${item.description ? `<p>${escape(item.description)}</p>` : ''}${declined ? '<p class="warn" role="alert">Your card was declined. Please try another card.</p>' : ''}
    <form method="post" action="/local/checkout/${s.id}/pay">
      <label>Name on card<input name="name" autocomplete="cc-name"></label>
      <label>Card number<select name="card"><option value="${LOCAL_TEST_CARDS.visa}">Visa 4242 4242 4242 4242 (saved)</option><option value="${LOCAL_TEST_CARDS.chargeDeclined}">4000 0000 0000 0341 (saved, charges declined)</option><option value="${LOCAL_TEST_CARDS.chargeNeedsAuthentication}">4000 0027 6000 3184 (saved, charges need authentication)</option><option value="${LOCAL_TEST_CARDS.declined}">4000 0000 0000 0002 (declined)</option></select></label>
      <p class="muted">Local test checkout: no card is saved at a bank. Set STRIPE_SECRET_KEY to use Stripe's test mode instead.</p>
      <button type="submit">Save card</button>
    </form>
    <p><a href="${escape(s.cancel_url)}">Cancel and return</a></p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · Local checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f8fa;margin:0;color:#1f2328}main{max-width:440px;margin:3rem auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:2rem}
.badge{display:inline-block;background:#fff4ce;color:#7a5b00;border-radius:6px;padding:.15rem .5rem;font-size:.8rem;margin-bottom:1rem}h1{font-size:1.4rem;margin:.2rem 0 1.2rem}
.item{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid #eee;padding-bottom:1rem;margin-bottom:1rem}.amount{font-weight:600}.muted{color:#667;font-size:.85rem}
label{display:block;font-size:.9rem;margin:.6rem 0}input,select{display:block;width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #ccd;border-radius:6px;margin-top:.25rem;font-size:1rem}
button{width:100%;background:#50cd89;color:#fff;border:0;border-radius:6px;padding:.75rem;font-size:1rem;font-weight:600;margin-top:.8rem;cursor:pointer}button.secondary{background:#667}
.ok{color:#1a7f37;font-weight:600}.warn{color:#9a6700}a{color:#0969da}</style></head>
<body><main><span class="badge">Test mode · local checkout</span><h1>${escape(title)}</h1>${body}</main></body></html>`;
}
