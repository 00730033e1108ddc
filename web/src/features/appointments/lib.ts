// Small helpers of the appointment pages.
import { STATUS_TRANSITIONS, type AppointmentStatus } from '#shared/appointments/form';
import { dateFormatter } from '../../lib/dates';

export const appointmentPath = (id: string) => `/appointments/${encodeURIComponent(id)}`;

/** The statuses an appointment may move to next. */
export const nextStatuses = (status: AppointmentStatus) => STATUS_TRANSITIONS[status] ?? [];

/** "2025-03-04" and "09:30" as a person reads them, in the clinic's own terms (no time zone shift). */
export function formatBooking(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return `${date} ${time}`;
  // One formatter for every row (lib/dates.ts).
  const day = dateFormatter({ dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${day}, ${time}`;
}
