// POST /public/manage/slots { token, date }: the free times of a date, as on the booking page, for
// the patient who reschedules (for a booking with a practitioner: that person's free times).
import { manageSlotsSchema, listSlotsReply } from '#shared/schemas/manage';
import { endpoint } from '#http/http';
import { bookingTiming, freeDayOf } from '../availability/lib/diary';
import { freeTimes } from '../availability/lib/free-times';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { getPractitioner } from '../data/practitioners';
import { openBooking } from './lib/load';

export const handler = endpoint({ body: manageSlotsSchema, reply: listSlotsReply }, async ({ body }) => {
  const { org, booking } = await openBooking(body.token);
  const practitioner = booking.practitionerId ? await getPractitioner(org.id, booking.practitionerId) : undefined;
  if (!practitioner) return { data: await freeTimes(org, body.date) };
  // A booking with a practitioner moves within that person's free time, its own counting as free.
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const timing = bookingTiming(booking, await getBookingPackage(org.id, booking.packageId), rules);
  return { data: await freeDayOf(org, rules, timing, [practitioner], body.date, new Date(), `booking:${booking.id}`) };
});
