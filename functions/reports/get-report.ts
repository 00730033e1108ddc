// GET /reports?from&to: the organisation's figures per ISO week (Monday to Sunday, local dates in its
// zone) from the per-day figures kept on write (data/reports.ts): one Query for the whole period.
// Each part needs read on its module (appointments: Appointment; bookings, series and waitlist: Bookings;
// leads: Forms; revenue, which adds up booking and form payments: both); a member who may read none is refused.
import { APPOINTMENT_STATUSES } from '#shared/appointments/form';
import { todayIn } from '#shared/bookings/time';
import { can } from '#shared/permissions';
import { addDays, emptyAppointments, reportQuerySchema, weekStartOf, weeksBetween, type Report, type WeekFigures, getReportReply } from '#shared/reports/schemas';
import { forbidden } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrganization } from '../data/organizations';
import { getReportingSince, listReportDays, type DayFigures } from '../data/reports';

export const handler = endpoint({ query: reportQuerySchema, reply: getReportReply }, async ({ query, caller }) => {
  const show = {
    appointments: can(caller, 'Appointment', 'read'),
    bookings: can(caller, 'BOOKING_PACKAGES', 'read'),
    leads: can(caller, 'FORMS', 'read'),
    revenue: can(caller, 'BOOKING_PACKAGES', 'read') && can(caller, 'FORMS', 'read'),
  };
  if (!show.appointments && !show.bookings && !show.leads) throw forbidden('You do not have permission to see reports.');

  const org = await getOrganization(caller.orgId);
  const timeZone = org?.timeZone || 'UTC';
  const today = todayIn(timeZone);
  const weeks = weeksBetween(query.from ?? query.to ?? today, query.to ?? query.from ?? today);
  const from = weeks[0];
  const to = addDays(weeks.at(-1)!, 6);
  const [days, reportingSince] = await Promise.all([listReportDays(caller.orgId, from, to), getReportingSince(caller.orgId)]);

  const byWeek = new Map<string, WeekFigures>(weeks.map((week) => [week, emptyWeek(week, show)]));
  for (const day of days) add(byWeek.get(weekStartOf(day.day))!, day);
  const report: Report = { from, to, timeZone, reportingSince, weeks: [...byWeek.values()] };
  return { data: report };
});

function emptyWeek(week: string, show: Record<'appointments' | 'bookings' | 'leads' | 'revenue', boolean>): WeekFigures {
  return {
    week,
    ...(show.appointments ? { appointments: emptyAppointments() } : {}),
    ...(show.bookings ? { bookings: { confirmed: 0, cancelled: 0 } } : {}),
    ...(show.revenue ? { revenue: {} } : {}),
    ...(show.leads ? { leads: { received: 0, paid: 0 } } : {}),
    ...(show.bookings ? { series: { visits: 0, booked: 0 }, waitlist: { offered: 0, filled: 0 } } : {}),
  };
}

/** Adds one day's figures to its week (only the parts the week carries: the member's modules). */
function add(week: WeekFigures, day: DayFigures) {
  const n = (value: unknown) => (typeof value === 'number' ? value : 0);
  if (week.appointments) for (const status of APPOINTMENT_STATUSES) week.appointments[status] += n(day[`appointments:${status}`]);
  if (week.bookings) {
    week.bookings.confirmed += n(day['bookings:confirmed']);
    week.bookings.cancelled += n(day['bookings:cancelled']);
  }
  if (week.revenue) {
    for (const [figure, value] of Object.entries(day)) {
      const money = /^(paid|refunded):([a-z]{3})$/.exec(figure);
      if (!money) continue;
      const currency = (week.revenue[money[2]] ??= { paid: 0, refunded: 0 });
      currency[money[1] as 'paid' | 'refunded'] += n(value);
    }
  }
  if (week.leads) {
    week.leads.received += n(day['leads:received']);
    week.leads.paid += n(day['leads:paid']);
  }
  if (week.series) {
    week.series.visits += n(day['bookings:series']);
    week.series.booked += n(day['series:booked']);
  }
  if (week.waitlist) {
    week.waitlist.offered += n(day['waitlist:offered']);
    week.waitlist.filled += n(day['waitlist:filled']);
  }
}
