// While a booking is dragged on the team's day: the starts each column's practitioner offers it, as
// thin marks in their colour. Added to the calendar directly (not through its `events`): replacing the
// events mid-drag would lose the drag.
import type { CalendarRef, EventInput } from '@fullcalendar/react';
import { useEffect, type RefObject } from 'react';
import { addDays } from '#shared/bookings/slots';
import { minutesOf, timeOf } from '#shared/bookings/time';
import type { TeamColumn } from './components/team-day';

const OFFERED_SOURCE = 'offered';

export function useOfferedMarks(ref: RefObject<CalendarRef | null>, offered: Map<string, string[]> | undefined, shown: TeamColumn[], date: string): void {
  useEffect(() => {
    const calendar = ref.current?.getApi();
    if (!calendar) return;
    calendar.getEventSourceById(OFFERED_SOURCE)?.remove();
    if (!offered) return;
    const marks: EventInput[] = [];
    shown.forEach((c, i) => {
      const day = addDays(date, i);
      for (const t of offered.get(c.id) ?? []) {
        const end = Math.min(minutesOf(t) + 5, 1439);
        marks.push({ start: `${day}T${t}:00`, end: `${day}T${timeOf(end)}:00`, display: 'background', className: 'calendar-offered', color: c.color });
      }
    });
    calendar.addEventSource({ id: OFFERED_SOURCE, events: marks });
  }, [ref, offered, shown, date]);
}
