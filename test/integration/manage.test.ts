// Patient self-service over HTTP: the manage link in the confirmation (an unguessable token, stored
// hashed, expiring, bound to one booking), cancelling inside and outside the clinic's cutoff, the
// refund through the local Stripe stand-in confirmed by its event, and rescheduling into free and
// full times.
import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, mailsTo, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { book as bookAppointment } from './appointments-support';
import { dayAhead, freeTimes, getBooking, newClinic, paidBooking, slotCounts, type Clinic } from './booking-support';

const UNKNOWN = 'This link is not valid or has expired. Please contact the clinic.';
const tokenIn = (text: string | undefined) => /\/manage(?:\?lang=[a-z]+)?#([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];

/** A paid booking and the token of the manage link in its confirmation. */
async function bookedWithLink(c: Clinic, date: string, time: string) {
  const paid = await paidBooking(c, date, time);
  const mail = (await waitForMails(paid.email, 1))[0];
  const token = tokenIn(mail.body.text);
  expect(token).toBeDefined();
  return { ...paid, token: token!, mail };
}

async function tokenItem(token: string) {
  const { client, table } = testDb();
  const hash = createHash('sha256').update(token).digest('hex');
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `MANAGE#${hash}`, sk: 'TOKEN' }, ConsistentRead: true }))).Item;
}

