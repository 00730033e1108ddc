// POST /bookings/available-slots (public): the free times of one local date in the clinic's time zone,
// without past times (and the notice), closed days or full slots. A hold whose time ran out counts
// as free (create-booking releases it when someone books that time).
import { dayBoundsUtc, dayOf, describeInstant } from '#shared/bookings/slots';
import { availableSlotsSchema } from '#shared/schemas/bookings';
import { badRequest, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { listHoldsBetween, listSlotCountsBetween } from '../data/holds';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { UNKNOWN_BOOKING_PAGE } from '../bookings/lib/views';

const PACKAGE_UNAVAILABLE = 'This package is not available. Please choose another package.';

export const handler = endpoint({ body: availableSlotsSchema }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);
  if (body.packageId) {
    const pkg = await getBookingPackage(org.id, body.packageId);
    if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });
  }
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const now = new Date();
  const day = dayOf(rules, body.date, now);
  const bounds = dayBoundsUtc(body.date, rules.timeZone)!;
  let slots: { time: string; startUtc: string; endUtc: string; label: string; remaining: number }[] = [];
  if (day.slots.length) {
    const [counts, holds] = await Promise.all([listSlotCountsBetween(org.id, bounds.from, bounds.to), listHoldsBetween(org.id, bounds.from, bounds.to)]);
    const nowIso = now.toISOString();
    const lapsed = new Map<string, number>();
    for (const h of holds) if (h.holdExpiresAt <= nowIso) lapsed.set(h.startUtc, (lapsed.get(h.startUtc) ?? 0) + 1);
    slots = day.slots
      .map((s) => {
        const taken = (counts.get(s.startUtc)?.taken ?? 0) - (lapsed.get(s.startUtc) ?? 0);
        const when = describeInstant(s.startUtc, rules.timeZone);
        return { ...s, label: `${when.time} ${when.zoneAbbreviation}`, remaining: Math.max(0, rules.capacity - taken) };
      })
      .filter((s) => s.remaining > 0);
  }
  // The zone's names as they are on that date (EST or EDT), read at its midday.
  const midday = describeInstant(new Date(Date.parse(bounds.from) + 12 * 3_600_000).toISOString(), rules.timeZone);
  return {
    data: {
      date: body.date,
      timeZone: rules.timeZone,
      timeZoneName: midday.zoneLongName,
      timeZoneAbbreviation: midday.zoneAbbreviation,
      status: day.status === 'open' && slots.length === 0 ? 'full' : day.status,
      slotMinutes: rules.slotMinutes,
      slots,
    },
  };
});
