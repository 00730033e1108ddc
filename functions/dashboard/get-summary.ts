// The dashboard's counts (members, appointments, services, forms, bookings, the caller's own
// appointments), only those of modules the caller may read. They come from kept counters, not counting queries.
import { getSummaryReply } from '#shared/organization/schemas';
import { can } from '#shared/permissions';
import { endpoint } from '#http/http';
import { getAssignedCount } from '../data/appointments';
import { getCounters } from '../data/organizations';

export const handler = endpoint({ reply: getSummaryReply }, async ({ caller }) => {
  const mine = !caller.isOwner && can(caller, 'Appointment', 'read');
  const [counters, myAppointments] = await Promise.all([getCounters(caller.orgId), mine ? getAssignedCount(caller.orgId, caller.userId) : undefined]);
  const visible = (module: Parameters<typeof can>[1], value: number) => (can(caller, module, 'read') ? value : undefined);
  return {
    data: {
      members: visible('Members', counters.members),
      appointments: visible('Appointment', counters.appointments),
      services: visible('Appointment', counters.services),
      forms: visible('FORMS', counters.forms),
      bookings: visible('BOOKING_PACKAGES', counters.bookings),
      // My Appointments (non-owners with Appointment read): kept with each assignment.
      myAppointments,
    },
  };
});
