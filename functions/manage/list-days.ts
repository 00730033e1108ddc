// POST /public/manage/days { token, from, days, practitionerId? }: how many free start times each date
// of a range has for the booking being moved (the manage page's month view, as the booking page's
// POST /bookings/available-days): on the clinic-wide schedule, or in the chosen practitioner's diary
// (the booking's own, or another offering its package) for the booking's own length and buffers, its
// own time counting as free. That time is not offered as a new one (the page lists the day's times
// without it), so its day does not count it either: '8 free times' over a list of 7 read as a fault.
import { addDays } from '#shared/bookings/slots';
import { manageDaysSchema, manageDaysReply } from '#shared/manage/schemas';
import { describeInstant } from '#shared/bookings/slots';
import { endpoint } from '#http/http';
import { bookingTiming, diaryDay, rangeOf, readTaken } from '#domain/availability/diary';
import { clinicFreeDays, freeTimes } from '#domain/availability/free-times';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { openBooking } from './lib/load';
import { targetPractitioner } from './lib/practitioners';

export const handler = endpoint({ body: manageDaysSchema, reply: manageDaysReply }, async ({ body }) => {
  const opened = await openBooking(body.token);
  const { org, booking } = opened;
  const practitioner = await targetPractitioner(opened, body.practitionerId);
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const zone = { timeZone: rules.timeZone, timeZoneName: describeInstant(new Date().toISOString(), rules.timeZone).zoneLongName };
  /** With the booking's own practitioner (or the clinic's schedule), its own time on its own day. */
  const own = practitioner === undefined || practitioner.id === booking.practitionerId;
  const isOwnTime = (date: string, time: string) => own && date === booking.bookingDate && time === booking.bookingTime;
  if (!practitioner) {
    const days = await clinicFreeDays(org, body.from, body.days);
    // A place left at its own time (a time with room for more than one) is the booking's own to keep.
    const ownDay = days.find((d) => d.date === booking.bookingDate && d.free > 0);
    if (ownDay && (await freeTimes(org, booking.bookingDate)).slots.some((s) => isOwnTime(booking.bookingDate, s.time))) ownDay.free -= 1;
    return { data: { ...zone, days } };
  }
  const timing = bookingTiming(booking, await getBookingPackage(org.id, booking.packageId), rules);
  const now = new Date();
  const { fromMs, toMs } = rangeOf(body.from, addDays(body.from, body.days - 1), rules.timeZone, timing);
  const taken = await readTaken(org.id, [practitioner], fromMs, toMs, now, `booking:${booking.id}`);
  const days = Array.from({ length: body.days }, (_, i) => {
    const date = addDays(body.from, i);
    return { date, free: diaryDay(date, rules, timing, [practitioner], taken, now).slots.filter((s) => !isOwnTime(date, s.time)).length };
  });
  return { data: { ...zone, days } };
});
