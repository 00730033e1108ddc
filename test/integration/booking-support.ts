// Helpers for the calendar, reminder and self-service tests: a clinic that takes bookings, bookings
// held and paid through the local Stripe stand-in, and the slot counters as stored.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { api, signUpOwner, uniqueEmail, uniquePhone, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';

export const ZONE = 'America/New_York';

export const everyDay = (start: string, end: string) => {
  const hours = [{ start, end }];
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
};

/** A local date `days` from today in the clinic's zone. */
export const dayAhead = (days: number, zone = ZONE) => DateTime.now().setZone(zone).plus({ days }).toISODate()!;
/** 'Tuesday, January 15, 2030': how an English mail writes a 'YYYY-MM-DD' date. */
export const longDay = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy');

export interface Clinic {
  owner: Owner;
  apiKey: string;
  packageId: string;
}

/** A new clinic open every day 08:00-18:00 in 60-minute slots (capacity 1 unless asked), with one $49.50 package. */
export async function newClinic(tag: string, options: { capacity?: number } = {}): Promise<Clinic> {
  const owner = await signUpOwner(tag);
  const saved = await api('PUT', '/bookings/availability', {
    token: owner.token,
    body: { weeklyHours: everyDay('08:00', '18:00'), slotMinutes: 60, capacity: options.capacity ?? 1, closedDates: [], maxDaysAhead: 400 },
  });
  if (saved.status !== 200) throw new Error(`availability: ${saved.status} ${saved.body.message}`);
  const pkg = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5 } });
  if (pkg.status !== 201) throw new Error(`package: ${pkg.status} ${pkg.body.message}`);
  const integration = await api('GET', '/organization/integration', { token: owner.token });
  return { owner, apiKey: integration.body.data.apiKey, packageId: pkg.body.data.id };
}

/** Holds a place on the public page; throws unless 201. */
export async function holdBooking(c: Clinic, bookingDate: string, bookingTime: string, email = uniqueEmail('visitor')) {
  const res = await api('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Visitor', email, phoneNumber: uniquePhone(), bookingDate, bookingTime, apiKey: c.apiKey, packageId: c.packageId },
  });
  if (res.status !== 201) throw new Error(`create-booking ${bookingDate} ${bookingTime}: ${res.status} ${res.body.message}`);
  return { id: res.body.data.bookingId as string, checkoutUrl: res.body.data.checkoutUrl as string, startUtc: res.body.data.startUtc as string, email };
}

export async function getBooking(c: Clinic, id: string) {
  const res = await api('GET', `/bookings/booking/${id}`, { token: c.owner.token });
  if (res.status !== 200) throw new Error(`booking ${id}: ${res.status}`);
  return res.body.data;
}

/** Holds a place and pays for it on the local checkout; resolves once the booking is confirmed. */
export async function paidBooking(c: Clinic, bookingDate: string, bookingTime: string, email = uniqueEmail('visitor')) {
  const held = await holdBooking(c, bookingDate, bookingTime, email);
  await payLocalCheckout(held.checkoutUrl, email);
  await eventually(async () => ((await getBooking(c, held.id)).status === 'confirmed' ? true : undefined), `booking ${held.id} confirmed`);
  return held;
}

export async function slotCounts(c: Clinic, startUtc: string) {
  const { client, table } = testDb();
  const out = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#SLOTS`, sk: startUtc }, ConsistentRead: true }));
  return { held: Number(out.Item?.held ?? 0), confirmed: Number(out.Item?.confirmed ?? 0), taken: Number(out.Item?.taken ?? 0) };
}

export async function freeTimes(c: Clinic, date: string): Promise<string[]> {
  const res = await api('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date } });
  return (res.body.data.slots as { time: string }[]).map((s) => s.time);
}
