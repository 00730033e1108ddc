// Reports and the set-up wizard's progress over HTTP against the embedded stack. The figures come from
// counters kept on write: paid bookings (and one cancelled), appointments moved through their
// statuses, leads received and paid, money received and refunded, all on days in the organisation's
// zone (Pacific/Auckland, far from UTC), across a week boundary (a Sunday and the Monday after).
// A replayed payment event counts nothing more. Refusals: 401, 403 without permission, another
// organisation's figures are never seen.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, uniquePhone, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { leadCounted } from '../support/outbox';
import { addMember, perms } from '../support/members';
import { payLocalCheckout, sendStripeEvent, stripeEvent } from '../support/stripe';
import { bookingForm } from './appointments-support';
import { weekStartOf } from '../../shared/reports/schemas';
import type { Json } from '../support/json';

const ZONE = 'Pacific/Auckland';
const everyDay = () => {
  const hours = [{ start: '08:00', end: '18:00' }];
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
};

const today = () => DateTime.now().setZone(ZONE).toISODate()!;
/** The first Sunday at least 3 days ahead in the clinic's zone, and the Monday after it: two ISO weeks. */
function weekBoundary() {
  let day = DateTime.now().setZone(ZONE).plus({ days: 3 });
  while (day.weekday !== 7) day = day.plus({ days: 1 });
  return { sunday: day.toISODate()!, monday: day.plus({ days: 1 }).toISODate()! };
}

interface Clinic {
  owner: Owner;
  apiKey: string;
  packageId: string;
  formId: string;
  formPackageId: string;
}

async function newClinic(tag: string): Promise<Clinic> {
  const owner = await signUpOwner(tag);
  expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { timeZone: ZONE } })).status).toBe(200);
  const hours = await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: everyDay(), slotMinutes: 60, capacity: 2, closedDates: [], maxDaysAhead: 60 } });
  expect(hours.status).toBe(200);
  const pkg = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5 } });
  expect(pkg.status).toBe(201);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  const formPackage = await api('POST', '/packages', { token: owner.token, body: { name: 'Assessment', price: 40, isPayable: true } });
  const form = await api('POST', '/form-builder/form', {
    token: owner.token,
    body: { name: 'Enquiry', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds: [formPackage.body.data.id] },
  });
  expect(form.status).toBe(201);
  return { owner, apiKey, packageId: pkg.body.data.id, formId: form.body.data.id, formPackageId: formPackage.body.data.id };
}

/** A paid booking of the clinic's package on a local date and time (paid on the local checkout page). */
async function paidBooking(c: Clinic, bookingDate: string, bookingTime: string) {
  const res = await api('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('visitor'), phoneNumber: uniquePhone(), bookingDate, bookingTime, apiKey: c.apiKey, packageId: c.packageId },
  });
  expect(res.status, res.body.message).toBe(201);
  await payLocalCheckout(res.body.data.checkoutUrl);
  const booking = await api('GET', `/bookings/booking/${res.body.data.bookingId}`, { token: c.owner.token });
  expect(booking.body.data.status).toBe('confirmed');
  return { id: res.body.data.bookingId as string, checkoutUrl: res.body.data.checkoutUrl as string };
}

async function appointment(c: Clinic, bookingDate: string, status?: string) {
  const res = await api('POST', '/appointments/book-custom', { token: c.owner.token, form: bookingForm({ bookingDate }) });
  expect(res.status, res.body.message).toBe(201);
  if (status) expect((await api('PATCH', `/appointments/${res.body.data.id}/change-status`, { token: c.owner.token, body: { status } })).status).toBe(200);
  return res.body.data.id as string;
}

