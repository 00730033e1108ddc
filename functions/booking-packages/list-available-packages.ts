// POST /bookings/available-packages (public): the packages the booking page offers, i.e. active and not
// deleted, oldest first, each with the length its bookings take and the practitioners offering it (active ones, by
// name; none for a package on the clinic-wide schedule). Spec: data.data is the list.
import { availablePackagesSchema, listAvailablePackagesReply } from '#shared/bookings/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getAvailability, rulesOf } from '../data/availability';
import { listActiveBookingPackages } from '../data/booking-packages';
import { getOrganization } from '../data/organizations';
import { listPractitioners } from '../data/practitioners';
import { findOrgIdByApiKey } from '../data/organizations';
import { UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';
import { toPublicPackageView } from '#domain/booking-packages/view';
import { bookedMinutes } from '#domain/availability/diary';

export const handler = endpoint({ body: availablePackagesSchema, reply: listAvailablePackagesReply }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  if (!orgId) throw notFound(UNKNOWN_BOOKING_PAGE);
  const [packages, practitioners, saved, org] = await Promise.all([listActiveBookingPackages(orgId), listPractitioners(orgId), getAvailability(orgId), getOrganization(orgId)]);
  const rules = rulesOf(saved, org?.timeZone);
  const active = practitioners.filter((p) => p.isActive).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return {
    data: packages.map((pkg) => ({
      ...toPublicPackageView(pkg),
      durationMinutes: bookedMinutes(pkg, rules),
      practitioners: active.filter((p) => pkg.practitionerIds?.includes(p.id)).map((p) => ({ id: p.id, name: p.name, title: p.title })),
    })),
  };
});
