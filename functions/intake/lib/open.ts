// What the by-mail intake link opens: its booking (confirmed, not started, its package still asking a
// form by mail), the clinic and the form. An unknown or expired token, and a booking that cannot take
// answers any more, answer 404 with the page's message (nothing tells a stranger a booking exists).
import { INTAKE_PAGE_MESSAGES } from '#shared/intake/schemas';
import { notFound } from '#lib/errors';
import { getBookingPackage } from '../../data/booking-packages';
import { getBooking, type BookingRecord } from '../../data/bookings';
import type { FormRecord } from '../../data/forms';
import { findIntakeToken } from '../../data/intake';
import { getOrganization, type Organization } from '../../data/organizations';
import { intakeFormOf } from '#domain/intake/intake';

export interface OpenedIntake {
  booking: BookingRecord;
  org: Organization;
  form: FormRecord;
}

export async function openIntake(token: string, now = new Date()): Promise<OpenedIntake> {
  const found = await findIntakeToken(token, now);
  const booking = found ? await getBooking(found.orgId, found.bookingId) : undefined;
  if (!found || !booking) throw notFound(INTAKE_PAGE_MESSAGES.unknown);
  const [org, pkg] = await Promise.all([getOrganization(found.orgId), getBookingPackage(found.orgId, booking.packageId)]);
  const intake = pkg ? await intakeFormOf(pkg) : undefined;
  if (!org || !intake) throw notFound(INTAKE_PAGE_MESSAGES.unknown);
  // Answered already: the page says so (the form is still named); cancelled or past: nothing to answer.
  if (!booking.intakeSubmissionId && (booking.status !== 'confirmed' || Date.parse(booking.startUtc) <= now.getTime())) throw notFound(INTAKE_PAGE_MESSAGES.closed);
  return { booking, org, form: intake.form };
}