describe('manage links', () => {
  it('come in the confirmation, are stored hashed, open exactly their booking, and cannot be guessed or used after expiry', async () => {
    const clinic = await newClinic('manage');
    const booked = await bookedWithLink(clinic, dayAhead(4), '10:00');
    expect(booked.mail.body.text).toContain('You can reschedule or cancel until 24 hours before the start; a cancellation is refunded in full.');

    const stored = await tokenItem(booked.token);
    expect(stored).toMatchObject({ orgId: clinic.owner.orgId, bookingId: booked.id, expiresAt: booked.startUtc });
    expect(JSON.stringify(stored)).not.toContain(booked.token);

    const view = await api('POST', '/public/manage/booking', { body: { token: booked.token } });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ bookingId: booked.id, orgName: 'manage Clinic', status: 'confirmed', canChange: true, cutoffHours: 24, refundOnCancelCents: 4950, bookingTime: '10:00' });

    // Guessing: a well-formed random token, a malformed one, none.
    const guess = await api('POST', '/public/manage/booking', { body: { token: createHash('sha256').update('guess').digest('base64url') } });
    expect(guess.status).toBe(404);
    expect(guess.body.message).toBe(UNKNOWN);
    expect((await api('POST', '/public/manage/booking', { body: { token: `${booked.token.slice(0, -1)}${booked.token.endsWith('A') ? 'B' : 'A'}` } })).status).toBe(404);
    expect((await api('POST', '/public/manage/booking', { body: { token: 'short' } })).status).toBe(404);
    expect((await api('POST', '/public/manage/booking', { body: {} })).status).toBe(400);

    // Bound to its booking of its organisation: another booking's id sent along changes nothing.
    const other = await newClinic('manageother');
    const theirs = await paidBooking(other, dayAhead(4), '10:00');
    const bound = await api('POST', '/public/manage/booking', { body: { token: booked.token, bookingId: theirs.id, orgId: other.owner.orgId } });
    expect(bound.body.data.bookingId).toBe(booked.id);

    // Expired: refused like an unknown one.
    const { client, table } = testDb();
    const hash = createHash('sha256').update(booked.token).digest('hex');
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `MANAGE#${hash}`, sk: 'TOKEN' }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() } }));
    const expired = await api('POST', '/public/manage/cancel', { body: { token: booked.token } });
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(UNKNOWN);
    expect((await getBooking(clinic, booked.id)).status).toBe('confirmed');
  });

  it('cancel inside the cutoff: the place is free, staff told, and the full refund goes through Stripe and its event', async () => {
    const clinic = await newClinic('managecancel');
    const booked = await bookedWithLink(clinic, dayAhead(3), '09:00');
    const res = await api('POST', '/public/manage/cancel', { body: { token: booked.token } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your booking is cancelled.');
    expect(res.body.data).toMatchObject({ status: 'cancelled', canChange: false });
    expect(await slotCounts(clinic, booked.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    expect(await freeTimes(clinic, dayAhead(3))).toContain('09:00');

    // The refund event records it.
    const refunded = await eventually(async () => {
      const b = await getBooking(clinic, booked.id);
      return b.paymentStatus === 'refunded' ? b : undefined;
    }, 'the refund recorded');
    expect(refunded).toMatchObject({ status: 'cancelled', refundedCents: 4950, cancelledBy: 'patient' });
    const mails = await waitForMails(booked.email, 2);
    expect(mails[1].subject).toMatch(/^Booking cancelled: Consultation on /);
    expect(mails[1].body.text).toContain('$49.50 is refunded to your card');
    const cancelIcs = Buffer.from(mails[1].attachments.find((a) => a.filename === 'cancel.ics')!.content, 'base64').toString('utf8');
    expect(cancelIcs).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(cancelIcs).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(cancelIcs).toContain(`\r\nUID:booking-${booked.id}@`);
    const notes = await eventually(async () => {
      const n = await api('GET', '/notifications', { token: clinic.owner.token });
      const items = (n.body.data.items ?? n.body.data) as { title: string }[];
      return items.some((i) => i.title === 'Booking cancelled by the patient') ? items : undefined;
    }, 'the staff notice');
    expect(notes.filter((i) => i.title === 'Booking cancelled by the patient')).toHaveLength(1);
    const log = await api('GET', '/logs?module=BOOKING_PACKAGES', { token: clinic.owner.token });
    expect(JSON.stringify(log.body.data)).toContain('cancelled their booking for \\"Consultation\\"');

    // Again: nothing more happens (no second refund, no second mail).
    expect((await api('POST', '/public/manage/cancel', { body: { token: booked.token } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await getBooking(clinic, booked.id)).refundedCents).toBe(4950);
    expect(await mailsTo(booked.email)).toHaveLength(2);
  });

  it('cancel outside the cutoff is refused; a "none" policy cancels without a refund', async () => {
    const clinic = await newClinic('managecutoff');
    expect((await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { cancellationCutoffHours: 100 } })).status).toBe(200);
    const late = await bookedWithLink(clinic, dayAhead(3), '09:00');
    const refused = await api('POST', '/public/manage/cancel', { body: { token: late.token } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This booking can no longer be changed online (the clinic allows changes until 100 hours before the start). Please contact managecutoff Clinic.');
    expect((await api('POST', '/public/manage/reschedule', { body: { token: late.token, bookingDate: dayAhead(5), bookingTime: '10:00' } })).status).toBe(409);
    expect((await getBooking(clinic, late.id)).status).toBe('confirmed');
    // Past the cutoff the page shows how to reach the clinic: its phone, and its address once given.
    const closed = await api('POST', '/public/manage/booking', { body: { token: late.token } });
    expect(closed.body.data).toMatchObject({ canChange: false, clinicPhone: '+15551234567', clinicAddress: null, practitionerName: null });
    expect((await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { address: '12 River Road, Springfield' } })).status).toBe(200);
    expect((await api('POST', '/public/manage/booking', { body: { token: late.token } })).body.data.clinicAddress).toBe('12 River Road, Springfield');

    expect((await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { cancellationCutoffHours: 2, cancellationRefund: 'none' } })).status).toBe(200);
    const kept = await bookedWithLink(clinic, dayAhead(3), '11:00');
    expect((await api('POST', '/public/manage/booking', { body: { token: kept.token } })).body.data.refundOnCancelCents).toBe(0);
    expect((await api('POST', '/public/manage/cancel', { body: { token: kept.token } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await getBooking(clinic, kept.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundedCents: null });
    expect((await waitForMails(kept.email, 2))[1].body.text).toContain('the payment is not refunded');
  });

  it('reschedule picks a free time (new place first), mails the updated .ics with a new link, and refuses a full time', async () => {
    const clinic = await newClinic('managemove');
    const booked = await bookedWithLink(clinic, dayAhead(3), '09:00');
    const blocker = await paidBooking(clinic, dayAhead(3), '12:00');

    const slots = await api('POST', '/public/manage/slots', { body: { token: booked.token, date: dayAhead(3) } });
    expect(slots.status).toBe(200);
    const times = (slots.body.data.slots as { time: string }[]).map((s) => s.time);
    expect(times).toContain('14:00');
    expect(times).not.toContain('12:00');

    const full = await api('POST', '/public/manage/reschedule', { body: { token: booked.token, bookingDate: dayAhead(3), bookingTime: '12:00' } });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('That time is full. Please choose another time.');
    expect(await slotCounts(clinic, blocker.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });

    const moved = await api('POST', '/public/manage/reschedule', { body: { token: booked.token, bookingDate: dayAhead(3), bookingTime: '14:00' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ bookingTime: '14:00', status: 'confirmed' });
    expect(await slotCounts(clinic, booked.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    const mail = (await waitForMails(booked.email, 2))[1];
    expect(mail.subject).toMatch(/^Booking moved: Consultation is now on .+ at 2:00 PM/);
    const ics = Buffer.from(mail.attachments[0].content, 'base64').toString('utf8');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`UID:booking-${booked.id}@`);
    const fresh = tokenIn(mail.body.text);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(booked.token);
    expect((await api('POST', '/public/manage/booking', { body: { token: fresh } })).body.data.bookingTime).toBe('14:00');
  });
});

describe('manage links of appointments', () => {
  it('come in the appointment mail; the patient may cancel (not reschedule) until the cutoff, staff are told, the log says so', async () => {
    const clinic = await newClinic('manageappt');
    const appointment = await bookAppointment(clinic.owner.token, { bookingDate: dayAhead(5), bookingTime: '10:30' });
    const mail = (await waitForMails(appointment.email, 1))[0];
    expect(mail.body.text).toContain('You can cancel until 24 hours before the start. To change the time, please contact manageappt Clinic.');
    const token = tokenIn(mail.body.text)!;
    expect(await tokenItem(token)).toMatchObject({ orgId: clinic.owner.orgId, appointmentId: appointment.id });

    const view = await api('POST', '/public/manage/booking', { body: { token } });
    expect(view.body.data).toMatchObject({ kind: 'appointment', bookingId: appointment.id, status: 'confirmed', canChange: true, bookingTime: '10:30', refundOnCancelCents: 0, practitionerName: null });
    // With a practitioner (an appointment carries only the id, as docs/practitioners.md stores it), the page and the mail name them.
    const { client, table } = testDb();
    const orgId = clinic.owner.orgId;
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${orgId}#PRACTITIONERS`, sk: 'pr_lee' }, UpdateExpression: 'SET #n = :n, orgId = :o', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'Dr Sam Lee', ':o': orgId } }));
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${orgId}#APPT`, sk: appointment.id }, UpdateExpression: 'SET practitionerId = :p', ExpressionAttributeValues: { ':p': 'pr_lee' } }));
    expect((await api('POST', '/public/manage/booking', { body: { token } })).body.data.practitionerName).toBe('Dr Sam Lee');
    const move = await api('POST', '/public/manage/reschedule', { body: { token, bookingDate: dayAhead(6), bookingTime: '10:00' } });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe('To change the time of an appointment, please contact the clinic.');
    expect((await api('POST', '/public/manage/slots', { body: { token, date: dayAhead(6) } })).status).toBe(409);

    const cancelled = await api('POST', '/public/manage/cancel', { body: { token } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', canChange: false });
    const detail = await api('GET', `/appointments/${appointment.id}`, { token: clinic.owner.token });
    expect(detail.body.data).toMatchObject({ status: 'cancelled' });
    expect(detail.body.data.log[0]).toMatchObject({ action: 'status-changed', to: 'cancelled', summary: 'Cancelled by the patient with the manage link' });
    expect((await waitForMails(appointment.email, 2))[1].body.text).toContain('You cancelled your appointment with Dr Sam Lee at manageappt Clinic on ');
    await eventually(async () => {
      const n = await api('GET', '/notifications', { token: clinic.owner.token });
      return ((n.body.data.items ?? n.body.data) as { title: string }[]).some((i) => i.title === 'Appointment cancelled by the patient') ? true : undefined;
    }, 'the staff notice');
    // Again: nothing more.
    expect((await api('POST', '/public/manage/cancel', { body: { token } })).status).toBe(200);

    // Outside the cutoff: refused.
    expect((await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { cancellationCutoffHours: 200 } })).status).toBe(200);
    const late = await bookAppointment(clinic.owner.token, { bookingDate: dayAhead(5), bookingTime: '11:30' });
    const lateToken = tokenIn((await waitForMails(late.email, 1))[0].body.text)!;
    expect((await api('POST', '/public/manage/cancel', { body: { token: lateToken } })).status).toBe(409);
  });
});
