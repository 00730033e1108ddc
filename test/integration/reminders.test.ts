// Reminders over the embedded stack: written with the confirmation at start - lead time, sent once by
// the sweep when due (mail with the .ics, SMS where the clinic turned it on), never for a cancelled
// booking or a moved booking's old time, none when the clinic turned reminders off.
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { describe, expect, inject, it } from 'vitest';
import { api, waitForMails, mailsTo } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { book as bookAppointment } from './appointments-support';
import { dayAhead, longDay, newClinic, paidBooking, ZONE, type Clinic } from './booking-support';

const reminderKey = (orgId: string, kind: string, id: string) => ({ pk: `ORG#${orgId}#REMINDER#${kind}#${id}`, sk: 'REMINDER' });

async function reminderOf(c: Clinic, kind: string, id: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: reminderKey(c.owner.orgId, kind, id), ConsistentRead: true }))).Item;
}

/** Brings a reminder's time forward to now, as if the hours had passed (the sweep runs every few seconds). */
async function makeDue(c: Clinic, kind: string, id: string) {
  const { client, table } = testDb();
  const due = new Date(Date.now() - 1000).toISOString();
  await client.send(
    new UpdateCommand({
      TableName: table,
      Key: reminderKey(c.owner.orgId, kind, id),
      UpdateExpression: 'SET dueAt = :due, gsi1sk = :sk',
      ConditionExpression: 'attribute_exists(gsi1pk)',
      ExpressionAttributeValues: { ':due': due, ':sk': `${due}#${c.owner.orgId}#${kind}#${id}` },
    }),
  );
}

const reminders = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.startsWith('Reminder:'));

async function smsTo(phone: string) {
  const res = await fetch(`${inject('appUrl')}/local/sms/store`);
  const store = (await res.json()) as { messages?: { to: string; message: string }[] } | { to: string; message: string }[];
  const list = Array.isArray(store) ? store : (store.messages ?? []);
  return list.filter((m) => m.to === phone);
}

/** Waits through a few sweeps, so a second message would have come. */
const SWEEPS_MS = 6000;

