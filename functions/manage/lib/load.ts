// What every manage call starts with: the booking a token opens (404 alike for an unknown, expired or
// malformed token, so nothing tells a guesser more), its organisation and policy, and the rule that
// decides whether it may still be changed online.
import { currencyOf } from '#shared/currency';
import { fullPolicy } from '#shared/bookings/payment-policy';
import { describeInstant } from '#shared/bookings/slots';
import { policyOf, type PatientPolicy } from '#shared/policy';
import { MANAGE_MESSAGES, type ManageView } from '#shared/manage/schemas';
import type { AuditActor } from '#shared/organization/schemas';
import { conflict, notFound } from '#lib/errors';
import { regionOfZone } from '#lib/zone-region';
import { appointmentStartUtc } from '#domain/appointments/when';
import { practitionerNameOf } from '#domain/bookings/mail';
import { practitionerOf } from '../../data/practitioner-names';
import { getAppointment, type Appointment } from '../../data/appointments';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { findManageToken } from '../../data/manage-tokens';
import { getOrganization, orgCurrency, publicBrandOf, type Organization } from '../../data/organizations';

/** Who a patient's own change is recorded as (audit log, cancelledBy). */
export const PATIENT_ACTOR = 'patient' satisfies AuditActor;

export interface Opened {
  booking: BookingRecord;
  org: Organization;
  policy: PatientPolicy;
}

export async function openBooking(token: string): Promise<Opened> {
  const found = await findManageToken(token);
  if (found?.appointmentId) throw conflict(MANAGE_MESSAGES.appointmentTime);
  const [booking, org] = found?.bookingId ? await Promise.all([getBooking(found.orgId, found.bookingId), getOrganization(found.orgId)]) : [];
  if (!booking || !org) throw notFound(MANAGE_MESSAGES.unknown);
  return { booking, org, policy: policyOf(org) };
}

export interface OpenedAppointment {
  appointment: Appointment;
  org: Organization;
  policy: PatientPolicy;
  startUtc: string;
  /** Who it is with (appointments carry only the practitioner's id), or null. */
  practitionerName: string | null;
}

/** What a token opens: a booking, or an appointment. */
export async function openAny(token: string): Promise<{ booking: Opened } | { appointment: OpenedAppointment }> {
  const found = await findManageToken(token);
  if (found?.appointmentId) {
    const [appointment, org] = await Promise.all([getAppointment(found.orgId, found.appointmentId), getOrganization(found.orgId)]);
    if (!appointment || !org) throw notFound(MANAGE_MESSAGES.unknown);
    return { appointment: { appointment, org, policy: policyOf(org), startUtc: appointmentStartUtc(appointment, org.timeZone), practitionerName: await practitionerOf(appointment) } };
  }
  return { booking: await openBooking(token) };
}

/** The clinic's phone and postal address as the manage page shows them (null: not given). */
const clinicContact = (org: Organization) => ({ clinicPhone: org.phoneNumber?.trim() || null, clinicAddress: org.address?.trim() || null, clinicBrand: publicBrandOf(org) });

export function toAppointmentManageView({ appointment: a, org, policy, startUtc, practitionerName }: OpenedAppointment, now = new Date()): ManageView {
  const when = describeInstant(startUtc, org.timeZone);
  const until = new Date(Date.parse(startUtc) - policy.cancellationCutoffHours * 3_600_000);
  return {
    kind: 'appointment',
    bookingId: a.id,
    orgName: org.name,
    clinicLanguage: a.locale ?? org.defaultLanguage ?? null,
    ...clinicContact(org),
    packageName: a.appointmentType || 'Appointment',
    practitionerName,
    firstName: a.firstName,
    status: a.status,
    paymentStatus: null,
    bookingDate: a.bookingDate,
    bookingTime: a.bookingTime,
    whenLabel: `${when.date} at ${when.time} ${when.zoneAbbreviation}`,
    timeZone: org.timeZone,
    timeZoneName: when.zoneLongName,
    durationMinutes: null,
    amountPaidCents: null,
    refundedCents: null,
    changeableUntil: until.toISOString(),
    canChange: (a.status === 'requested' || a.status === 'confirmed') && now < until,
    cutoffHours: policy.cancellationCutoffHours,
    refundOnCancelCents: 0,
    currency: orgCurrency(org),
    clinicRegion: regionOfZone(org.timeZone),
    bookingPage: null,
    packageId: null,
    practitionerId: a.practitionerId ?? null,
    practitioners: [],
  };
}

/** Until when the booking may be changed online: its start less the cutoff. */
export const changeableUntil = (b: BookingRecord, p: PatientPolicy) => new Date(Date.parse(b.startUtc) - p.cancellationCutoffHours * 3_600_000);

/** What a cancellation now refunds: the rest of the payment under a 'full' policy, else nothing. */
export function refundDue(b: BookingRecord, p: PatientPolicy): number {
  if (p.cancellationRefund !== 'full' || !b.paymentIntentId || (b.paymentStatus !== 'paid' && b.paymentStatus !== 'partially_refunded')) return 0;
  return Math.max(0, (b.amountPaidCents ?? b.priceCents) - (b.refundedCents ?? 0));
}

/** Refuses (409) a change the policy no longer allows, or of a booking that is not confirmed. */
export function assertChangeable({ booking, org, policy }: Opened, now = new Date()): void {
  if (booking.status !== 'confirmed') throw conflict(`This booking is ${booking.status}: it cannot be changed.`);
  if (now >= changeableUntil(booking, policy)) throw conflict(MANAGE_MESSAGES.closed(policy.cancellationCutoffHours, org.name));
}

/**
 * What the manage page shows of a booking. `practitioners`: whom it may move to (lib/practitioners.ts),
 * read only by the answers that lead to a reschedule.
 */
export function toManageView({ booking: b, org, policy }: Opened, practitioners: ManageView['practitioners'] = [], now = new Date()): ManageView {
  const when = describeInstant(b.startUtc, b.timeZone);
  const until = changeableUntil(b, policy);
  return {
    kind: 'booking',
    bookingId: b.id,
    orgName: org.name,
    clinicLanguage: b.locale ?? org.defaultLanguage ?? null,
    ...clinicContact(org),
    packageName: b.packageName,
    practitionerName: practitionerNameOf(b),
    firstName: b.firstName,
    status: b.status,
    paymentStatus: b.paymentStatus,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    whenLabel: `${when.date} at ${when.time} ${when.zoneAbbreviation}`,
    timeZone: b.timeZone,
    timeZoneName: when.zoneLongName,
    durationMinutes: b.durationMinutes,
    amountPaidCents: b.amountPaidCents,
    refundedCents: b.refundedCents,
    changeableUntil: until.toISOString(),
    canChange: b.status === 'confirmed' && now < until,
    cutoffHours: policy.cancellationCutoffHours,
    refundOnCancelCents: refundDue(b, policy),
    currency: currencyOf(b.currency),
    clinicRegion: regionOfZone(org.timeZone),
    bookingPage: org.apiKey,
    packageId: b.packageId,
    practitionerId: b.practitionerId ?? null,
    practitioners,
    // A booking from before payment modes was paid in full when booked; a visit of a series staff booked
    // is paid at the clinic (never 'Paid by card').
    paymentPolicy: b.paymentPolicy ?? (b.seriesId && !b.paymentIntentId ? { ...fullPolicy(b.priceCents), mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: b.priceCents } : fullPolicy(b.priceCents)),
    ...(b.savedCard ? { card: { brand: b.savedCard.brand, last4: b.savedCard.last4 } } : {}),
  };
}
