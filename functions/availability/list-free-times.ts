// GET /bookings/free-times?packageId=&date=&practitionerId=&bookingId= (staff): the free times of a date as the
// booking page offers them (the calendar's move dialog lists them): a practitioner package's for that
// practitioner (or anyone), else the clinic-wide schedule's.
import { freeTimesQuerySchema, listFreeTimesReply } from '#shared/bookings/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { getOrganization } from '../data/organizations';
import { PACKAGE_NOT_FOUND } from '#domain/booking-packages/view';
import { getBooking } from '../data/bookings';
import { getPractitioner } from '../data/practitioners';
import { BOOKING_NOT_FOUND } from '#domain/bookings/views';
import { bookingTiming, chosenPractitioners, freeDayOf, offeringPractitioners, practitionerFreeDay, usesPractitioners } from '#domain/availability/diary';
import { freeTimes } from '#domain/availability/free-times';

export const handler = endpoint({ query: freeTimesQuerySchema, reply: listFreeTimesReply }, async ({ query, caller }) => {
  const org = (await getOrganization(caller.orgId))!;
  const booking = query.bookingId ? await getBooking(org.id, query.bookingId) : undefined;
  if (query.bookingId && !booking) throw notFound(BOOKING_NOT_FOUND);
  const packageId = query.packageId ?? booking?.packageId;
  const pkg = packageId ? await getBookingPackage(org.id, packageId) : undefined;
  if (query.packageId && !pkg) throw notFound(PACKAGE_NOT_FOUND);
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  if (booking?.practitionerId) {
    // Moving a booking: its practitioner's (or the one named) free starts for its own length, its own time free.
    const offering = pkg ? await offeringPractitioners(org.id, pkg) : [];
    const own = await getPractitioner(org.id, booking.practitionerId);
    const practitioners = query.practitionerId && query.practitionerId !== 'any' ? chosenPractitioners(offering, query.practitionerId) : own ? [own] : [];
    return { data: await freeDayOf(org, rules, bookingTiming(booking, pkg, rules), practitioners, query.date, new Date(), `booking:${booking.id}`) };
  }
  if (pkg && usesPractitioners(pkg)) return { data: await practitionerFreeDay(org, pkg, rules, query.practitionerId, query.date) };
  return { data: await freeTimes(org, query.date) };
});
