// The local Stripe stand-in's off-session payments (issue 36): Customers, card PaymentMethods attached
// to them, and PaymentIntents confirmed off-session, in Stripe's own shapes. The test cards are
// Stripe's test PaymentMethods by name: `pm_card_visa` (succeeds), `pm_card_chargeDeclined` (declined,
// card_declined) and `pm_card_authenticationRequired` (the bank wants the cardholder: 402
// authentication_required); attaching one to a customer gives a pm_ of its own, as Stripe does.
// A PaymentIntent answers as Stripe does (402 with the card error and the intent inside it) and sends
// payment_intent.succeeded or payment_intent.payment_failed a moment later. A retried create with the
// same Idempotency-Key answers the first one's answer, also while the first is still running.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currencyRules, formatMoney, isCurrency } from '../../shared/currency';
import { metadataOf, textOf, type StripeForm } from './stripe-form';

type Behaviour = 'succeeds' | 'declined' | 'authentication_required';

/** Stripe's test PaymentMethods, by the name a test attaches (https://docs.stripe.com/testing#cards). */
const TEST_CARDS: Record<string, { behaviour: Behaviour; brand: string; last4: string }> = {
  pm_card_visa: { behaviour: 'succeeds', brand: 'visa', last4: '4242' },
  pm_card_mastercard: { behaviour: 'succeeds', brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { behaviour: 'declined', brand: 'visa', last4: '0002' },
  pm_card_authenticationRequired: { behaviour: 'authentication_required', brand: 'visa', last4: '3184' },
};

/**
 * The card numbers the setup page saves, with what charging them later does (Stripe's test cards:
 * 4000 0000 0000 0341 attaches but its charges are declined; 4000 0027 6000 3184 asks for
 * authentication on every charge, off-session too). 4000 0000 0000 0002 is declined when saved
 * (stripe.ts), as at Stripe: it is never stored.
 */
export const SAVABLE_CARDS: Record<string, { behaviour: Behaviour; brand: string; last4: string }> = {
  '4242424242424242': TEST_CARDS.pm_card_visa,
  '4000000000000341': { behaviour: 'declined', brand: 'visa', last4: '0341' },
  '4000002760003184': TEST_CARDS.pm_card_authenticationRequired,
};

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string };
  customer: string | null;
  created: number;
  livemode: false;
  behaviour: Behaviour;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: 'succeeded' | 'requires_payment_method' | 'requires_action';
  latest_charge: string | null;
  last_payment_error: Record<string, unknown> | null;
  metadata: Record<string, string>;
  client_secret: string;
  off_session: boolean;
  created: number;
  livemode: false;
}

const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export type PublicPaymentMethod = Omit<PaymentMethod, 'behaviour'>;

export interface LocalIntents {
  /** Answers the request when it is one of these routes (true), else leaves it (false). */
  handle: (req: IncomingMessage, res: ServerResponse, parts: string[], form: () => Promise<StripeForm>, query: URLSearchParams) => Promise<boolean>;
  /**
   * A card saved on the setup page (a number of SAVABLE_CARDS) attached to `customerId`: the same store
   * the PaymentIntents charge from, so a card saved in setup mode can be charged off-session.
   */
  saveCard: (number: string, customerId: string | null) => PublicPaymentMethod | undefined;
  /** A stored PaymentMethod as Stripe shows it (setup_intents' expand[]=payment_method). */
  methodOf: (id: string) => PublicPaymentMethod | undefined;
  /** A succeeded intent as the refunds route needs it (the same fields as a paid Checkout session's). */
  paymentOf: (paymentIntentId: string) => { payment_intent: string; amount_total: number; currency: string; metadata: Record<string, string> } | undefined;
}

