// GET /appointments/export/appointments/to/csv?startDate&endDate: the appointments booked between two
// dates (inclusive, the clinic's local dates) as a CSV download, earliest first.
import { STATUS_LABELS, exportQuery } from '#shared/appointments/schemas';
import { badRequest } from '#lib/errors';
import { endpoint, rawReply } from '#http/http';
import { appointmentsBetween } from '../data/appointments';
import { toCsv } from './lib/csv';

/** A Lambda response body is at most 6 MB; a row is about 300 bytes. */
export const MAX_EXPORT_ROWS = 10_000;

const COLUMNS: [string, (a: Awaited<ReturnType<typeof appointmentsBetween>>['items'][number]) => unknown][] = [
  ['Booking date', (a) => a.bookingDate],
  ['Booking time', (a) => a.bookingTime],
  ['First name', (a) => a.firstName],
  ['Last name', (a) => a.lastName],
  ['Email', (a) => a.email],
  ['Phone', (a) => a.phone],
  ['Gender', (a) => a.gender],
  ['Date of birth', (a) => a.dob],
  ['Status', (a) => STATUS_LABELS[a.status] ?? a.status],
  ['Assigned to', (a) => a.assignee?.name],
  ['Appointment type', (a) => a.appointmentType],
  ['Preferred location', (a) => a.preferredLocation],
  ['Reason of appointment', (a) => a.reasonOfAppointment],
  ['Primary insurance', (a) => a.primaryInsurance],
  ['Insurance member ID', (a) => a.insuranceMemberId],
  ['Additional notes', (a) => a.additionalNotes],
  ['Source', (a) => (a.source === 'public' ? 'Public request' : 'Staff booking')],
  ['Created at', (a) => a.createdAt],
  ['Updated at', (a) => a.updatedAt],
  ['Reference', (a) => a.id],
];

export const handler = endpoint({ query: exportQuery, reply: rawReply('text/csv') }, async ({ query, caller }) => {
  if (query.startDate > query.endDate) throw badRequest('Start date must be on or before the end date', { startDate: 'Start date must be on or before the end date' });
  const { items, truncated } = await appointmentsBetween(caller.orgId, query.startDate, query.endDate, MAX_EXPORT_ROWS);
  if (truncated) throw badRequest(`More than ${MAX_EXPORT_ROWS} appointments fall in this range. Please choose a shorter range.`);
  const csv = toCsv(COLUMNS.map(([h]) => h), items.map((a) => COLUMNS.map(([, get]) => get(a))));
  return {
    rawBody: csv,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="appointments-${query.startDate}-to-${query.endDate}.csv"`,
    },
  };
});
