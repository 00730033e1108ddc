// Card payments of the public form over HTTP: the server prices the Checkout session (tampering is
// refused), return addresses stay on the site, and Stripe's signed events move the payment once:
// paid (staff told, receipt mailed through the outbox), a replay, a bad signature or the same session
// under several event ids changes nothing more, expiry and refund; under faults, an event claimed by
// an attempt that died or arriving before its payment record is processed later, never lost; a paid
// amount that differs from the price is recorded but flagged.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { api, mailsTo, signUpOwner, uniqueEmail, waitForMails, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, logs, perms } from '../support/members';
import { expireLocalCheckout, leaveClaimBehind, payLocalCheckout, sendStripeEvent, stripeEvent, stripeEventRecord, withhold } from '../support/stripe';
import type { Json } from '../support/json';

async function apiKeyOf(owner: Owner): Promise<string> {
  return (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
}

interface Setup {
  owner: Owner;
  apiKey: string;
  formId: string;
  fixed: string;
  custom: string;
  free: string;
}

/** A form offering a fixed $40 package, a custom-amount package from $25, and a non-payable one. */
async function setUp(tag: string): Promise<Setup> {
  const owner = await signUpOwner(tag);
  const apiKey = await apiKeyOf(owner);
  const make = async (body: Record<string, unknown>) => (await api('POST', '/packages', { token: owner.token, body })).body.data.id as string;
  const fixed = await make({ name: 'Assessment', price: 40, isPayable: true });
  const custom = await make({ name: 'Donation', price: 25, customAmountEnabled: true, isPayable: true });
  const free = await make({ name: 'Callback', price: 0, isPayable: false });
  const form = (await api('POST', '/form-builder/form', {
    token: owner.token,
    body: { name: 'Booking form', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }, { id: 'name', label: 'Name', type: 'text' }], packageIds: [fixed, custom, free] },
  })).body.data;
  return { owner, apiKey, formId: form.id, fixed, custom, free };
}

