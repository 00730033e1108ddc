// POST /bookings/available-days (public): how many free start times each date of a range has, for a
// package (and a practitioner, or anyone): the booking page's month view marks the dates that have any.
import { availableDaysSchema, listAvailableDaysReply } from '#shared/bookings/schemas';
import { describeInstant } from '#shared/bookings/slots';
import { badRequest, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { PACKAGE_UNAVAILABLE, UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';
import { practitionerFreeDays, usesPractitioners } from '#domain/availability/diary';
import { clinicFreeDays } from '#domain/availability/free-times';


export const handler = endpoint({ body: availableDaysSchema, reply: listAvailableDaysReply }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);
  const pkg = await getBookingPackage(org.id, body.packageId);
  if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const days = usesPractitioners(pkg)
    ? await practitionerFreeDays(org, pkg, rules, body.practitionerId, body.from, body.days)
    : await clinicFreeDays(org, body.from, body.days);
  return { data: { timeZone: rules.timeZone, timeZoneName: describeInstant(new Date().toISOString(), rules.timeZone).zoneLongName, days } };
});
