// The page's FullCalendar (day, week, month and list views; the team's day is components/team-day.tsx).
// A memo component with options that keep their identity: FullCalendar 7 recomputes its options and
// renders its whole grid again whenever it is rendered with an option that is another object or
// function, and the page renders again for things the grid does not show (its title once the grid
// names its dates, the first show, a dialog opening). Each of those was a full render of the grid
// (tens of milliseconds of a phone's main thread at load); now the grid renders when what it shows
// changes. Callbacks given to it must keep their identity (the page's are stable).
import FullCalendar, { type CalendarOptions, type CalendarRef, type DatesSetInfo, type DayHeaderInfo, type EventClickInfo, type EventDropInfo, type EventInput } from '@fullcalendar/react';
import { memo, useMemo, type Ref } from 'react';
import { dateFormatter } from '../../../lib/dates';
import { VIEWS, type Grid, type ViewName } from '../lib';
import { CALENDAR_CLASSES, MAIN_PLUGINS, NO_SCROLL_TIME, documentDirection, markBorder } from '../fullcalendar';

// The list: the seven days from its date (on a Saturday, the days ahead, not the week gone by). One
// object for every render: FullCalendar 7 lays its view out anew when `views` is another object, and a
// time grid taken down while it measures throws (7.1.4: "reading 'scrollTo'").
const LIST_VIEWS = { listDays: { type: 'list', duration: { days: 7 }, dateAlignment: 'day' } };

/** On a phone the week's headers are the weekday's three letters over the day's number: seven fit. */
const dayHeaderOf = (narrow: boolean, timeZone: string) => (arg: DayHeaderInfo) => {
  if (!narrow || arg.view.type !== 'timeGridWeek') return arg.text;
  const part = (o: Intl.DateTimeFormatOptions) => dateFormatter({ ...(timeZone === 'local' ? {} : { timeZone }), ...o }).format(arg.date);
  return (
    <span className="d-block lh-sm">
      <span className="d-block small">{part({ weekday: 'short' })}</span>
      {part({ day: 'numeric' })}
    </span>
  );
};

export interface MainCalendarProps {
  calendarRef: Ref<CalendarRef>;
  /** The view it opens in and the date (later changes go through its API: the page follows the URL). */
  view: ViewName;
  date?: string;
  timeZone: string;
  grid: Grid;
  slotMinutes: number;
  firstDay: number;
  events: EventInput[];
  businessHours: CalendarOptions['businessHours'];
  narrow: boolean;
  onClick: (arg: EventClickInfo) => void;
  onDrop: (arg: EventDropInfo) => void;
  onDates: (arg: DatesSetInfo) => void;
  onNavDay: (date: Date) => void;
}

export const MainCalendar = memo(function MainCalendar({ calendarRef, view, date, timeZone, grid, slotMinutes, firstDay, events, businessHours, narrow, onClick, onDrop, onDates, onNavDay }: MainCalendarProps) {
  const { slotDuration, slotMinTime, slotMaxTime } = grid;
  const options = useMemo(
    (): CalendarOptions => ({
      ...CALENDAR_CLASSES,
      timeZone,
      direction: documentDirection(),
      height: 'auto',
      eventClick: onClick,
      eventDrop: onDrop,
      editable: false,
      eventDurationEditable: false,
      defaultTimedEventDuration: '00:30',
      nowIndicator: true,
      // The lines are the slots, and a drag snaps to them.
      slotDuration,
      snapDuration: slotDuration,
      ...(slotMinutes >= 30 ? { slotHeaderInterval: slotDuration } : {}),
      slotMinTime,
      slotMaxTime,
      scrollTime: NO_SCROLL_TIME,
      allDaySlot: false,
    }),
    [timeZone, onClick, onDrop, slotDuration, slotMinutes, slotMinTime, slotMaxTime],
  );
  const dayHeader = useMemo(() => dayHeaderOf(narrow, timeZone), [narrow, timeZone]); // one identity: see LIST_VIEWS
  return (
    <div className={narrow ? 'calendar-fc calendar-narrow' : 'calendar-fc'}>
      <FullCalendar
        ref={calendarRef}
        {...options}
        plugins={MAIN_PLUGINS}
        initialView={VIEWS[view]}
        initialDate={date}
        views={LIST_VIEWS}
        noEventsContent="Nothing in these seven days."
        firstDay={firstDay}
        headerToolbar={false}
        events={events}
        datesSet={onDates}
        businessHours={businessHours}
        dayHeaderContent={dayHeader}
        dayMaxEvents={4}
        eventMaxStack={3}
        navLinks
        navLinkDayClick={onNavDay}
        eventDidMount={markBorder}
      />
    </div>
  );
});