/** `customers`: the stand-in's one store of Customers (./stripe.ts creates and reads them). */
export function createLocalIntents(emitSoon: (type: string, object: unknown) => void, customers: ReadonlyMap<string, unknown>): LocalIntents {
  const methods = new Map<string, PaymentMethod>();
  const intents = new Map<string, PaymentIntent>();
  /** Answers by Idempotency-Key: a retry (or the same request at once) gets the first answer. */
  const answers = new Map<string, Promise<{ status: number; body: unknown }>>();

  const publicMethod = ({ behaviour: _, ...pm }: PaymentMethod) => pm;

  function confirm(form: StripeForm): { status: number; body: unknown } {
    const amount = Number(textOf(form, 'amount'));
    const currency = textOf(form, 'currency') ?? '';
    const customer = textOf(form, 'customer');
    if (!isCurrency(currency)) return { status: 400, body: { error: { type: 'invalid_request_error', message: `Invalid currency: ${currency}` } } };
    const rules = currencyRules(currency);
    if (!Number.isInteger(amount) || amount < rules.minMinor) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_small', message: `Amount must be at least ${formatMoney(rules.minMinor, currency)}` } } };
    const methodId = textOf(form, 'payment_method');
    const method = methods.get(methodId ?? '');
    if (!method) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${methodId}'` } } };
    if (customer && method.customer !== customer) {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: `The provided PaymentMethod ${method.id} does not belong to the Customer ${customer}.` } } };
    }
    const intent: PaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer: customer ?? null,
      payment_method: method.id,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      metadata: metadataOf(form),
      client_secret: '',
      off_session: textOf(form, 'off_session') === 'true',
      created: now(),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    intents.set(intent.id, intent);
    if (textOf(form, 'confirm') !== 'true') return { status: 200, body: intent };
    if (method.behaviour === 'succeeds') {
      Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: id('ch') });
      emitSoon('payment_intent.succeeded', intent);
      return { status: 200, body: intent };
    }
    // Off-session, a card the bank wants authenticated fails like a decline (Stripe: 402, the intent
    // back to requires_payment_method); on-session it would wait in requires_action.
    const code = method.behaviour === 'declined' ? 'card_declined' : 'authentication_required';
    const error = {
      type: 'card_error',
      code,
      decline_code: method.behaviour === 'declined' ? 'generic_decline' : 'authentication_required',
      message: method.behaviour === 'declined' ? 'Your card was declined.' : 'Your card was declined. This transaction requires authentication.',
      payment_method: publicMethod(method),
    };
    Object.assign(intent, { status: intent.off_session ? 'requires_payment_method' : 'requires_action', last_payment_error: error });
    emitSoon('payment_intent.payment_failed', intent);
    return { status: 402, body: { error: { ...error, payment_intent: intent } } };
  }

  function newMethod(card: { behaviour: Behaviour; brand: string; last4: string }, customer: string | null): PaymentMethod {
    return {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getFullYear() + 3, country: 'US' },
      customer,
      created: now(),
      livemode: false,
      behaviour: card.behaviour,
    };
  }

  return {
    saveCard(number, customerId) {
      const card = SAVABLE_CARDS[number.replace(/\s/g, '')];
      if (!card) return undefined;
      const method = newMethod(card, customerId);
      methods.set(method.id, method);
      return publicMethod(method);
    },
    methodOf(methodId) {
      const method = methods.get(methodId);
      return method && publicMethod(method);
    },
    paymentOf(paymentIntentId) {
      const intent = intents.get(paymentIntentId);
      if (!intent || intent.status !== 'succeeded') return undefined;
      return { payment_intent: intent.id, amount_total: intent.amount, currency: intent.currency, metadata: intent.metadata };
    },
    async handle(req, res, parts, form, query) {
      const [, resource, ref, action] = parts; // v1, customers|payment_methods|payment_intents, id, action
      if (resource === 'payment_methods' && ref && action === 'attach' && req.method === 'POST') {
        const customerId = String(textOf(await form(), 'customer'));
        const card = TEST_CARDS[ref];
        const existing = methods.get(ref);
        if (!customers.has(customerId)) return (json(res, 400, { error: { type: 'invalid_request_error', message: `No such customer: '${customerId}'` } }), true);
        if (!card && !existing) return (json(res, 400, { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${ref}'` } }), true);
        const method: PaymentMethod = existing ?? newMethod(card, null);
        method.customer = customerId;
        methods.set(method.id, method);
        json(res, 200, publicMethod(method));
        return true;
      }
      if (resource === 'payment_methods' && ref && !action && req.method === 'GET') {
        const method = methods.get(ref);
        json(res, method ? 200 : 404, method ? publicMethod(method) : { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${ref}'` } });
        return true;
      }
      if (resource !== 'payment_intents') return false;
      if (req.method === 'POST' && !ref) {
        const key = req.headers['idempotency-key'];
        const f = await form();
        let answer = typeof key === 'string' ? answers.get(key) : undefined;
        if (!answer) {
          answer = Promise.resolve(confirm(f));
          if (typeof key === 'string') answers.set(key, answer);
        }
        const { status, body } = await answer;
        json(res, status, body);
        return true;
      }
      if (req.method === 'GET' && !ref) {
        const customer = query.get('customer');
        const data = [...intents.values()].filter((i) => !customer || i.customer === customer).sort((a, b) => b.created - a.created);
        json(res, 200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' });
        return true;
      }
      if (req.method === 'GET' && ref) {
        const intent = intents.get(ref);
        json(res, intent ? 200 : 404, intent ?? { error: { type: 'invalid_request_error', message: `No such payment_intent: '${ref}'` } });
        return true;
      }
      return false;
    },
  };
}