describe('reminders', () => {
  it('are due 24 hours before a confirmed booking by default and sent once when due, with the .ics', async () => {
    const clinic = await newClinic('remind');
    const profile = await api('GET', '/organization/profile', { token: clinic.owner.token });
    expect(profile.body.data).toMatchObject({ reminderHours: 24, reminderSms: false, cancellationCutoffHours: 24, cancellationRefund: 'full' });

    const paid = await paidBooking(clinic, dayAhead(3), '10:00');
    const reminder = await reminderOf(clinic, 'booking', paid.id);
    expect(reminder).toMatchObject({ startUtc: paid.startUtc, dueAt: new Date(Date.parse(paid.startUtc) - 24 * 3_600_000).toISOString(), gsi1pk: 'REMINDERS#DUE' });
    // Not before its time.
    await sleep(SWEEPS_MS);
    expect(await reminders(paid.email)).toHaveLength(0);

    await makeDue(clinic, 'booking', paid.id);
    const mails = await eventually(async () => ((await reminders(paid.email)).length ? reminders(paid.email) : undefined), 'the reminder');
    expect(mails[0].subject).toMatch(/^Reminder: Consultation with remind Clinic on .+ at 10:00 AM E[SD]T$/);
    expect(mails[0].attachments.some((a) => a.filename === 'booking.ics')).toBe(true);
    expect((await reminderOf(clinic, 'booking', paid.id))!.sentAt).toBeDefined();
    expect((await reminderOf(clinic, 'booking', paid.id))!.gsi1pk).toBeUndefined();
    await sleep(SWEEPS_MS);
    expect(await reminders(paid.email)).toHaveLength(1);
  });

  it('are not sent for a cancelled booking, nor for a moved booking at its old time; the new time gets one', async () => {
    const clinic = await newClinic('remindcancel');
    const cancelled = await paidBooking(clinic, dayAhead(3), '09:00');
    expect(await reminderOf(clinic, 'booking', cancelled.id)).toBeDefined();
    expect((await api('POST', `/bookings/booking/${cancelled.id}/cancel`, { token: clinic.owner.token })).status).toBe(200);
    await makeDue(clinic, 'booking', cancelled.id);
    await eventually(async () => ((await reminderOf(clinic, 'booking', cancelled.id)) ? undefined : true), 'the reminder dropped');
    expect(await reminders(cancelled.email)).toHaveLength(0);

    const moved = await paidBooking(clinic, dayAhead(3), '11:00');
    const before = await reminderOf(clinic, 'booking', moved.id);
    const res = await api('POST', `/bookings/booking/${moved.id}/move`, { token: clinic.owner.token, body: { bookingDate: dayAhead(4), bookingTime: '15:00' } });
    expect(res.status).toBe(200);
    const after = await reminderOf(clinic, 'booking', moved.id);
    expect(after!.startUtc).toBe(res.body.data.startUtc);
    expect(after!.dueAt).not.toBe(before!.dueAt);
    await makeDue(clinic, 'booking', moved.id);
    const mails = await eventually(async () => ((await reminders(moved.email)).length ? reminders(moved.email) : undefined), 'the reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('3:00 PM');
  });

  it('go by SMS too where the clinic turned it on, for appointments as well, and not at all when turned off', async () => {
    const clinic = await newClinic('remindsms');
    const bad = await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { reminderHours: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Reminder time must be a whole number of hours from 0 to 336');
    expect((await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { reminderHours: 48, reminderSms: true } })).status).toBe(200);

    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const appointment = await bookAppointment(clinic.owner.token, { bookingDate: dayAhead(5), bookingTime: '10:30', phone });
    const reminder = await reminderOf(clinic, 'appointment', appointment.id);
    expect(Date.parse(reminder!.startUtc) - Date.parse(reminder!.dueAt)).toBe(48 * 3_600_000);
    await makeDue(clinic, 'appointment', appointment.id);
    await waitForMails(appointment.email, 2);
    expect((await reminders(appointment.email))[0].subject).toBe(`Reminder: your appointment at remindsms Clinic on ${longDay(dayAhead(5))} at 10:30 AM`);
    const texts = await eventually(async () => ((await smsTo(phone)).length ? smsTo(phone) : undefined), 'the SMS');
    expect(texts[0].message).toBe(`Reminder: your appointment at remindsms Clinic on ${longDay(dayAhead(5))} at 10:30 AM. Ref ${appointment.id}`);

    // Turned off: none is written for new bookings, and those written already are dropped unsent.
    const early = await paidBooking(clinic, dayAhead(6), '10:00');
    expect(await reminderOf(clinic, 'booking', early.id)).toBeDefined();
    expect((await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { reminderHours: 0 } })).status).toBe(200);
    const late = await paidBooking(clinic, dayAhead(6), '11:00');
    expect(await reminderOf(clinic, 'booking', late.id)).toBeUndefined();
    await makeDue(clinic, 'booking', early.id);
    await eventually(async () => ((await reminderOf(clinic, 'booking', early.id)) ? undefined : true), 'the reminder dropped');
    expect(await reminders(early.email)).toHaveLength(0);
  });

  it('state the real cut-off for changes: the moment it falls, or that it has passed when the reminder goes', async () => {
    const clinic = await newClinic('remindcutoff');
    const saved = await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { cancellationCutoffHours: 72, cancellationRefund: 'none' } });
    expect(saved.body.message).toBe('The reminder settings are saved.');
    /** 'Monday, March 9, 2026 at 10:00 AM EDT': 72 hours before a start, in the clinic's zone. */
    const cutoffOf = (startUtc: string) => {
      const at = DateTime.fromISO(startUtc).minus({ hours: 72 }).setZone(ZONE).setLocale('en-US');
      return `${at.toFormat('cccc, LLLL d, yyyy')} at ${at.toFormat('h:mm a')} ${at.toFormat('ZZZZ')}`;
    };

    // Sent (as if) 24 hours ahead of a start 5 days away: changes are open until 72 hours before it.
    const open = await paidBooking(clinic, dayAhead(5), '10:00');
    await makeDue(clinic, 'booking', open.id);
    const [openMail] = await eventually(async () => ((await reminders(open.email)).length ? reminders(open.email) : undefined), 'the reminder');
    expect(openMail.body.text).toMatch(/\nTo reschedule or cancel: \S+\/manage#\S+\n/);
    expect(openMail.body.text).toContain(`You can reschedule or cancel until ${cutoffOf(open.startUtc)}; a cancellation is not refunded. After that, please contact remindcutoff Clinic.`);
    expect(openMail.body.text).not.toContain('24 hours');
    expect(openMail.body.html).toContain(`until ${cutoffOf(open.startUtc)}`);

    // A start 2 days away is within the 72 hours: the reminder says changes online are closed.
    const late = await paidBooking(clinic, dayAhead(2), '10:00');
    await makeDue(clinic, 'booking', late.id);
    const [lateMail] = await eventually(async () => ((await reminders(late.email)).length ? reminders(late.email) : undefined), 'the reminder');
    expect(lateMail.body.text).toContain(`Changes online closed on ${cutoffOf(late.startUtc)}. To reschedule or cancel, please contact remindcutoff Clinic.`);
    expect(lateMail.body.text).not.toContain('You can reschedule or cancel');
  });
});
