// An appointment with a practitioner takes that person's time, like a booking (docs/practitioners.md):
// the 5-minute blocks of [start, start + duration) while it is requested or confirmed. Every change
// (booked, moved, cancelled) takes and gives them in the transaction that saves the appointment, so a
// booking, a hold, a move and an appointment racing for one interval have one winner.
// The fields it reads, from the shared record type: ./appointments imports this module, so naming its
// Appointment here would make the two import each other (functions/import-cycles.test.ts).
import type { AppointmentFields } from '#shared/appointments/types';
import type { TransactItem } from './core';
import { timeChangeItems, type BusySpan } from './practitioners';

export const PRACTITIONER_BUSY = 'That time is taken for this practitioner. Please choose another time.';
export const DEFAULT_APPOINTMENT_MINUTES = 30;

/** What of an appointment decides the time it holds (a stored Appointment is one). */
export type TimedAppointment = Pick<AppointmentFields, 'id' | 'status' | 'practitionerId' | 'startUtc' | 'durationMinutes'> & { orgId: string };

/** The span an appointment holds of its practitioner's time (none when it holds none). */
function spanOf(a: TimedAppointment | undefined): (BusySpan & { practitionerId: string }) | undefined {
  if (!a?.practitionerId || !a.startUtc || (a.status !== 'requested' && a.status !== 'confirmed')) return undefined;
  const startMs = Date.parse(a.startUtc);
  return { practitionerId: a.practitionerId, startMs, endMs: startMs + (a.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES) * 60_000 };
}

/** The items moving an appointment's hold on practitioner time from `previous` to `next` (either may be none). */
export function appointmentTimeItems(previous: TimedAppointment | undefined, next: TimedAppointment | undefined): TransactItem[] {
  const before = spanOf(previous);
  const after = spanOf(next);
  const a = (next ?? previous)!;
  const owner = `appointment:${a.id}` as const;
  if (before && after && before.practitionerId === after.practitionerId) {
    if (before.startMs === after.startMs && before.endMs === after.endMs) return [];
    return timeChangeItems(a.orgId, after.practitionerId, owner, { take: after, give: before });
  }
  return [
    ...(after ? timeChangeItems(a.orgId, after.practitionerId, owner, { take: after }) : []),
    ...(before ? timeChangeItems(a.orgId, before.practitionerId, owner, { give: before }) : []),
  ];
}
