// GET /reports/practitioners?from&to: each practitioner's figures per ISO week (Monday to Sunday, local
// dates in the organisation's zone): paid bookings, revenue per currency, booked minutes, working
// minutes and utilisation (booked over working). Bookings, minutes and money come from the per-day
// figures kept on write (data/reports.ts, one Query for the period); working minutes from each
// practitioner's weekly hours and dated exceptions, the clinic's closed dates left out.
import { todayIn } from '#shared/bookings/time';
import { addDays, reportQuerySchema, weekStartOf, weeksBetween, type PractitionerReport, type PractitionerWeekFigures, getPractitionerReportReply } from '#shared/reports/schemas';
import { endpoint } from '#http/http';
import { getAvailability, rulesOf } from '../data/availability';
import { getOrganization } from '../data/organizations';
import { listPractitioners, type PractitionerRecord } from '../data/practitioners';
import { getReportingSince, listReportDays, reportDayOf } from '../data/reports';
import { workingMinutesBetween } from './lib/working-minutes';

const FIGURE = /^prac:([A-Za-z0-9_-]+):(bookings|minutes|paid:[a-z]{3}|refunded:[a-z]{3})$/;

export const handler = endpoint({ query: reportQuerySchema, reply: getPractitionerReportReply }, async ({ query, caller }) => {
  const org = await getOrganization(caller.orgId);
  const timeZone = org?.timeZone || 'UTC';
  const today = todayIn(timeZone);
  const weeks = weeksBetween(query.from ?? query.to ?? today, query.to ?? query.from ?? today);
  const from = weeks[0];
  const to = addDays(weeks.at(-1)!, 6);
  const [days, reportingSince, practitioners, availability] = await Promise.all([
    listReportDays(caller.orgId, from, to),
    getReportingSince(caller.orgId),
    listPractitioners(caller.orgId, true),
    getAvailability(caller.orgId),
  ]);
  const closedDates = rulesOf(availability, timeZone).closedDates;

  // week -> practitioner id -> figures (booked and money only; working minutes are added below)
  const counted = new Map<string, Map<string, Omit<PractitionerWeekFigures, 'name' | 'workingMinutes' | 'utilisation'>>>(weeks.map((w) => [w, new Map()]));
  for (const day of days) {
    const week = counted.get(weekStartOf(day.day))!;
    for (const [figure, value] of Object.entries(day)) {
      const m = FIGURE.exec(figure);
      if (!m || typeof value !== 'number') continue;
      const id = m[1];
      const row = week.get(id) ?? { practitionerId: id, bookings: 0, revenue: {}, bookedMinutes: 0 };
      week.set(id, row);
      if (m[2] === 'bookings') row.bookings += value;
      else if (m[2] === 'minutes') row.bookedMinutes += value;
      else {
        const [kind, currency] = m[2].split(':') as ['paid' | 'refunded', string];
        (row.revenue[currency] ??= { paid: 0, refunded: 0 })[kind] += value;
      }
    }
  }

  const byId = new Map(practitioners.map((p) => [p.id, p]));
  const order = (a: PractitionerWeekFigures, b: PractitionerWeekFigures) => a.name.localeCompare(b.name) || a.practitionerId.localeCompare(b.practitionerId);
  const report: PractitionerReport = {
    from,
    to,
    timeZone,
    reportingSince,
    weeks: weeks.map((week) => {
      const figures = counted.get(week)!;
      // Every active practitioner each week (none booked is a finding too); others only with figures.
      const ids = new Set([...practitioners.filter((p) => p.isActive && !p.deletedAt).map((p) => p.id), ...figures.keys()]);
      const rows = [...ids].map((id): PractitionerWeekFigures => {
        const p = byId.get(id);
        const row = figures.get(id) ?? { practitionerId: id, bookings: 0, revenue: {}, bookedMinutes: 0 };
        const workingMinutes = p ? workingMinutesOf(p, week, timeZone, closedDates) : 0;
        return { ...row, name: p?.name ?? 'Removed practitioner', workingMinutes, utilisation: workingMinutes > 0 ? row.bookedMinutes / workingMinutes : null };
      });
      return { week, practitioners: rows.sort(order) };
    }),
  };
  return { data: report };
});

/** Their working minutes in a week, counting only the days they were on the clinic's list (created, not yet deleted). */
function workingMinutesOf(p: PractitionerRecord, week: string, timeZone: string, closedDates: readonly string[]): number {
  const first = [week, reportDayOf(p.createdAt, timeZone)].sort().at(-1)!;
  const last = [addDays(week, 6), ...(p.deletedAt ? [addDays(reportDayOf(p.deletedAt, timeZone), -1)] : [])].sort()[0];
  return first <= last ? workingMinutesBetween(p, first, last, timeZone, closedDates) : 0;
}
