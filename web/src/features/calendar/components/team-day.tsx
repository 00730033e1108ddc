// The team's day: one column per practitioner on one time axis, in one FullCalendar time grid (its
// resource views are under a commercial licence or the AGPL). Column i is laid out as the date i days
// after the day shown, in a UTC grid of wall-clock times (the clinic's local times, so no zone or
// daylight-saving shift), so a drag into another column is an ordinary drop whose date says the column.
// The axis is readable (hours, 15-minute lines) whatever the clinic's slot length; a drag moves in
// 5 minutes and the page decides where it lands (team.ts decideDrop: only the practitioner's offered
// starts). While a booking is dragged, each column marks the starts that practitioner offers it.
// Items and columns wear their practitioner's colour. On a phone one practitioner is shown at a time,
// with a switcher of their full names.
import FullCalendar, { type CalendarRef, type DayHeaderInfo, type DayLaneInfo, type EventClickInfo, type EventDropInfo, type EventInput, type MountInfo } from '@fullcalendar/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { addDays } from '#shared/bookings/slots';
import type { Interval } from '#shared/bookings/time';
import type { CalendarItem } from '../api/calendar';
import { minutesLong, teamAxis, type DropColumn } from '../team';
import { useOfferedMarks } from '../use-offered-marks';
import { useTeamEvents } from '../use-team-events';
import { CALENDAR_CLASSES, NO_SCROLL_TIME, TEAM_PLUGINS, documentDirection, markBorder } from '../fullcalendar';
import { PractitionerSwitcher } from './practitioner-switcher';
import { TeamColumnHead } from './team-column-head';

export interface TeamColumn extends DropColumn {
  title: string;
  color: string;
  /** Working hours on the date; null when not known (nothing shaded). */
  hours: Interval[] | null;
  /** Background events of its closed dates and time off, on the real date ('YYYY-MM-DDTHH:mm:ss'). */
  closed: EventInput[];
}

export interface TeamDrop {
  item: CalendarItem;
  from: TeamColumn;
  to: TeamColumn;
  /** Where it fell, local 'HH:mm'. */
  time: string;
  /** Shows it at another time of the column it fell in (the offered start it snapped to). */
  place: (time: string) => void;
  /** Puts it back where it was. */
  revert: () => void;
}

/** Days between two 'YYYY-MM-DD'. */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

