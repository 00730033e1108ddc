// POST /public/manage/slots { token, date, practitionerId? }: the free times of a date, as on the booking
// page, for the patient who reschedules (for a booking with a practitioner: that person's free times,
// or those of another practitioner offering its package whom the patient chose).
import { manageSlotsSchema, listSlotsReply } from '#shared/manage/schemas';
import { endpoint } from '#http/http';
import { bookingTiming, freeDayOf } from '#domain/availability/diary';
import { freeTimes } from '#domain/availability/free-times';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { openBooking } from './lib/load';
import { targetPractitioner } from './lib/practitioners';

export const handler = endpoint({ body: manageSlotsSchema, reply: listSlotsReply }, async ({ body }) => {
  const opened = await openBooking(body.token);
  const { org, booking } = opened;
  const practitioner = await targetPractitioner(opened, body.practitionerId);
  if (!practitioner) return { data: await freeTimes(org, body.date) };
  // A booking with a practitioner moves within that person's free time, its own counting as free.
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const timing = bookingTiming(booking, await getBookingPackage(org.id, booking.packageId), rules);
  return { data: await freeDayOf(org, rules, timing, [practitioner], body.date, new Date(), `booking:${booking.id}`) };
});
