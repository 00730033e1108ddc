// What the calendar shades and how its grid is laid: the hours of one practitioner, or when anyone works
// (the clinic's schedule and every active practitioner's), none before they are known; the team day's
// columns; and the closed dates of the main calendar.
import { useMemo } from 'react';
import type { EventInput } from '@fullcalendar/react';
import { addDays } from '#shared/bookings/slots';
import type { ReplyOf } from '#shared/api-contract';
import type { CalendarItem } from './api/calendar';
import type { CalendarPractitioner } from './api/practitioners';
import type { TeamColumn } from './components/team-day';
import { businessHoursOf, closedEventsOf, gridOf, unionHours, type WeeklyHours } from './lib';
import { hoursOn } from './team';

type ClinicHours = ReplyOf<'GET /bookings/availability'>;

export function useWorkingHours({ clinic, team, practitionerId, teamDate, range, shown }: {
  clinic?: ClinicHours;
  team: CalendarPractitioner[];
  /** The practitioner filter ('' for everyone). */
  practitionerId: string;
  /** The team day's date. */
  teamDate: string;
  /** The main calendar's dates. */
  range: { start: string; end: string } | null;
  /** The items shown (the team day adds a clinic column when one has no practitioner). */
  shown: CalendarItem[];
}) {
  const chosen = team.find((p) => p.id === practitionerId);
  const clinicHours: WeeklyHours | null = clinic?.configured ? clinic.weeklyHours : null;
  const activeTeam = useMemo(() => team.filter((p) => p.isActive), [team]);
  const hours: WeeklyHours | null = useMemo(() => {
    if (chosen) return chosen.weeklyHours;
    if (!clinicHours && !activeTeam.length) return null;
    return unionHours([...(clinicHours ? [clinicHours] : []), ...activeTeam.map((p) => p.weeklyHours)]);
  }, [chosen, clinicHours, activeTeam]);
  const businessHours = useMemo(() => (hours ? businessHoursOf(hours) : false), [hours]);
  const slotMinutes = clinic?.slotMinutes ?? 30;
  // One object while its inputs hold: the main calendar renders again when it is another.
  const grid = useMemo(() => gridOf(slotMinutes, hours ?? undefined), [slotMinutes, hours]);
  const columns: TeamColumn[] = useMemo(() => {
    const people = chosen ? [chosen] : activeTeam;
    const day = { start: teamDate, end: addDays(teamDate, 1) };
    // The clinic's closed dates close everyone's day.
    const cols: TeamColumn[] = people.map((p) => ({
      id: p.id, name: p.name, title: p.title, color: p.color, packageIds: p.packageIds, hours: hoursOn(teamDate, p.weeklyHours, p.exceptions),
      closed: closedEventsOf(day, { exceptions: p.exceptions, closedDates: clinic?.closedDates }),
    }));
    // Items no practitioner takes (appointments, clinic-wide packages) get the clinic's column, named.
    if (!chosen && shown.some((i) => !i.practitionerId)) {
      cols.push({ id: '', name: 'No practitioner', title: 'Clinic-wide', color: '#6c757d', hours: clinicHours ? hoursOn(teamDate, clinicHours) : null, closed: closedEventsOf(day, { closedDates: clinic?.closedDates }) });
    }
    return cols;
  }, [chosen, activeTeam, shown, clinicHours, clinic, teamDate]);
  // The main calendar's closed dates: the chosen practitioner's exceptions, or the clinic's closed
  // dates when no practitioner works apart from its schedule.
  const closed: EventInput[] = useMemo(
    () => closedEventsOf(range, chosen ? { exceptions: chosen.exceptions } : activeTeam.length ? {} : { closedDates: clinic?.closedDates }),
    [range, chosen, activeTeam.length, clinic],
  );
  return { chosen, activeTeam, hours, businessHours, grid, slotMinutes, columns, closed };
}
