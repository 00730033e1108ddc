// The team's day: one FullCalendar day column per practitioner, side by side on one time axis (the
// first column's labels; the others leave theirs empty), each shading that practitioner's own hours.
// FullCalendar's resource views would do this but are under a commercial licence or the AGPL.
// A drag moves an item within its column (the same practitioner); the page confirms and calls the move.
import FullCalendar from '@fullcalendar/react';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarOptions, EventInput } from '@fullcalendar/core';
import { useMemo } from 'react';
import type { CalendarItem } from '../api/calendar';
import { businessHoursOf, type WeeklyHours } from '../lib';

export interface TeamColumn {
  /** A practitioner's id, or '' for the items no practitioner takes (with the clinic's hours). */
  id: string;
  name: string;
  title: string;
  color: string;
  hours: WeeklyHours | null;
  /** Background events of its closed dates and exceptions in the range. */
  closed: EventInput[];
}

export function TeamDay({
  date,
  columns,
  items,
  toEvents,
  options,
}: {
  date: string;
  columns: TeamColumn[];
  items: CalendarItem[];
  toEvents(items: CalendarItem[]): EventInput[];
  /** What every column shares with the page's calendar: zone, grid, handlers. */
  options: CalendarOptions;
}) {
  const eventsOf = useMemo(
    () => new Map(columns.map((c) => [c.id, [...c.closed, ...toEvents(items.filter((item) => (item.practitionerId ?? '') === c.id))]])),
    [columns, items, toEvents],
  );
  if (!columns.length) return <p className="text-body-secondary">No practitioner to show. Add practitioners to see the team's day.</p>;
  return (
    // Focusable: on a phone the columns scroll sideways, and a keyboard must reach them.
    <div className="calendar-team d-flex overflow-x-auto" role="group" aria-label="The team's day, one column per practitioner" tabIndex={0}>
      {columns.map((c, i) => (
        <section key={c.id || '-'} className="calendar-team-col flex-fill" style={{ minWidth: i === 0 ? 200 : 150 }} aria-label={c.name}>
          <FullCalendar
            // A new date remounts the columns on it (their own toolbars are hidden; the page navigates).
            key={date}
            {...options}
            plugins={[timeGridPlugin, interactionPlugin, luxonPlugin]}
            initialView="timeGridDay"
            initialDate={date}
            headerToolbar={false}
            // The column's head is its practitioner (in FullCalendar's own header row, so it sits over the column).
            dayHeaderContent={() => (
              <h3 className="h6 mb-0 py-1 text-truncate fw-normal" style={{ borderBottom: `3px solid ${c.color}` }}>
                <span className="fw-semibold text-body">{c.name}</span>
                {c.title && <span className="d-block small text-body-secondary text-truncate">{c.title}</span>}
              </h3>
            )}
            businessHours={c.hours ? businessHoursOf(c.hours) : false}
            events={eventsOf.get(c.id)}
            {...(i > 0 ? { slotLabelContent: () => '' } : {})}
          />
        </section>
      ))}
    </div>
  );
}
