// Signed outbound webhooks, end to end on the shared stack: the owner registers an endpoint (a local
// receiver on 127.0.0.1, which only the local stack allows), a booking's changes write events in their
// transactions, the stack's outbox worker fans them out and POSTs them, signed. Retries are driven the
// way test/integration/outbox.test.ts drives them: the worker's deliver() is called in this process at
// the time the retry is due.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventBody } from '#shared/webhooks/schemas';
import { api, signUpOwner, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { ALL, addMember } from '../support/members';
import { payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { bookingForm } from './appointments-support';
import { dayAhead, holdBooking, newClinic, type Clinic } from './booking-support';

type WorkerModule = typeof import('../../functions/outbox/deliver');
let worker: WorkerModule;

beforeAll(async () => {
  // The worker reads its configuration from the environment, as in Lambda.
  for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
  worker = await import('../../functions/outbox/deliver');
});
afterAll(() => vi.unstubAllEnvs());

interface Received {
  headers: IncomingMessage['headers'];
  raw: string;
  body: WebhookEventBody;
  at: number;
}

/** A receiver on a free port; `answer` decides each reply (by the number of the request, from 1). */
async function receiver(answer: (n: number, res: ServerResponse, body: WebhookEventBody) => void = (_n, res) => res.end('ok')) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as WebhookEventBody;
      received.push({ headers: req.headers, raw, body, at: Date.now() });
      answer(received.length, res, body);
      if (!res.writableEnded) hanging.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      for (const res of hanging) res.destroy();
      server.close();
    },
  };
}

