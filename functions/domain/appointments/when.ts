// An appointment's instant (its local date and time in the clinic's zone) and its reminder.
import { localToUtc } from '#shared/bookings/slots';
import { policyOf, type PatientPolicy } from '#shared/policy';
import type { Appointment } from '../../data/appointments';
import type { TransactItem } from '../../data/core';
import { reminderItems } from '../../data/reminders';

const two = (n: number) => String(n).padStart(2, '0');

/** The instant of an appointment's local time in `zone` (a time in a DST gap counts from the hour after it, less the hour). */
export function appointmentStartUtc(a: Pick<Appointment, 'bookingDate' | 'bookingTime'>, zone: string): string {
  const exact = localToUtc(a.bookingDate, a.bookingTime, zone);
  if (exact) return exact;
  const [h, m] = a.bookingTime.split(':').map(Number);
  const later = localToUtc(a.bookingDate, `${two(Math.min(23, h + 1))}:${two(m)}`, zone);
  return later ? new Date(Date.parse(later) - 3_600_000).toISOString() : `${a.bookingDate}T${a.bookingTime}:00.000Z`;
}

/** The reminder of a confirmed appointment, for the transaction that confirms or moves it (none otherwise). */
export function appointmentReminderItems(a: Appointment, org: ({ timeZone: string } & Partial<PatientPolicy>) | undefined): TransactItem[] {
  if (a.status !== 'confirmed' || !org) return [];
  return reminderItems({ orgId: a.orgId, kind: 'appointment', targetId: a.id, startUtc: appointmentStartUtc(a, org.timeZone) }, policyOf(org).reminderHours);
}