async function submit(s: Setup, packageId: string, email = uniqueEmail('payer')) {
  const res = await api('POST', `/form-builder/form/${s.formId}/submissions`, { body: { apiKey: s.apiKey, packageId, items: [{ fieldId: 'email', value: email }, { fieldId: 'name', value: 'Pat Payer' }] } });
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${res.body.message}`);
  return { submissionId: res.body.data.submissionId as string, email };
}

const session = (s: Setup, submissionId: string, packageId: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/leads/payments/session', { body: { formId: s.formId, apiKey: s.apiKey, packageId, submissionId, currency: 'usd', ...extra } });

const payment = async (s: Setup, id: string) => (await api('GET', `/payment/submission/${id}`, { token: s.owner.token })).body.data;
const lead = async (s: Setup, id: string) => (await api('GET', `/leads/${id}`, { token: s.owner.token })).body.data;
const staffNotes = async (token: string, title: string) => ((await api('GET', '/notifications', { token })).body.data as { title: string; message: string }[]).filter((n) => n.title === title);

/** Staff notes of `title` once `count` are there (notices leave through the outbox). */
const staffNotesSoon = (token: string, title: string, count = 1) =>
  eventually(async () => {
    const notes = await staffNotes(token, title);
    return notes.length >= count ? notes : undefined;
  }, `${count} "${title}" notice(s)`);

/** Mails and notices are delivered just after their change; a second one would come as fast. */
const SETTLE_MS = 1500;

/** A completed Checkout session for a payment opened by `session()`, as Stripe sends it. */
function paidSession(s: Setup, opened: { paymentId: string; sessionId: string }, submissionId: string, email: string, over: Record<string, unknown> = {}) {
  return {
    id: opened.sessionId, object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: 4000, currency: 'usd', payment_intent: `pi_test_${opened.paymentId}`,
    customer_email: email, customer_details: { email, name: 'Pat Payer' }, metadata: { kind: 'form-payment', orgId: s.owner.orgId, paymentId: opened.paymentId, formId: s.formId, submissionId },
    ...over,
  };
}

describe('payment link: the server decides the price', () => {
  it('refuses tampered amounts, unpayable packages, foreign return addresses, and records nothing', async () => {
    const s = await setUp('paytamper');
    const { submissionId } = await submit(s, s.fixed);
    const custom = await submit(s, s.custom);
    const refuse = (res: Awaited<ReturnType<typeof session>>, status: number, message: string) => {
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    };
    refuse(await session(s, submissionId, s.fixed, { amount: 0.5 }), 400, 'This package has a fixed price; no amount may be sent.');
    refuse(await session(s, submissionId, s.fixed, { amount: '40' }), 400, 'This package has a fixed price; no amount may be sent.');
    refuse(await session(s, custom.submissionId, s.custom, { amount: 24.99 }), 400, 'The amount must be at least $25.00 for this package.');
    refuse(await session(s, custom.submissionId, s.custom, { amount: 0.49 }), 400, 'Please enter a valid custom amount (minimum $0.50)');
    refuse(await session(s, custom.submissionId, s.custom, {}), 400, 'Please enter a valid custom amount (minimum $0.50)');
    refuse(await session(s, custom.submissionId, s.custom, { amount: '30.001' }), 400, 'Amount must have no more than 2 decimal places');
    refuse(await session(s, custom.submissionId, s.custom, { amount: -50 }), 400, 'Please enter a valid custom amount (minimum $0.50)');
    const free = await submit(s, s.free);
    refuse(await session(s, free.submissionId, s.free), 400, 'This package cannot be paid online.');
    // The package's currency decides (issue 26): a page naming another is out of date.
    refuse(await session(s, submissionId, s.fixed, { currency: 'eur' }), 400, 'This package is priced in USD. Please reload the page.');
    refuse(await session(s, submissionId, s.custom, { amount: 30 }), 400, 'The package differs from the one chosen in the form.');
    refuse(await session(s, submissionId, 'not-on-this-form'), 400, 'The selected package is not available for this form.');
    refuse(await session(s, submissionId, s.fixed, { successUrl: 'https://evil.example/thanks' }), 400, 'The return address must be on this site.');
    refuse(await session(s, submissionId, s.fixed, { cancelUrl: '//evil.example/x' }), 400, 'The return address must be on this site.');
    refuse(await session(s, 'no-such-submission', s.fixed), 404, 'This submission is not available.');

    const other = await setUp('paytamper2');
    const theirs = await submit(other, other.fixed);
    refuse(await session(s, theirs.submissionId, s.fixed), 404, 'This submission is not available.');
    refuse(await api('POST', '/leads/payments/session', { body: { formId: s.formId, apiKey: other.apiKey, packageId: s.fixed, submissionId } }), 404, 'This form is not available.');

    const list = await api('GET', `/leads/payment-submissions/form/${s.formId}`, { token: s.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([]);
    expect((await lead(s, submissionId)).paymentStatus).toBe('none');
  });

  it('opens Checkout at the package price and, for a custom amount, at the amount given', async () => {
    const s = await setUp('payprice');
    const { submissionId } = await submit(s, s.fixed);
    const res = await session(s, submissionId, s.fixed);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ url: expect.stringContaining('/local/checkout/cs_test_'), sessionId: expect.any(String), amountMinor: 4000, currency: 'usd' });
    expect(await (await fetch(res.body.data.url)).text()).toContain('$40.00');
    expect(await payment(s, res.body.data.paymentId)).toMatchObject({ status: 'pending', amountCents: 4000, amount: 40, packageName: 'Assessment', formName: 'Booking form', submissionId, stripeSessionId: res.body.data.sessionId });
    expect((await lead(s, submissionId)).paymentStatus).toBe('pending');

    const custom = await submit(s, s.custom);
    const c = await session(s, custom.submissionId, s.custom, { amount: '75.25', successUrl: '/thanks?session={CHECKOUT_SESSION_ID}' });
    expect(c.status).toBe(201);
    expect(c.body.data.amountMinor).toBe(7525);
    expect(await (await fetch(c.body.data.url)).text()).toContain('$75.25');
    expect(await payLocalCheckout(c.body.data.url, custom.email)).toBe(`${inject('appUrl')}/thanks?session=${c.body.data.sessionId}`);
  });
});

describe('payment events', () => {
  it('the local checkout pays: paid once, staff told, the payer mailed a receipt; no second payment', async () => {
    const s = await setUp('paypaid');
    const reader = await addMember(s.owner, perms({ FORMS: 'r', Notifications: 'r' }), { tag: 'payreader' });
    const { submissionId, email } = await submit(s, s.fixed);
    const res = await session(s, submissionId, s.fixed);
    const location = await payLocalCheckout(res.body.data.url, email);
    expect(location).toBe(`${inject('appUrl')}/form-builder/public/${s.formId}/${s.apiKey}?payment=success&session_id=${res.body.data.sessionId}`);

    const paid = await payment(s, res.body.data.paymentId);
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: 4000, payerEmail: email, paidAt: expect.any(String), paymentIntentId: expect.stringMatching(/^pi_/), needsAttention: null });
    expect((await lead(s, submissionId))).toMatchObject({ paymentStatus: 'paid', payments: [expect.objectContaining({ id: res.body.data.paymentId, status: 'paid' })] });
    const listed = await api('GET', `/leads/payment-submissions/form/${s.formId}`, { token: reader.token });
    expect(listed.body.data.items.map((p: Json) => [p.id, p.status])).toEqual([[res.body.data.paymentId, 'paid']]);

    const receipts = await waitForMails(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Payment receipt from paypaid Clinic');
    expect(receipts[0].body.text).toContain('Amount: $40.00 (USD)');
    expect(receipts[0].body.text).toContain('Package: Assessment');
    expect(receipts[0].body.text).toContain('Form: Booking form');
    expect(receipts[0].body.text).toMatch(/Date: \w+ \d{1,2}, \d{4}/);
    expect(await staffNotesSoon(reader.token, 'Payment received')).toEqual([expect.objectContaining({ message: `$40.00 paid for "Assessment" on "Booking form" by ${email}.` })]);

    const again = await session(s, submissionId, s.fixed);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This submission is paid already.');
  });

  it('a signed event marks the payment paid once; a replay or a redelivery changes nothing; a bad signature is refused', async () => {
    const s = await setUp('payreplay');
    const { submissionId, email } = await submit(s, s.fixed);
    const res = await session(s, submissionId, s.fixed);
    const { paymentId, sessionId } = res.body.data;
    const object = {
      id: sessionId, object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: 4000, currency: 'usd', payment_intent: 'pi_test_replay',
      customer_email: email, customer_details: { email, name: 'Pat Payer' }, metadata: { kind: 'form-payment', orgId: s.owner.orgId, paymentId, formId: s.formId, submissionId },
    };

    const forged = await sendStripeEvent(stripeEvent('checkout.session.completed', object), 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(await payment(s, paymentId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await mailsTo(email)).toHaveLength(0);

    const event = stripeEvent('checkout.session.completed', object);
    const first = await sendStripeEvent(event);
    expect(first.status).toBe(200);
    expect(first.body.data?.outcome).toBe('processed');
    const paid = await payment(s, paymentId);
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: 4000, paymentIntentId: 'pi_test_replay' });

    const replay = await sendStripeEvent(event);
    expect(replay.body.data?.outcome).toBe('duplicate');
    const redelivered = await sendStripeEvent(stripeEvent('checkout.session.async_payment_succeeded', object));
    expect(redelivered.body.data?.outcome).toBe('processed');
    expect(await payment(s, paymentId)).toEqual(paid);
    await waitForMails(email);
    await staffNotesSoon(s.owner.token, 'Payment received');
    await sleep(SETTLE_MS);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await staffNotes(s.owner.token, 'Payment received')).toHaveLength(1);

    // A refund event (the charge names the payment intent) moves paid -> refunded, once.
    const refund = stripeEvent('charge.refunded', { id: 'ch_test', object: 'charge', payment_intent: 'pi_test_replay', amount: 4000, amount_refunded: 4000, refunded: true });
    expect((await sendStripeEvent(refund)).body.data?.outcome).toBe('processed');
    expect(await payment(s, paymentId)).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    expect((await lead(s, submissionId)).paymentStatus).toBe('refunded');
    expect((await sendStripeEvent(stripeEvent('charge.refunded', refund.data.object))).body.data?.outcome).toBe('processed');
    expect(await staffNotesSoon(s.owner.token, 'Payment refunded')).toEqual([expect.objectContaining({ message: '$40.00 of $40.00 refunded for "Assessment" on "Booking form".' })]);
    await sleep(SETTLE_MS);
    expect(await staffNotes(s.owner.token, 'Payment refunded')).toHaveLength(1);
  });

  it('an expired checkout marks the payment expired, and the visitor may start again', async () => {
    const s = await setUp('payexpire');
    const { submissionId } = await submit(s, s.fixed);
    const first = (await session(s, submissionId, s.fixed)).body.data;
    const second = (await session(s, submissionId, s.fixed)).body.data;
    // The expiry of an older try leaves the lead on its current (second) payment.
    expect(await expireLocalCheckout(first.sessionId)).toBe(200);
    expect(await payment(s, first.paymentId)).toMatchObject({ status: 'expired' });
    expect(await lead(s, submissionId)).toMatchObject({ paymentStatus: 'pending', paymentId: second.paymentId });

    expect(await expireLocalCheckout(second.sessionId)).toBe(200);
    expect(await payment(s, second.paymentId)).toMatchObject({ status: 'expired' });
    expect((await lead(s, submissionId)).paymentStatus).toBe('expired');

    const third = await session(s, submissionId, s.fixed);
    expect(third.status).toBe(201);
    expect((await lead(s, submissionId)).paymentStatus).toBe('pending');
  });

  it('a refund on the local checkout marks the payment refunded', async () => {
    const s = await setUp('payrefund');
    const { submissionId, email } = await submit(s, s.fixed);
    const res = (await session(s, submissionId, s.fixed)).body.data;
    await payLocalCheckout(res.url, email);
    const refund = await fetch(`${res.url}/refund`, { method: 'POST', redirect: 'manual' });
    expect(refund.status).toBe(303);
    expect(await payment(s, res.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    // A refunded submission may be paid again.
    expect((await session(s, submissionId, s.fixed)).status).toBe(201);
  });
});

describe('payment events under faults', () => {
  it('one session completed under 5 event ids at once: paid once, exactly 1 receipt and 1 staff notice', async () => {
    const s = await setUp('payfive');
    const { submissionId, email } = await submit(s, s.fixed);
    const opened = (await session(s, submissionId, s.fixed)).body.data;
    const object = paidSession(s, opened, submissionId, email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendStripeEvent(stripeEvent('checkout.session.completed', object))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.data?.outcome)).toEqual(Array(5).fill('processed'));
    expect(await payment(s, opened.paymentId)).toMatchObject({ status: 'paid', amountPaidCents: 4000 });

    const receipts = await waitForMails(email);
    await staffNotesSoon(s.owner.token, 'Payment received');
    await sleep(SETTLE_MS);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(receipts[0].subject).toBe('Payment receipt from payfive Clinic');
    expect(await staffNotes(s.owner.token, 'Payment received')).toHaveLength(1);
  });

  it('an event claimed by an attempt that died is refused while its lease runs and processed on the next delivery after it', async () => {
    const s = await setUp('paylease');
    const { submissionId, email } = await submit(s, s.fixed);
    const opened = (await session(s, submissionId, s.fixed)).body.data;
    const event = stripeEvent('checkout.session.completed', paidSession(s, opened, submissionId, email));

    await leaveClaimBehind(event.id, event.type, Date.now() + 30_000);
    const during = await sendStripeEvent(event);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await payment(s, opened.paymentId)).toMatchObject({ status: 'pending' });

    await leaveClaimBehind(event.id, event.type, Date.now() - 1_000); // the lease is over
    const after = await sendStripeEvent(event);
    expect(after.status).toBe(200);
    expect(after.body.data?.outcome).toBe('processed');
    expect(await payment(s, opened.paymentId)).toMatchObject({ status: 'paid' });
    expect(await stripeEventRecord(event.id)).toMatchObject({ status: 'done', outcome: 'completed' });
    expect(await waitForMails(email)).toHaveLength(1);
  });

  it('an event that comes before its payment record is answered 503, not burned, and processed when delivered after the record exists', async () => {
    const s = await setUp('payearly');
    const { submissionId, email } = await submit(s, s.fixed);
    const opened = (await session(s, submissionId, s.fixed)).body.data;
    const putBack = await withhold({ pk: `ORG#${s.owner.orgId}#FPAY#${opened.paymentId}`, sk: 'FPAY' });
    const event = stripeEvent('checkout.session.completed', paidSession(s, opened, submissionId, email));

    const early = await sendStripeEvent(event);
    expect(early.status).toBe(503);
    expect(await stripeEventRecord(event.id)).toBeUndefined();

    await putBack();
    const later = await sendStripeEvent(event);
    expect(later.status).toBe(200);
    expect(later.body.data?.outcome).toBe('processed');
    expect(await payment(s, opened.paymentId)).toMatchObject({ status: 'paid', amountPaidCents: 4000 });
    expect(await waitForMails(email)).toHaveLength(1);
  });

  it('a paid amount that differs from the price is recorded as paid but flagged: staff told, the audit log says so', async () => {
    const s = await setUp('paywrong');
    const { submissionId, email } = await submit(s, s.fixed);
    const opened = (await session(s, submissionId, s.fixed)).body.data;
    const res = await sendStripeEvent(stripeEvent('checkout.session.completed', paidSession(s, opened, submissionId, email, { amount_total: 3000 })));
    expect(res.status).toBe(200);

    const note = 'Paid $30.00, but the price is $40.00. The payment is recorded as paid: check it in Stripe, then refund or collect the difference.';
    expect(await payment(s, opened.paymentId)).toMatchObject({ status: 'paid', amountCents: 4000, amountPaidCents: 3000, needsAttention: note });
    expect((await lead(s, submissionId)).payments).toEqual([expect.objectContaining({ id: opened.paymentId, needsAttention: note })]);
    expect(await staffNotesSoon(s.owner.token, 'Payment needs attention')).toEqual([
      expect.objectContaining({ message: '$30.00 was paid for "Assessment" on "Booking form", but the price is $40.00. Please check the payment.' }),
    ]);
    expect(await staffNotesSoon(s.owner.token, 'Payment received')).toHaveLength(1);
    const entries = (await logs(s.owner, 'module=FORMS&limit=100')).filter((e) => e.recordId === opened.paymentId);
    expect(entries).toEqual([expect.objectContaining({ recordType: 'form-payment', actorId: 'stripe', summary: expect.stringContaining('differs from the price $40.00') })]);
    // The payer was charged $30.00, and the receipt says so.
    expect((await waitForMails(email))[0].body.text).toContain('Amount: $30.00 (USD)');
  });
});

describe('payment state refusals', () => {
  it('needs the FORMS read flag and hides other organisations\' payments', async () => {
    const s = await setUp('paystate');
    const { submissionId } = await submit(s, s.fixed);
    const { paymentId } = (await session(s, submissionId, s.fixed)).body.data;
    expect((await api('GET', `/payment/submission/${paymentId}`)).status).toBe(401);
    const none = await addMember(s.owner, perms({ Members: 'r' }), { tag: 'paynone' });
    expect((await api('GET', `/payment/submission/${paymentId}`, { token: none.token })).status).toBe(403);
    expect((await api('GET', `/leads/payment-submissions/form/${s.formId}`, { token: none.token })).status).toBe(403);
    const other = await signUpOwner('paystate2');
    expect((await api('GET', `/payment/submission/${paymentId}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `/leads/payment-submissions/form/${s.formId}`, { token: other.token })).status).toBe(404);
  });
});
