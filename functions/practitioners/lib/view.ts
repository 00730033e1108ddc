// What the API shows of a practitioner, and the checks every practitioner write makes.
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import type { PractitionerInput, PractitionerView } from '#shared/bookings/practitioner-schemas';
import { badRequest } from '#lib/errors';
import { listAllBookingPackages, type BookingPackageRecord } from '../../data/booking-packages';
import { getMembership } from '../../data/members';
import type { PractitionerRecord } from '../../data/practitioners';

export function toPractitionerView(p: PractitionerRecord, packages: readonly BookingPackageRecord[]): PractitionerView {
  return {
    id: p.id,
    name: p.name,
    title: p.title,
    memberId: p.memberId,
    color: p.color,
    weeklyHours: p.weeklyHours,
    exceptions: p.exceptions,
    isActive: p.isActive,
    packageIds: packages.filter((k) => k.practitionerIds?.includes(p.id)).map((k) => k.id),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** The views of some practitioners, with the packages naming each (one read of the packages). */
export async function practitionerViews(orgId: string, list: readonly PractitionerRecord[]): Promise<PractitionerView[]> {
  const packages = await listAllBookingPackages(orgId);
  return list.map((p) => toPractitionerView(p, packages));
}

/** A linked member must belong to the organisation. */
export async function checkMember(orgId: string, body: Pick<PractitionerInput, 'memberId'>): Promise<void> {
  if (body.memberId && !(await getMembership(orgId, body.memberId))) throw badRequest(PRACTITIONER_MESSAGES.unknownMember, { memberId: PRACTITIONER_MESSAGES.unknownMember });
}

export const PRACTITIONER_NOT_FOUND = PRACTITIONER_MESSAGES.notFound;
