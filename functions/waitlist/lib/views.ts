// What the waitlist's answers show: an entry and an offer as staff see them (never a link token).
import type * as z from 'zod/mini';
import type { waitlistEntryRecord, waitlistOfferRecord } from '#shared/waitlist/records';
import type { WaitlistEntry, WaitlistOffer } from '../../data/waitlist';

export function entryView(e: WaitlistEntry): z.output<typeof waitlistEntryRecord> {
  return {
    id: e.id, status: e.status, packageId: e.packageId, packageName: e.packageName, practitionerId: e.practitionerId, practitionerName: e.practitionerName,
    firstName: e.firstName, lastName: e.lastName, email: e.email, phoneNumber: e.phoneNumber, locale: e.locale, days: e.days.map(Number), fromTime: e.fromTime, toTime: e.toTime,
    until: e.until, offersMade: Number(e.offersMade ?? 0), createdAt: e.createdAt, updatedAt: e.updatedAt,
  };
}

/** An offer still 'open' whose window is over reads as lapsed (the sweep or the event records it within a minute). */
export function offerView(o: WaitlistOffer, now = new Date()): z.output<typeof waitlistOfferRecord> {
  const { orgId: _org, tokenHash: _token, ...view } = o;
  return { ...view, status: o.status === 'open' && o.expiresAt <= now.toISOString() ? 'lapsed' : o.status };
}