async function lead(c: Clinic, pay: boolean) {
  const res = await api('POST', `/form-builder/form/${c.formId}/submissions`, { body: { apiKey: c.apiKey, packageId: c.formPackageId, items: [{ fieldId: 'email', value: uniqueEmail('lead') }] } });
  expect(res.status, res.body.message).toBe(201);
  // A lead is counted by its event's subscriber, moments after it is stored.
  await leadCounted(c.owner.orgId, res.body.data.submissionId);
  if (!pay) return;
  const session = await api('POST', '/leads/payments/session', { body: { formId: c.formId, apiKey: c.apiKey, packageId: c.formPackageId, submissionId: res.body.data.submissionId, currency: 'usd' } });
  expect(session.status, session.body.message).toBe(201);
  await payLocalCheckout(session.body.data.url);
  return session.body.data as { sessionId: string; paymentId: string };
}

const report = (token: string, from: string, to: string) => api('GET', `/reports?from=${from}&to=${to}`, { token });

describe('GET /reports: figures kept on write, per week in the clinic zone', () => {
  let c: Clinic;
  let boundary: { sunday: string; monday: string };
  beforeAll(async () => {
    c = await newClinic('reports');
    boundary = weekBoundary();
  });

  it('counts paid bookings, appointments by status, leads and money per ISO week, across a week boundary', async () => {
    const { sunday, monday } = boundary;
    // Bookings: two on Sunday, two on Monday, one of Monday's cancelled by staff, one of Sunday's refunded in full.
    const [sun1] = [await paidBooking(c, sunday, '10:00'), await paidBooking(c, sunday, '11:00')];
    const mon1 = await paidBooking(c, monday, '10:00');
    await paidBooking(c, monday, '11:00');
    expect((await api('POST', `/bookings/booking/${mon1.id}/cancel`, { token: c.owner.token })).status).toBe(200);
    expect((await fetch(`${sun1.checkoutUrl}/refund`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    // Appointments: Sunday completed and no-show; Monday confirmed, cancelled and requested->confirmed... all staff-booked (confirmed).
    await appointment(c, sunday, 'completed');
    await appointment(c, sunday, 'no-show');
    await appointment(c, monday);
    await appointment(c, monday, 'cancelled');
    // Leads: three received today, two paid.
    const paid = await lead(c, true);
    await lead(c, true);
    await lead(c, false);

    // A replayed payment event (the same session under another event id) counts nothing more.
    const session = { id: paid!.sessionId, object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: 4000, currency: 'usd', payment_intent: `pi_replay_${paid!.paymentId}`, metadata: { kind: 'form-payment', orgId: c.owner.orgId, paymentId: paid!.paymentId, formId: c.formId } };
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', session))).status).toBe(200);

    const res = await report(c.owner.token, today(), monday);
    expect(res.status, res.body.message).toBe(200);
    const weeks = res.body.data.weeks as Json[];
    expect(res.body.data).toMatchObject({ from: weekStartOf(today()), timeZone: ZONE });
    expect(res.body.data.reportingSince).toEqual(expect.any(String));
    const week = (date: string) => weeks.find((w) => w.week === weekStartOf(date));
    expect(weekStartOf(monday)).not.toBe(weekStartOf(sunday));
    expect(weeks.map((w) => w.week)).toEqual([...new Set([weekStartOf(today()), weekStartOf(sunday), weekStartOf(monday)])]);

    // Sunday's week: 2 bookings paid, one refunded (a full refund of a future booking cancels it).
    expect(week(sunday).bookings).toEqual({ confirmed: 1, cancelled: 1 });
    expect(week(monday).bookings).toEqual({ confirmed: 1, cancelled: 1 });
    expect(week(sunday).appointments).toEqual({ requested: 0, confirmed: 0, completed: 1, cancelled: 0, 'no-show': 1 });
    expect(week(monday).appointments).toEqual({ requested: 0, confirmed: 1, completed: 0, cancelled: 1, 'no-show': 0 });

    // Money and leads count on the day they came in: today, in the clinic's zone.
    const thisWeek = week(today());
    expect(thisWeek.leads).toEqual({ received: 3, paid: 2 });
    expect(thisWeek.revenue).toEqual({ usd: { paid: 4 * 4950 + 2 * 4000, refunded: 4950 } });
    // Nothing else anywhere: every other week of the period is empty.
    const all = weeks.reduce((sum, w) => sum + w.leads.received + w.bookings.confirmed + w.bookings.cancelled, 0);
    expect(all).toBe(3 + 4);
  });

  it('without a period answers this week in the clinic zone', async () => {
    const res = await api('GET', '/reports', { token: c.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.weeks.map((w: { week: string }) => w.week)).toEqual([weekStartOf(today())]);
    expect(res.body.data.weeks[0].leads).toEqual({ received: 3, paid: 2 });
  });

  it('keeps an appointment counted once as its status moves: the figures follow it', async () => {
    const { monday } = boundary;
    const before = (await report(c.owner.token, monday, monday)).body.data.weeks[0].appointments;
    const id = await appointment(c, monday);
    await api('PATCH', `/appointments/${id}/change-status`, { token: c.owner.token, body: { status: 'completed' } });
    // A refused move (completed is closed) changes nothing.
    expect((await api('PATCH', `/appointments/${id}/change-status`, { token: c.owner.token, body: { status: 'no-show' } })).status).toBe(409);
    const after = (await report(c.owner.token, monday, monday)).body.data.weeks[0].appointments;
    expect(after).toEqual({ ...before, completed: before.completed + 1 });
  });

  it('counts a lead paid once when two of its checkouts are paid, and the money of both', async () => {
    const c2 = await newClinic('reports-twice');
    const res = await api('POST', `/form-builder/form/${c2.formId}/submissions`, { body: { apiKey: c2.apiKey, packageId: c2.formPackageId, items: [{ fieldId: 'email', value: uniqueEmail('lead') }] } });
    await leadCounted(c2.owner.orgId, res.body.data.submissionId);
    const open = () => api('POST', '/leads/payments/session', { body: { formId: c2.formId, apiKey: c2.apiKey, packageId: c2.formPackageId, submissionId: res.body.data.submissionId, currency: 'usd' } });
    // The visitor opened two checkouts (two tabs) and paid in both.
    const [first, second] = [await open(), await open()];
    expect([first.status, second.status]).toEqual([201, 201]);
    await payLocalCheckout(first.body.data.url);
    await payLocalCheckout(second.body.data.url);
    const week = (await report(c2.owner.token, today(), today())).body.data.weeks[0];
    expect(week.leads).toEqual({ received: 1, paid: 1 });
    expect(week.revenue).toEqual({ usd: { paid: 8000, refunded: 0 } });
  });

  it('leaves figures alone when an appointment from before reports changes (it was never counted)', async () => {
    const { monday } = boundary;
    const id = await appointment(c, monday);
    const before = (await report(c.owner.token, monday, monday)).body.data.weeks[0].appointments;
    // As an appointment stored before reports existed: no mark that it is counted.
    const { client, table } = testDb();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#APPT`, sk: id }, UpdateExpression: 'REMOVE inReports' }));
    expect((await api('PATCH', `/appointments/${id}/change-status`, { token: c.owner.token, body: { status: 'no-show' } })).status).toBe(200);
    const after = (await report(c.owner.token, monday, monday)).body.data.weeks[0].appointments;
    expect(after).toEqual(before);
    expect(Object.values(after).every((n) => (n as number) >= 0)).toBe(true);
  });

  it('shows a member only the parts of the modules they may read, and refuses one who may read none', async () => {
    const { monday } = boundary;
    const bookingsOnly = await addMember(c.owner, perms({ BOOKING_PACKAGES: 'r' }), { tag: 'rep-bk' });
    const res = await report(bookingsOnly.token, today(), monday);
    expect(res.status).toBe(200);
    for (const w of res.body.data.weeks) {
      expect(Object.keys(w).sort()).toEqual(['bookings', 'series', 'waitlist', 'week']);
    }
    const none = await addMember(c.owner, perms({ Notifications: 'r' }), { tag: 'rep-none' });
    const refused = await report(none.token, today(), monday);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to see reports.');
  });

  it('refuses without a token, and never shows another organisation its figures', async () => {
    expect((await report('', today(), today())).status).toBe(401);
    expect((await api('GET', `/reports?from=${today()}&to=${today()}`)).status).toBe(401);
    const other = await signUpOwner('reports-other');
    const theirs = await report(other.token, today(), boundary.monday);
    expect(theirs.status).toBe(200);
    for (const w of theirs.body.data.weeks) {
      expect(w.leads).toEqual({ received: 0, paid: 0 });
      expect(w.bookings).toEqual({ confirmed: 0, cancelled: 0 });
      expect(w.revenue).toEqual({});
    }
  });

  it('refuses a bad period with a clear 400', async () => {
    const bad = async (query: string, message: string) => {
      const res = await api('GET', `/reports?${query}`, { token: c.owner.token });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await bad('from=2030-01-31&to=2030-01-01', 'from must not be after to');
    await bad('from=2030-02-30&to=2030-03-01', 'from must be a date such as 2030-01-31');
    await bad('to=2030-03-32', 'to must be a date such as 2030-01-31');
    await bad('from=2028-01-01&to=2030-01-01', 'A report covers at most 53 weeks. Please choose a shorter period.');
  });
});

describe('set-up wizard progress: GET/PUT /organization/setup', () => {
  it('starts with every step to do, keeps each step saved or skipped, and is complete when none is left', async () => {
    const owner = await signUpOwner('setup');
    const first = await api('GET', '/organization/setup', { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      steps: { organization: 'todo', service: 'todo', hours: 'todo', package: 'todo', form: 'todo', invite: 'todo' },
      completedAt: null,
      updatedAt: null,
    });
    const put = (step: string, state: string) => api('PUT', '/organization/setup', { token: owner.token, body: { step, state } });
    expect((await put('organization', 'done')).body.data.steps.organization).toBe('done');
    const skipped = await put('service', 'skipped');
    expect(skipped.body.message).toBe('Step skipped.');
    // Resumes from the server (another device): what was saved is there.
    const again = await api('GET', '/organization/setup', { token: owner.token });
    expect(again.body.data.steps).toMatchObject({ organization: 'done', service: 'skipped', hours: 'todo' });
    expect(again.body.data.completedAt).toBeNull();
    for (const step of ['hours', 'package', 'form']) await put(step, 'done');
    const last = await put('invite', 'skipped');
    expect(last.body.data.completedAt).toEqual(expect.any(String));
    // Opening a step again keeps the first completion.
    const reopened = await put('service', 'todo');
    expect(reopened.body.data.steps.service).toBe('todo');
    expect(reopened.body.data.completedAt).toBe(last.body.data.completedAt);

    const bad = await put('billing', 'done');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('step must be one of organization, service, hours, package, form, invite');
  });

  it('is the owner’s: 401 without a token, 403 for a member, and each organisation has its own', async () => {
    const owner = await signUpOwner('setup-own');
    expect((await api('GET', '/organization/setup')).status).toBe(401);
    expect((await api('PUT', '/organization/setup', { body: { step: 'form', state: 'done' } })).status).toBe(401);
    const member = await addMember(owner, perms({ Members: 'rwd', Appointment: 'rwd', FORMS: 'rwd', BOOKING_PACKAGES: 'rwd' }), { tag: 'setup-member' });
    expect((await api('GET', '/organization/setup', { token: member.token })).status).toBe(403);
    expect((await api('PUT', '/organization/setup', { token: member.token, body: { step: 'form', state: 'done' } })).status).toBe(403);
    await api('PUT', '/organization/setup', { token: owner.token, body: { step: 'form', state: 'done' } });
    const other = await signUpOwner('setup-other');
    expect((await api('GET', '/organization/setup', { token: other.token })).body.data.steps.form).toBe('todo');
  });
});
