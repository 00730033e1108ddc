// What the team's day draws in its columns: each column's closed dates and time off, the shading
// outside its practitioner's hours, the line at the current time and the practitioner's items in
// their colour. Column i is laid out as the date i days after the day shown (components/team-day.tsx).
import type { EventInput } from '@fullcalendar/react';
import { useMemo } from 'react';
import { addDays } from '#shared/bookings/slots';
import { minutesOf, timeOf } from '#shared/bookings/time';
import type { CalendarItem } from './api/calendar';
import type { TeamColumn } from './components/team-day';
import { colourLook, gapsOf, minutesLong } from './team';

/** A local date-time string of the day shown moved onto column `index` (its date `index` days on). */
const ontoColumn = (index: number, local: string) => `${addDays(local.slice(0, 10), index)}${local.slice(10)}`;

export function useTeamEvents(shown: TeamColumn[], items: CalendarItem[], date: string, now: string | undefined): EventInput[] {
  return useMemo(() => {
    const out: EventInput[] = [];
    shown.forEach((c, i) => {
      const day = addDays(date, i);
      for (const e of c.closed) out.push({ ...e, start: ontoColumn(i, String(e.start)), end: ontoColumn(i, String(e.end)) });
      // Outside the practitioner's hours: shaded as FullCalendar shades non-business hours.
      if (c.hours) for (const [from, to] of gapsOf(c.hours)) out.push({ start: `${day}T${timeOf(from)}:00`, end: to >= 1440 ? `${addDays(day, 1)}T00:00:00` : `${day}T${timeOf(to)}:00`, display: 'background', className: 'calendar-outside' });
      if (now?.startsWith(date)) {
        const at = minutesOf(now.slice(11, 16));
        out.push({ start: `${day}T${timeOf(at)}:00`, end: `${day}T${timeOf(Math.min(at + 1, 1439))}:00`, display: 'background', className: 'calendar-now' });
      }
      for (const item of items.filter((it) => (it.practitionerId ?? '') === c.id)) {
        const look = colourLook(item, c.color);
        // Kept within its column: a booking running past midnight ends at the column's end.
        const end = Math.min(minutesOf(item.time) + minutesLong(item), 1440);
        out.push({
          id: `${item.kind}:${item.id}`,
          title: item.title,
          start: `${day}T${item.time}:00`,
          end: end >= 1440 ? `${addDays(day, 1)}T00:00:00` : `${day}T${timeOf(end)}:00`,
          startEditable: item.movable,
          color: look.background,
          contrastColor: look.text,
          extendedProps: { item, column: c.id, border: look.border },
        });
      }
    });
    return out;
  }, [shown, items, date, now]);
}
