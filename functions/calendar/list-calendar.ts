// GET /calendar?start=&end=&kinds=&assignee=&practitionerId=: the organisation's appointments and bookings between two
// local dates (its time zone), for the console's calendar. Each kind is read only when the member may
// read its module (Appointment, BOOKING_PACKAGES), and only by Queries on its time index, page by page:
// bookings by their start instant (the local dates' bounds in the zone, so a DST change moves nothing
// across the edge), appointments by their local date and time. Cancelled and expired items are left out.
import type { CalendarItem, CalendarView } from '#shared/calendar/types';
import { addDays, dayBoundsUtc, DEFAULT_TIME_ZONE, describeInstant } from '#shared/bookings/slots';
import { localParts } from '#shared/bookings/zone';
import { calendarQuerySchema, type CalendarKind, listCalendarReply } from '#shared/calendar/schemas';
import { can } from '#shared/permissions';
import { forbidden } from '#lib/errors';
import { endpoint } from '#http/http';
import { appointmentStartUtc } from '#domain/appointments/when';
import { appointmentsBetween, type Appointment } from '../data/appointments';
import { bookingsBetween, type BookingRecord } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { regionOfZone } from '#lib/zone-region';

/** Items one read returns at most, per kind (a busy month); more are reported as truncated. */
const MAX_PER_KIND = 2000;

const two = (n: number) => String(n).padStart(2, '0');

function appointmentItem(a: Appointment, zone: string, movable: boolean): CalendarItem {
  return {
    kind: 'appointment',
    id: a.id,
    title: `${a.firstName} ${a.lastName}${a.appointmentType ? ` · ${a.appointmentType}` : ''}`,
    start: a.startUtc ?? appointmentStartUtc(a, zone),
    end: a.practitionerId && a.startUtc ? new Date(Date.parse(a.startUtc) + (a.durationMinutes ?? 30) * 60_000).toISOString() : null,
    date: a.bookingDate,
    time: a.bookingTime,
    status: a.status,
    assignee: a.assignee ?? null,
    version: a.version,
    movable: movable && (a.status === 'requested' || a.status === 'confirmed'),
    practitionerId: a.practitionerId ?? null,
    practitionerName: a.practitionerName ?? null,
  };
}

function bookingItem(b: BookingRecord, zone: string, movable: boolean): CalendarItem {
  const local = localParts(Date.parse(b.startUtc), zone);
  return {
    kind: 'booking',
    id: b.id,
    title: `${b.firstName} ${b.lastName} · ${b.packageName}`,
    start: b.startUtc,
    end: b.endUtc,
    date: `${local.year}-${two(local.month)}-${two(local.day)}`,
    time: `${two(local.hour)}:${two(local.minute)}`,
    status: b.status,
    paymentStatus: b.paymentStatus,
    // A held booking is mid-payment: it moves once confirmed.
    movable: movable && b.status === 'confirmed',
    practitionerId: b.practitionerId ?? null,
    practitionerName: b.practitionerName ?? null,
    packageId: b.packageId,
  };
}

export const handler = endpoint({ query: calendarQuerySchema, reply: listCalendarReply }, async ({ query, caller }) => {
  const readable: CalendarKind[] = [];
  if (can(caller, 'Appointment', 'read')) readable.push('appointment');
  if (can(caller, 'BOOKING_PACKAGES', 'read')) readable.push('booking');
  if (!readable.length) throw forbidden();
  const wanted = readable.filter((k) => !query.kinds || query.kinds.includes(k));

  const org = await getOrganization(caller.orgId);
  const zone = org?.timeZone || DEFAULT_TIME_ZONE;
  const [appointments, bookings] = await Promise.all([
    wanted.includes('appointment') ? appointmentsBetween(caller.orgId, query.start, addDays(query.end, -1), MAX_PER_KIND) : undefined,
    wanted.includes('booking') && !query.assignee
      ? bookingsBetween(caller.orgId, dayBoundsUtc(query.start, zone)!.from, dayBoundsUtc(query.end, zone)!.from, MAX_PER_KIND)
      : undefined,
  ]);
  const moveAppointments = can(caller, 'Appointment', 'write');
  const moveBookings = can(caller, 'BOOKING_PACKAGES', 'write');
  const items: CalendarItem[] = [
    ...(appointments?.items ?? [])
      .filter((a) => a.status !== 'cancelled' && (!query.assignee || a.assignee?.userId === query.assignee) && (!query.practitionerId || a.practitionerId === query.practitionerId))
      .map((a) => appointmentItem(a, zone, moveAppointments)),
    ...(bookings?.items ?? [])
      .filter((b) => (b.status === 'held' || b.status === 'confirmed') && (!query.practitionerId || b.practitionerId === query.practitionerId))
      .map((b) => bookingItem(b, zone, moveBookings)),
  ].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));

  const view: CalendarView = {
    timeZone: zone,
    timeZoneName: describeInstant(dayBoundsUtc(query.start, zone)!.from, zone).zoneLongName,
    region: regionOfZone(zone),
    kinds: readable,
    items,
    truncated: Boolean(appointments?.truncated || bookings?.truncated),
  };
  return { data: view };
});
