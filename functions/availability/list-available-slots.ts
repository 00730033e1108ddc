// POST /bookings/available-slots (public): the free times of one local date in the clinic's time zone:
// on the clinic-wide schedule (domain/availability/free-times.ts), or for a package offered by practitioners, those of
// the chosen practitioner or of anyone offering it, each time with who is free then (domain/availability/diary.ts).
import { availableSlotsSchema, listAvailableSlotsReply } from '#shared/bookings/schemas';
import { badRequest, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { regionOfZone } from '#lib/zone-region';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { findOrgIdByApiKey, getOrganization, publicBrandOf } from '../data/organizations';
import { PACKAGE_UNAVAILABLE, UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';
import { practitionerFreeDay, usesPractitioners } from '#domain/availability/diary';
import { freeTimes } from '#domain/availability/free-times';


export const handler = endpoint({ body: availableSlotsSchema, reply: listAvailableSlotsReply }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);
  const pkg = body.packageId ? await getBookingPackage(org.id, body.packageId) : undefined;
  if (body.packageId && (!pkg || !pkg.isActive || pkg.deletedAt)) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });
  // The clinic's name comes with its day: the booking page shows it (the packages reply is a plain list).
  if (pkg && usesPractitioners(pkg)) {
    const rules = rulesOf(await getAvailability(org.id), org.timeZone);
    return { data: { ...(await practitionerFreeDay(org, pkg, rules, body.practitionerId, body.date)), clinicName: org.name, clinicLanguage: org.defaultLanguage ?? null, clinicBrand: publicBrandOf(org), clinicRegion: regionOfZone(org.timeZone) } };
  }
  return { data: { ...(await freeTimes(org, body.date)), clinicName: org.name, clinicLanguage: org.defaultLanguage ?? null, clinicBrand: publicBrandOf(org), clinicRegion: regionOfZone(org.timeZone) } };
});
