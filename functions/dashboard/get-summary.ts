// Dashboard counts from the kept counters (no counting queries), limited to what the caller may read.
import { can } from '#shared/permissions';
import { endpoint } from '#lib/http';
import { getCounters } from '../data/organizations';

export const handler = endpoint({}, async ({ caller }) => {
  const counters = await getCounters(caller.orgId);
  const visible = (module: Parameters<typeof can>[1], value: number) => (can(caller, module, 'read') ? value : undefined);
  return {
    data: {
      members: visible('Members', counters.members),
      appointments: visible('Appointment', counters.appointments),
      services: visible('Appointment', counters.services),
      forms: visible('FORMS', counters.forms),
      bookings: visible('BOOKING_PACKAGES', counters.bookings),
    },
  };
});
