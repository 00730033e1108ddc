// Whom a patient may move their booking to from the manage page: a booking with a practitioner moves
// to its own practitioner or to another active one who offers its package (the staff's rule,
// domain/bookings/move.ts, which checks it again on the move); a clinic-wide booking names nobody.
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { badRequest } from '#lib/errors';
import { offeringPractitioners } from '#domain/availability/diary';
import { getBookingPackage } from '../../data/booking-packages';
import { getPractitioner, type PractitionerRecord } from '../../data/practitioners';
import type { Opened } from './load';

/** The choice the manage page offers: the booking's own practitioner first, then the others offering its package. */
export async function practitionerChoices({ booking, org }: Opened): Promise<{ id: string; name: string; title: string }[]> {
  if (!booking.practitionerId) return [];
  const [pkg, own] = await Promise.all([getBookingPackage(org.id, booking.packageId), getPractitioner(org.id, booking.practitionerId)]);
  const others = pkg ? (await offeringPractitioners(org.id, pkg)).filter((p) => p.id !== booking.practitionerId) : [];
  return [...(own && !own.deletedAt ? [own] : []), ...others].map((p) => ({ id: p.id, name: p.name, title: p.title }));
}

/** The practitioner a manage call asks about (absent: the booking's own), or 400; undefined for a clinic-wide booking. */
export async function targetPractitioner({ booking, org }: Opened, practitionerId: string | undefined): Promise<PractitionerRecord | undefined> {
  const refuse = () => badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerId: PRACTITIONER_MESSAGES.unknownPractitioner });
  if (!booking.practitionerId) {
    if (practitionerId) throw refuse();
    return undefined;
  }
  const id = practitionerId ?? booking.practitionerId;
  const [target, pkg] = await Promise.all([getPractitioner(org.id, id), id === booking.practitionerId ? undefined : getBookingPackage(org.id, booking.packageId)]);
  const allowed = target && !target.deletedAt && (id === booking.practitionerId || (target.isActive && pkg?.practitionerIds?.includes(id)));
  if (!target || !allowed) throw refuse();
  return target;
}