export function TeamDay({
  date,
  columns,
  items,
  narrow,
  now,
  offered,
  onItemClick,
  onDrop,
  onDragStart,
  onDragStop,
}: {
  date: string;
  columns: TeamColumn[];
  items: CalendarItem[];
  /** A phone: one column at a time, with a switcher. */
  narrow: boolean;
  /** The clinic's local date and time now ('YYYY-MM-DDTHH:mm'), for the line across the columns. */
  now?: string;
  /** While a booking is dragged: the starts ('HH:mm') each column's practitioner offers it (by column id). */
  offered?: Map<string, string[]>;
  onItemClick: (item: CalendarItem) => void;
  onDrop: (drop: TeamDrop) => void;
  onDragStart?: (item: CalendarItem) => void;
  onDragStop?: () => void;
}) {
  const [picked, setPicked] = useState<string>();
  // On a phone: the practitioner picked, else the first with something that day, else the first.
  const single = narrow ? (columns.find((c) => c.id === picked) ?? columns.find((c) => items.some((i) => (i.practitionerId ?? '') === c.id)) ?? columns[0]) : undefined;
  const shown = useMemo(() => (single ? [single] : columns), [single, columns]);
  const ref = useRef<CalendarRef>(null);

  const events = useTeamEvents(shown, items, date, now);

  const axis = useMemo(
    () => teamAxis(shown.map((c) => c.hours ?? []), items.filter((i) => shown.some((c) => c.id === (i.practitionerId ?? ''))).map((i) => ({ time: i.time, minutes: minutesLong(i) }))),
    [shown, items],
  );

  useOfferedMarks(ref, offered, shown, date);
  // One object while the columns are the same: FullCalendar 7 lays its view out anew when `views` is
  // another object (a drag's marks re-render this), and a time grid taken down while it measures throws.
  const views = useMemo(() => ({ teamDay: { type: 'timeGrid', duration: { days: shown.length } } }), [shown.length]);

  const columnAt = (fake: Date) => daysBetween(date, fake.toISOString().slice(0, 10));

  const drop = (arg: EventDropInfo) => {
    const item = arg.event.extendedProps.item as CalendarItem;
    const from = shown.find((c) => c.id === arg.event.extendedProps.column) ?? shown[0];
    const index = columnAt(arg.event.start!);
    const to = shown[index];
    if (!to) return arg.revert();
    const day = addDays(date, index);
    onDrop({
      item, from, to, time: arg.event.startStr.slice(11, 16), revert: arg.revert,
      place: (time) => arg.event.setStart(`${day}T${time}:00Z`, { maintainDuration: true }),
    });
  };

  // The options below keep their identity from render to render (FullCalendar 7 compares options by
  // identity, and a new one re-lays the grid out: see `views` above).
  const header = useCallback(
    (arg: DayHeaderInfo) => {
      const c = shown[daysBetween(date, arg.date.toISOString().slice(0, 10))];
      return c ? <TeamColumnHead column={c} /> : null;
    },
    [shown, date],
  );
  // Each column's cell is named after its practitioner (what a screen reader says, and what tests find).
  const nameCell = useCallback(
    (arg: MountInfo<DayLaneInfo>) => {
      const c = shown[daysBetween(date, arg.date.toISOString().slice(0, 10))];
      if (c) arg.el.setAttribute('aria-label', c.name);
    },
    [shown, date],
  );

  // A column's head is its practitioner: v7 gives a head without a link a hidden full date for screen
  // readers and hides the content from them; here that date is a stand-in (column i is the date i days
  // on), so the head is read as its practitioner instead. (Set once per head: React does not touch
  // the text or the attribute again while the date, this grid's key, is the same.)
  const nameHead = useCallback((arg: MountInfo<DayHeaderInfo>) => {
    for (const child of Array.from(arg.el.children)) {
      if (child.getAttribute('aria-hidden') === 'true') child.removeAttribute('aria-hidden');
      else if (!child.querySelector('.calendar-team-head')) child.textContent = '';
    }
  }, []);

  if (!columns.length) return <p className="text-body-secondary">No practitioner to show. Add practitioners to see the team's day.</p>;

  return (
    <div className="calendar-team calendar-fc">
      {single && <PractitionerSwitcher columns={columns} shownId={single.id} onPick={setPicked} />}
      <div role="group" aria-label="The team's day, one column per practitioner">
        <FullCalendar
          // A new date or set of columns lays the grid out again (its length is the number of columns).
          key={`${date}:${shown.map((c) => c.id).join(',')}`}
          ref={ref}
          plugins={TEAM_PLUGINS}
          {...CALENDAR_CLASSES}
          direction={documentDirection()}
          views={views}
          initialView="teamDay"
          initialDate={date}
          timeZone="UTC"
          headerToolbar={false}
          height="auto"
          allDaySlot={false}
          slotDuration="00:15"
          slotHeaderInterval="01:00"
          snapDuration="00:05"
          slotMinTime={axis.slotMinTime}
          slotMaxTime={axis.slotMaxTime}
          scrollTime={NO_SCROLL_TIME}
          editable
          eventDurationEditable={false}
          eventLongPressDelay={400}
          events={events}
          dayHeaderContent={header}
          dayHeaderAlign="start"
          dayHeaderDidMount={nameHead}
          dayLaneDidMount={nameCell}
          eventDidMount={markBorder}
          eventClick={(arg: EventClickInfo) => {
            arg.jsEvent.preventDefault();
            const item = arg.event.extendedProps.item as CalendarItem | undefined;
            if (item) onItemClick(item);
          }}
          eventDragStart={(arg) => {
            const item = arg.event.extendedProps.item as CalendarItem | undefined;
            if (item) onDragStart?.(item);
          }}
          eventDragStop={() => onDragStop?.()}
          eventDrop={drop}
        />
      </div>
    </div>
  );
}