/** What a receiver does with Clinic-Signature (README "Webhooks"). */
function verifySignature(header: string, raw: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function addEndpoint(owner: Owner, url: string, events: string[]) {
  const res = await api('POST', '/organization/webhooks', { token: owner.token, body: { url, events, description: 'Test receiver' } });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { endpoint: WebhookEndpoint; secret: string };
}

async function deliveries(owner: Owner, endpointId: string): Promise<WebhookDelivery[]> {
  const res = await api('GET', `/organization/webhooks/${endpointId}/deliveries`, { token: owner.token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.items;
}

/** Waits until the endpoint's log has a delivery matching `probe`. */
const deliveryWhere = (owner: Owner, endpointId: string, probe: (d: WebhookDelivery) => boolean, what: string, timeoutMs = 10_000) =>
  eventually(async () => (await deliveries(owner, endpointId)).find(probe), what, timeoutMs);

/** One failed try recorded and the next one scheduled (not while the worker still holds the row). */
const retriedAfterOneTry = (d: WebhookDelivery) => d.attempts === 1 && d.status === 'pending' && d.nextAttemptAt !== undefined;

/** Delivers a pending delivery in this process as the sweep would, at its next try's time. */
async function retryNow(delivery: WebhookDelivery) {
  const at = new Date(Date.parse(delivery.nextAttemptAt!) + 1);
  return worker.deliver(`webhook-${delivery.id}`, at);
}

const bookingDay = (offset: number) => dayAhead(20 + offset);

describe('webhook endpoints', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('webhooks');
  });

  it('are added with a secret shown once, listed without it, changed and removed', async () => {
    const { endpoint, secret } = await addEndpoint(clinic.owner, 'https://hooks.example.com/clinic', ['booking.confirmed', 'lead.created']);
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/clinic', events: ['booking.confirmed', 'lead.created'], enabled: true, description: 'Test receiver' });
    expect(endpoint.secretHint).toBe(`whsec_…${secret.slice(-4)}`);

    const list = await api('GET', '/organization/webhooks', { token: clinic.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([endpoint]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const changed = await api('PUT', `/organization/webhooks/${endpoint.id}`, {
      token: clinic.owner.token,
      body: { url: 'https://hooks.example.com/v2', events: ['payment.succeeded'], enabled: false },
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.message).toBe('The endpoint is updated.');
    expect(changed.body.data).toMatchObject({ id: endpoint.id, url: 'https://hooks.example.com/v2', events: ['payment.succeeded'], enabled: false });
    expect(changed.body.data.description).toBeUndefined();

    const removed = await api('DELETE', `/organization/webhooks/${endpoint.id}`, { token: clinic.owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('The endpoint is removed.');
    expect((await api('GET', '/organization/webhooks', { token: clinic.owner.token })).body.data.items).toEqual([]);
    expect((await api('DELETE', `/organization/webhooks/${endpoint.id}`, { token: clinic.owner.token })).status).toBe(404);
  });

  it('refuse URLs that are not https or not on a public address, and other bad input, with 400', async () => {
    const cases: [string, string][] = [
      ['https://10.0.0.1/x', 'The URL must point to a public address.'],
      ['https://169.254.169.254/', 'The URL must point to a public address.'],
      ['https://192.168.1.20/hook', 'The URL must point to a public address.'],
      ['https://[fd00::1]/hook', 'The URL must point to a public address.'],
      ['http://example.com', 'The URL must use https.'],
      ['not a url', 'The URL is not valid.'],
    ];
    for (const [url, message] of cases) {
      const res = await api('POST', '/organization/webhooks', { token: clinic.owner.token, body: { url, events: ['booking.confirmed'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(message);
      expect(res.body.errors?.url, url).toBe(message);
    }
    const none = await api('POST', '/organization/webhooks', { token: clinic.owner.token, body: { url: 'https://hooks.example.com', events: [] } });
    expect(none.status).toBe(400);
    expect(none.body.errors?.events).toBe('Choose at least one event');
    const unknown = await api('POST', '/organization/webhooks', { token: clinic.owner.token, body: { url: 'https://hooks.example.com', events: ['booking.eaten'] } });
    expect(unknown.status).toBe(400);
    // Nothing was added by any of them.
    expect((await api('GET', '/organization/webhooks', { token: clinic.owner.token })).body.data.items).toEqual([]);
  });

  it('are limited per organisation', async () => {
    const owner = await signUpOwner('webhooks-limit');
    for (let i = 0; i < 10; i++) await addEndpoint(owner, `https://hooks.example.com/${i}`, ['lead.created']);
    const over = await api('POST', '/organization/webhooks', { token: owner.token, body: { url: 'https://hooks.example.com/11', events: ['lead.created'] } });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/up to 10 webhook endpoints/);
  });

  it('are the owner’s alone: a member gets 403, another organisation 404, no token 401', async () => {
    const { endpoint } = await addEndpoint(clinic.owner, 'https://hooks.example.com/private', ['booking.held']);
    const member = await addMember(clinic.owner, ALL);
    expect((await api('GET', '/organization/webhooks', { token: member.token })).status).toBe(403);
    expect((await api('POST', '/organization/webhooks', { token: member.token, body: { url: 'https://hooks.example.com/m', events: ['booking.held'] } })).status).toBe(403);
    expect((await api('GET', `/organization/webhooks/${endpoint.id}/deliveries`, { token: member.token })).status).toBe(403);
    expect((await api('GET', '/organization/webhooks')).status).toBe(401);

    const other = await signUpOwner('webhooks-other');
    expect((await api('GET', '/organization/webhooks', { token: other.token })).body.data.items).toEqual([]);
    const body = { url: 'https://hooks.example.com/taken', events: ['booking.held'], enabled: true };
    expect((await api('PUT', `/organization/webhooks/${endpoint.id}`, { token: other.token, body })).status).toBe(404);
    expect((await api('GET', `/organization/webhooks/${endpoint.id}/deliveries`, { token: other.token })).status).toBe(404);
    expect((await api('POST', `/organization/webhooks/${endpoint.id}/deliveries/dlv_000000000000000000000000/resend`, { token: other.token })).status).toBe(404);
    expect((await api('DELETE', `/organization/webhooks/${endpoint.id}`, { token: other.token })).status).toBe(404);
    // Still there, unchanged.
    const mine = await api('GET', '/organization/webhooks', { token: clinic.owner.token });
    expect(mine.body.data.items).toContainEqual(endpoint);
    await api('DELETE', `/organization/webhooks/${endpoint.id}`, { token: clinic.owner.token });
  });
});

describe('webhook deliveries', () => {
  it('send booking.confirmed once after a paid booking, signed with the endpoint’s secret', async () => {
    const clinic = await newClinic('webhooks-paid');
    const hook = await receiver();
    try {
      const { endpoint, secret } = await addEndpoint(clinic.owner, hook.url, ['booking.confirmed']);
      const held = await holdBooking(clinic, bookingDay(1), '10:00');
      await payLocalCheckout(held.checkoutUrl, held.email);

      await eventually(() => (hook.received.length ? true : undefined), 'the confirmed event');
      const [got] = hook.received;
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['user-agent']).toMatch(/^ClinicSuite-Webhooks\//);
      expect(got.headers['clinic-event-id']).toBe(got.body.id);
      expect(verifySignature(String(got.headers['clinic-signature']), got.raw, secret)).toBe(true);
      expect(verifySignature(String(got.headers['clinic-signature']), got.raw, 'whsec_wrong')).toBe(false);
      expect(got.body).toMatchObject({
        id: expect.stringMatching(/^evt_/),
        type: 'booking.confirmed',
        organizationId: clinic.owner.orgId,
        data: { object: { object: 'booking', id: held.id, status: 'confirmed', paymentStatus: 'paid', email: held.email, priceCents: 4950, amountPaidCents: 4950, practitioner: null } },
      });
      // A plain view: no Stripe session, no checkout link, no table keys.
      expect(got.raw).not.toMatch(/checkoutUrl|stripeSessionId|"pk"|"sk"|ORG#/);

      const [delivery] = await eventually(async () => {
        const log = await deliveries(clinic.owner, endpoint.id);
        return log[0]?.status === 'succeeded' ? log : undefined;
      }, 'the delivery logged');
      expect(delivery).toMatchObject({ eventId: got.body.id, eventType: 'booking.confirmed', status: 'succeeded', attempts: 1, responseStatus: 200, lastAttemptAt: expect.any(String) });

      // Stripe's event again (the same event twice, and a new event id for the same session): one event still.
      const completed = stripeEvent('checkout.session.completed', await stripeSession(sessionIdOf(held.checkoutUrl)));
      for (const event of [completed, completed, stripeEvent('checkout.session.completed', completed.data.object)]) {
        expect((await sendStripeEvent(event)).status).toBe(200);
      }
      // Once: a sweep and a moment later, still one.
      await worker.sweep();
      await new Promise((r) => setTimeout(r, 1_000));
      expect(hook.received).toHaveLength(1);
    } finally {
      hook.close();
    }
  });

  it('name the practitioner of a booking made with one', async () => {
    const clinic = await newClinic('webhooks-practitioner');
    const hook = await receiver();
    try {
      await addEndpoint(clinic.owner, hook.url, ['booking.held']);
      const hours = [{ start: '08:00', end: '18:00' }];
      const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
      const practitioner = await api('POST', '/practitioners', { token: clinic.owner.token, body: { name: 'Dr Ana Ruiz', weeklyHours } });
      expect(practitioner.status).toBe(201);
      const pkg = await api('PUT', `/bookings/packages/${clinic.packageId}`, { token: clinic.owner.token, body: { durationMinutes: 60, practitionerIds: [practitioner.body.data.id] } });
      expect(pkg.status).toBe(200);
      await holdBooking(clinic, bookingDay(2), '10:00');
      await eventually(() => (hook.received.length ? true : undefined), 'the held event');
      expect(hook.received[0].body.data.object).toMatchObject({ object: 'booking', status: 'held', practitioner: { id: practitioner.body.data.id, name: 'Dr Ana Ruiz' } });
    } finally {
      hook.close();
    }
  });

  it('retry a receiver that fails (500, then 200), log each try, and resend as a new try of the same event', async () => {
    const clinic = await newClinic('webhooks-retry');
    const hook = await receiver((n, res) => {
      res.statusCode = n === 1 ? 500 : 200;
      res.end();
    });
    try {
      const { endpoint } = await addEndpoint(clinic.owner, hook.url, ['booking.held']);
      await holdBooking(clinic, bookingDay(2), '11:00');

      const failed = await deliveryWhere(clinic.owner, endpoint.id, retriedAfterOneTry, 'the first try logged');
      expect(failed).toMatchObject({ status: 'pending', responseStatus: 500, eventType: 'booking.held', nextAttemptAt: expect.any(String) });
      // The first pause is a minute.
      expect(Date.parse(failed.nextAttemptAt!) - Date.parse(failed.lastAttemptAt!)).toBeGreaterThanOrEqual(59_000);
      expect(hook.received).toHaveLength(1);

      expect(await retryNow(failed)).toBe('sent');
      const [done] = await deliveries(clinic.owner, endpoint.id);
      expect(done).toMatchObject({ id: failed.id, status: 'succeeded', attempts: 2, responseStatus: 200 });
      expect(done.nextAttemptAt).toBeUndefined();
      expect(hook.received.map((r) => r.body.id)).toEqual([failed.eventId, failed.eventId]);

      const resent = await api('POST', `/organization/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`, { token: clinic.owner.token });
      expect(resent.status, resent.body.message).toBe(202);
      expect(resent.body.data).toMatchObject({ eventId: failed.eventId, eventType: 'booking.held', status: 'pending', attempts: 0 });
      expect(resent.body.data.id).not.toBe(failed.id);
      await eventually(() => (hook.received.length === 3 ? true : undefined), 'the resent event');
      expect(hook.received[2].body.id).toBe(failed.eventId);
      expect(hook.received[2].headers['clinic-event-id']).toBe(failed.eventId);
      const log = await eventually(async () => {
        const items = await deliveries(clinic.owner, endpoint.id);
        return items[0]?.status === 'succeeded' ? items : undefined;
      }, 'the resend logged');
      expect(log.map((d) => [d.id, d.status, d.attempts])).toEqual([
        [resent.body.data.id, 'succeeded', 1],
        [failed.id, 'succeeded', 2],
      ]);
      expect((await api('POST', `/organization/webhooks/${endpoint.id}/deliveries/dlv_nope/resend`, { token: clinic.owner.token })).status).toBe(404);
    } finally {
      hook.close();
    }
  });

  it('hold the pending deliveries of an endpoint turned off, send them when it is on again, and never try after a day', async () => {
    const clinic = await newClinic('webhooks-paused');
    const hook = await receiver((n, res) => {
      res.statusCode = n === 1 || n === 3 ? 500 : 200;
      res.end();
    });
    try {
      const { endpoint } = await addEndpoint(clinic.owner, hook.url, ['booking.held']);
      const turn = async (enabled: boolean) => {
        const res = await api('PUT', `/organization/webhooks/${endpoint.id}`, { token: clinic.owner.token, body: { url: hook.url, events: ['booking.held'], enabled } });
        expect(res.status, res.body.message).toBe(200);
      };
      await holdBooking(clinic, bookingDay(6), '11:00');
      const failed = await deliveryWhere(clinic.owner, endpoint.id, retriedAfterOneTry, 'the first try logged');

      await turn(false);
      expect(await retryNow(failed)).toBe('retry');
      const [waiting] = await deliveries(clinic.owner, endpoint.id);
      expect(waiting).toMatchObject({ id: failed.id, status: 'pending', attempts: 1 });
      expect(hook.received).toHaveLength(1);

      await turn(true);
      expect(await retryNow(waiting)).toBe('sent');
      expect(hook.received.map((r) => r.body.id)).toEqual([failed.eventId, failed.eventId]);

      // A delivery due more than a day after its event is given up without a try.
      await holdBooking(clinic, bookingDay(6), '12:00');
      const late = await deliveryWhere(clinic.owner, endpoint.id, (d) => d.eventId !== failed.eventId && retriedAfterOneTry(d), 'the second event tried');
      expect(late).toMatchObject({ status: 'pending', responseStatus: 500 });
      const dayAfter = new Date(Date.now() + 24 * 3600_000 + 60_000);
      vi.useFakeTimers({ toFake: ['Date'], now: dayAfter });
      try {
        expect(await worker.deliver(`webhook-${late.id}`, dayAfter)).toBe('failed');
      } finally {
        vi.useRealTimers();
      }
      const [given] = await deliveries(clinic.owner, endpoint.id);
      expect(given).toMatchObject({ id: late.id, status: 'failed', attempts: 1 });
      expect(hook.received).toHaveLength(3);
    } finally {
      hook.close();
    }
  });

  it('time out a receiver that hangs, without slowing the request that caused the event, and retry it', async () => {
    const clinic = await newClinic('webhooks-hang');
    // The first request gets no answer at all; later ones are answered.
    const hook = await receiver((n, res) => {
      if (n > 1) res.end('ok');
    });
    try {
      const { endpoint } = await addEndpoint(clinic.owner, hook.url, ['booking.held']);
      const started = Date.now();
      await holdBooking(clinic, bookingDay(3), '12:00');
      expect(Date.now() - started).toBeLessThan(3_000);

      const timedOut = await deliveryWhere(clinic.owner, endpoint.id, retriedAfterOneTry, 'the try that timed out', 20_000);
      expect(timedOut).toMatchObject({ status: 'pending', error: 'No answer within 10 s.' });
      expect(timedOut.responseStatus).toBeUndefined();
      expect(Date.parse(timedOut.lastAttemptAt!) - hook.received[0].at).toBeLessThan(1_000);

      expect(await retryNow(timedOut)).toBe('sent');
      const [done] = await deliveries(clinic.owner, endpoint.id);
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });
      expect(done.error).toBeUndefined();
    } finally {
      hook.close();
    }
  }, 40_000);

  it('deliver the events of one booking in order: a later one waits while an earlier one is failing', async () => {
    const clinic = await newClinic('webhooks-order');
    let failHeld = true;
    const hook = await receiver((_n, res, body) => {
      res.statusCode = body.type === 'booking.held' && failHeld ? 503 : 200;
      res.end();
    });
    try {
      const { endpoint } = await addEndpoint(clinic.owner, hook.url, ['booking.held', 'booking.confirmed']);
      const held = await holdBooking(clinic, bookingDay(4), '13:00');
      const heldDelivery = await deliveryWhere(clinic.owner, endpoint.id, (d) => d.eventType === 'booking.held' && retriedAfterOneTry(d), 'the held event failing');
      expect(heldDelivery.responseStatus).toBe(503);

      await payLocalCheckout(held.checkoutUrl, held.email);
      const waiting = await deliveryWhere(clinic.owner, endpoint.id, (d) => d.eventType === 'booking.confirmed', 'the confirmed event queued');
      // Given time to go out, it has not: it waits behind the held event.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(hook.received.map((r) => r.body.type)).toEqual(['booking.held']);
      expect((await deliveries(clinic.owner, endpoint.id)).find((d) => d.id === waiting.id)).toMatchObject({ status: 'pending', attempts: 0 });

      failHeld = false;
      expect(await retryNow(heldDelivery)).toBe('sent');
      // The held event is through: the confirmed one goes at once, after it.
      await eventually(() => (hook.received.length === 3 ? true : undefined), 'the confirmed event after the held one');
      expect(hook.received.map((r) => r.body.type)).toEqual(['booking.held', 'booking.held', 'booking.confirmed']);
      expect(hook.received[2].body.data.object).toMatchObject({ id: held.id, status: 'confirmed' });
    } finally {
      hook.close();
    }
  });

  it('hold a delivery while an older event of its object is not yet fanned out', async () => {
    const clinic = await newClinic('webhooks-fanout-order');
    const { endpoint } = await addEndpoint(clinic.owner, 'https://hooks.example.com/order', ['booking.held']);
    const data = await import('../../functions/data/webhooks');
    const { transact } = await import('../../functions/data/core');
    const { markOutboxSent } = await import('../../functions/data/outbox');
    const objectKey = `booking:order-${Date.now()}`;
    const at = new Date(Date.now() - 60_000).toISOString();
    // An older event of the object whose fan-out a worker holds (so the stack's own worker leaves it).
    const [item] = await data.webhookEventItems({ orgId: clinic.owner.orgId, type: 'booking.held', changeKey: `held-${objectKey}`, objectKey, object: { id: objectKey }, at });
    const older = item.Put!.Item!;
    Object.assign(older, { status: 'sending', claimToken: 'held-by-test', leaseUntil: new Date(Date.now() + 3600_000).toISOString() });
    await transact([item]);

    const later = {
      deliveryId: 'dlv_later',
      endpointId: endpoint.id,
      objectKey,
      event: { id: 'evt_later', type: 'booking.held' as const, createdAt: new Date().toISOString(), organizationId: clinic.owner.orgId, data: { object: {} } },
    };
    await eventually(async () => ((await data.earlierDeliveryPending(clinic.owner.orgId, later)) ? true : undefined), 'the later delivery waiting');
    // An event of another object, or an older one of this object once fanned out, holds nothing.
    expect(await data.earlierDeliveryPending(clinic.owner.orgId, { ...later, objectKey: `${objectKey}-other` })).toBe(false);
    await markOutboxSent(older.id as string, 'held-by-test');
    await eventually(async () => ((await data.earlierDeliveryPending(clinic.owner.orgId, later)) ? undefined : true), 'the later delivery free to go');
  });

  it('are not written for an organisation with no endpoint that wants the event', async () => {
    const clinic = await newClinic('webhooks-none');
    const hook = await receiver();
    try {
      // Wants leads only: the booking's events are not for it.
      const { endpoint } = await addEndpoint(clinic.owner, hook.url, ['lead.created']);
      await holdBooking(clinic, bookingDay(5), '14:00');
      await new Promise((r) => setTimeout(r, 1_500));
      expect(hook.received).toHaveLength(0);
      expect(await deliveries(clinic.owner, endpoint.id)).toEqual([]);
    } finally {
      hook.close();
    }
  });

  it('tell of payments, public form leads, appointment requests and status changes', async () => {
    const clinic = await newClinic('webhooks-kinds');
    const hook = await receiver();
    try {
      await addEndpoint(clinic.owner, hook.url, ['payment.succeeded', 'lead.created', 'appointment.requested', 'appointment.status_changed']);
      const types = () => hook.received.map((r) => r.body.type).sort();

      // A paid booking: payment.succeeded (its booking events are not asked for).
      const held = await holdBooking(clinic, bookingDay(6), '15:00');
      await payLocalCheckout(held.checkoutUrl, held.email);
      const paid = await eventually(() => hook.received.find((r) => r.body.type === 'payment.succeeded'), 'payment.succeeded');
      expect(paid.body.data.object).toMatchObject({ object: 'payment', id: expect.any(String), for: { type: 'booking', id: held.id }, status: 'succeeded', amountCents: 4950, refundedCents: 0, currency: 'usd' });

      // A public form's submission: lead.created, its answers as staff see them.
      const form = (await api('POST', '/form-builder/form', {
        token: clinic.owner.token,
        body: { name: 'Intake', description: 'Tell us', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }, { id: 'note', label: 'Note', type: 'text' }], packageIds: [], successMessage: 'Thanks!', submitButtonText: 'Send', secondButtonText: '', redirectUrl: '' },
      })).body.data;
      const submitted = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey: clinic.apiKey, items: [{ fieldId: 'email', value: 'lead@example.com' }, { fieldId: 'note', value: 'Call me' }] } });
      expect(submitted.status, submitted.body.message).toBe(201);
      const lead = await eventually(() => hook.received.find((r) => r.body.type === 'lead.created'), 'lead.created');
      expect(lead.body.data.object).toMatchObject({ object: 'lead', formId: form.id, formName: 'Intake', email: 'lead@example.com', answers: [{ fieldId: 'email', label: 'Email', value: 'lead@example.com' }, { fieldId: 'note', label: 'Note', value: 'Call me' }] });

      // A visitor's appointment request, then staff confirming it.
      const requested = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: clinic.apiKey, firstName: 'Webhook' }) });
      expect(requested.status, requested.body.message).toBe(201);
      const asked = await eventually(() => hook.received.find((r) => r.body.type === 'appointment.requested'), 'appointment.requested');
      expect(asked.body.data.object).toMatchObject({ object: 'appointment', id: requested.body.data.id, status: 'requested', firstName: 'Webhook', source: 'public' });
      expect(asked.raw).not.toMatch(/customerId|orgId|inReports/);
      const confirmed = await api('PATCH', `/appointments/${requested.body.data.id}/change-status`, { token: clinic.owner.token, body: { status: 'confirmed' } });
      expect(confirmed.status, confirmed.body.message).toBe(200);
      const changed = await eventually(() => hook.received.find((r) => r.body.type === 'appointment.status_changed'), 'appointment.status_changed');
      expect(changed.body.data.object).toMatchObject({ id: requested.body.data.id, status: 'confirmed', previousStatus: 'requested' });

      await new Promise((r) => setTimeout(r, 500));
      expect(types()).toEqual(['appointment.requested', 'appointment.status_changed', 'lead.created', 'payment.succeeded']);
    } finally {
      hook.close();
    }
  });
});
