// /calendar (Appointment or Bookings read): the clinic's appointments and bookings in day, team, week,
// month and list views (list by default on a phone: the coming seven days), in the organisation's time
// zone, with its names for the dates shown, its weeks starting on its country's first day (lib.ts clinicFirstDay, from the region its reply names).
// The view and date live in the URL (?view=day|team|week|month|list&date=YYYY-MM-DD), so links and the back
// button work. Filters: kind (of those the member may read), assignee and practitioner. The grid's lines
// are the clinic's slots (a drop lands on a bookable start) and the hours outside the clinic's or the
// practitioner's are shaded. The team's day (components/team-day.tsx) has a column per practitioner on an
// hourly axis; a drop there lands only on a start that practitioner offers the booking (team.ts), another
// column handing it over, and anything else goes back with the reason before anyone is asked. A click
// opens a dialog with the item, its page and its free times (and for a practitioner booking, who it is
// with); staff with write move items by dragging them (a move is confirmed first, with the choice to email
// the patient) or in the dialog, under the booking page's rules (the server decides; a refusal puts the
// item back).
// FullCalendar 7 (its named zones through the Temporal polyfill, its theme's CSS) loads only with this
// route's chunk (../fullcalendar.ts).
import type { CalendarApi, CalendarRef, DatesSetInfo, EventClickInfo, EventDropInfo, EventInput } from '@fullcalendar/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { addDays } from '#shared/bookings/slots';
import { todayIn } from '#shared/bookings/time';
import type { CalendarKind } from '#shared/calendar/schemas';
import { Loading } from '../../../components/loading';
import { dateFormatter } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useLatest } from '../../../lib/use-latest';
import { useClinicHours } from '../api/availability';
import { useCalendar, type CalendarItem } from '../api/calendar';
import { usePractitioners } from '../api/practitioners';
import { CalendarFilters } from '../components/calendar-filters';
import { CalendarLegend } from '../components/calendar-legend';
import { CalendarToolbar, type Step } from '../components/calendar-toolbar';
import { MainCalendar } from '../components/main-calendar';
import { MoveDialogs, type Pending } from '../components/move-dialogs';
import { TeamDay } from '../components/team-day';
import { NARROW, VIEWS, applyFilters, assigneesOf, clinicFirstDay, firstRange, localOf, lookOf, stepOf, type ViewName } from '../lib';
import { rememberFirstDay, rememberedFirstDay } from '../range';
import { useCalendarUrl } from '../use-calendar-url';
import { useFirstLoad } from '../use-first-load';
import { useTeamDrag } from '../use-team-drag';
import { useWorkingHours } from '../use-working-hours';

/** The calendar's current date as a local date in its zone (toISOString would give UTC's). */
const currentDate = (calendar: CalendarApi) => calendar.formatIso(calendar.getDate()).slice(0, 10);

/** The window's width, followed on resize (the week's day headers change below NARROW). */
function useWidth() {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The local date and time now in a zone: 'YYYY-MM-DDTHH:mm'. */
const nowIn = (timeZone: string) => {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
};

/** Dates in the reader's locale (the browser's; the console's words stay English). */
const longDate = (date: string) => dateFormatter({ timeZone: 'UTC', dateStyle: 'full' }).format(new Date(`${date}T12:00:00Z`));

type Range = { start: string; end: string };
/** The range as it was when it did not change (no new request, no render). */
const sameRange = (r: Range | null, next: Range) => (r && r.start === next.start && r.end === next.end ? r : next);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The calendar's events: each item in its look, named with its practitioner outside the team's day. */
const eventsOf = (items: CalendarItem[], view: ViewName): EventInput[] =>
  items.map((item) => {
    const look = lookOf(item);
    return {
      id: `${item.kind}:${item.id}`,
      title: item.practitionerName && view !== 'team' ? `${item.title} · ${item.practitionerName}` : item.title,
      start: item.start,
      ...(item.end ? { end: item.end } : {}),
      startEditable: item.movable,
      color: look.background,
      contrastColor: look.text,
      extendedProps: { item, border: look.border },
    };
  });

/** A drop on the main calendar, to be confirmed: the patient is mailed at once, so a drop is confirmed first (for a booking, with the choice to mail). */
function pendingOfDrop(arg: EventDropInfo): Pending {
  const item = arg.event.extendedProps.item as CalendarItem;
  const to = localOf(arg.event.startStr);
  return { item, start: new Date(Date.parse(arg.event.startStr)).toISOString(), bookingDate: to.date, bookingTime: to.time, revert: arg.revert };
}

/** The item clicked; none for closed dates and time off (background events without an item). */
function itemOfClick(arg: EventClickInfo): CalendarItem | undefined {
  arg.jsEvent.preventDefault();
  return arg.event.extendedProps.item as CalendarItem | undefined;
}

/** Calls `onDay` as the team's day shown changes (null: another view), while rendering, not in an effect a render later. */
function useTeamDay(day: string | null, onDay: (day: string) => void) {
  const [shown, setShown] = useState<string | null>(null);
  if (shown !== day) {
    setShown(day);
    if (day) onDay(day);
  }
}

export function CalendarPage() {
  usePageTitle('Calendar', [{ title: 'Service Management' }], 'Appointments and bookings in one calendar');
  const width = useWidth();
  const [initialWidth] = useState(width);
  const narrow = width < NARROW;
  const { params, view, date, go } = useCalendarUrl(initialWidth);
  const ref = useRef<CalendarRef>(null);
  // The items are asked for at once, for the dates the view will show (range.ts firstRange, the key the
  // route's prefetch asked for), not after the calendar's first render; its datesSet corrects the range
  // if it lays out other dates.
  const [range, setRange] = useState<{ start: string; end: string } | null>(() => firstRange(params, initialWidth));
  const [title, setTitle] = useState('');
  const [practitionerId, setPractitionerId] = useState('');
  const { data, error, isLoading, mutate } = useCalendar(range, practitionerId || undefined);
  const [hidden, setHidden] = useState<CalendarKind[]>([]);
  const [assignee, setAssignee] = useState('');
  const [open, setOpen] = useState<CalendarItem | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const timeZone = data?.timeZone ?? 'local';
  // The clinic's week: its country's first day (kept for the next visit's first ask, range.ts).
  const firstDay = data ? clinicFirstDay(data.region) : rememberedFirstDay();
  useEffect(() => {
    if (data) rememberFirstDay(clinicFirstDay(data.region));
  }, [data]);

  // Hours, slots and practitioners are the bookings module's: read by those who may read bookings
  // (the reply's kinds; until it is in, the member's roles, so the three calls go out together).
  const canAccess = useAccess();
  const readsBookings = data ? data.kinds.includes('booking') : canAccess({ module: 'Bookings' });
  const clinicCall = useClinicHours(readsBookings);
  const practitionersCall = usePractitioners(readsBookings);
  const practitioners = practitionersCall.data?.items;
  // The first load shows the calendar when its items, hours and practitioners are in (use-first-load.ts).
  // The header's controls stay usable.
  const settled = (call: { data?: unknown; error?: unknown }) => call.data !== undefined || call.error !== undefined;
  const inNow = Boolean(error) || (data !== undefined && (!readsBookings || (settled(clinicCall) && settled(practitionersCall))));
  const { loaded, ready } = useFirstLoad(inNow, title);
  const team = useMemo(() => practitioners ?? [], [practitioners]);
  // The team's day is on the URL's date, or today in the clinic's zone.
  const teamDate = date ?? todayIn(data?.timeZone ?? browserZone());
  // The URL leads: a link or the back button moves the calendar to its view and date.
  useEffect(() => {
    const calendar = ref.current?.getApi();
    if (!calendar) return;
    if (calendar.view.type !== VIEWS[view]) calendar.changeView(VIEWS[view]);
    if (date && currentDate(calendar) !== date) calendar.gotoDate(date);
  }, [view, date]);

  // The team's day has no page-level FullCalendar: its range and title come from its date.
  useTeamDay(view === 'team' ? teamDate : null, (day) => {
    setRange((r) => sameRange(r, { start: day, end: addDays(day, 1) }));
    setTitle(longDate(day));
  });

  const step = (where: Step) => {
    if (view === 'team') return go({ date: where === 'today' ? todayIn(data?.timeZone ?? browserZone()) : addDays(teamDate, where === 'prev' ? -1 : 1) });
    const calendar = ref.current?.getApi();
    // Not mounted yet (its first load is out): the step is taken on the URL's date.
    const today = todayIn(browserZone());
    if (!calendar) return go({ date: where === 'today' ? today : stepOf(view, date ?? today, where === 'prev' ? -1 : 1) });
    calendar[where]();
    go({ date: currentDate(calendar) });
  };

  const onDates = useCallback((arg: DatesSetInfo) => {
    setRange((r) => sameRange(r, { start: arg.startStr.slice(0, 10), end: arg.endStr.slice(0, 10) }));
    setTitle(arg.view.title);
  }, []);

  const shown = useMemo(() => {
    const kinds = (data?.kinds ?? []).filter((k) => !hidden.includes(k));
    return applyFilters(data?.items ?? [], { kinds, assignee, practitionerId });
  }, [data, hidden, assignee, practitionerId]);
  const events = useMemo(() => eventsOf(shown, view), [shown, view]);
  const assignees = useMemo(() => assigneesOf(data?.items ?? []), [data]);
  const { chosen, activeTeam, hours, businessHours, grid, slotMinutes, columns, closed } = useWorkingHours({ clinic: clinicCall.data, team, practitionerId, teamDate, range, shown });
  const shownEvents = useMemo(() => [...closed, ...events], [closed, events]);
  const drag = useTeamDrag({ columns, teamDate, timeZone: data?.timeZone ?? 'UTC', onPending: setPending });

  // The main calendar's callbacks keep their identity (components/main-calendar.tsx renders it again
  // only when what it is given changes).
  const onDrop = useCallback((arg: EventDropInfo) => setPending(pendingOfDrop(arg)), []);
  const onClick = useCallback((arg: EventClickInfo) => {
    const item = itemOfClick(arg);
    if (item) setOpen(item);
  }, []);
  const latestGo = useLatest(go);
  const onNavDay = useCallback((d: Date) => latestGo.current({ view: 'day', date: ref.current!.getApi().formatIso(d).slice(0, 10) }), [latestGo]);

  const showTeam = view === 'team';
  // The team's day is for those who read bookings (the practitioners are theirs): offered from the first
  // paint on the member's roles, so the buttons never move when the practitioners arrive.
  const views = (Object.keys(VIEWS) as ViewName[]).filter((v) => v !== 'team' || readsBookings || showTeam);

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="calendar-title">
      <CalendarToolbar title={title} view={view} views={views} narrow={narrow} onStep={step} onView={(v) => go({ view: v })} />
      {!ready && (
        <div className="position-absolute start-0 end-0 calendar-loading">
          <Loading label="Loading the calendar..." />
        </div>
      )}
      <div className="card-body" style={ready ? undefined : { visibility: 'hidden' }}>
        <CalendarFilters
          data={data} range={range} isLoading={isLoading} hidden={hidden} onHidden={setHidden} assignee={assignee} onAssignee={setAssignee}
          assignees={assignees} team={team} practitionerId={practitionerId} onPractitioner={setPractitionerId}
        />
        {error && <div className="alert alert-danger" role="alert">{error.message || 'The calendar could not be loaded.'}</div>}
        {data?.truncated && <div className="alert alert-warning" role="status">There are more items than can be shown at once. Choose a shorter view.</div>}
        {!loaded ? (
          <div className="calendar-placeholder" />
        ) : showTeam ? (
          <TeamDay
            date={teamDate} columns={columns} items={shown} narrow={narrow} offered={drag.offered} now={data ? nowIn(data.timeZone) : undefined}
            onItemClick={setOpen} onDragStart={drag.onDragStart} onDragStop={drag.onDragStop} onDrop={(d) => void drag.onDrop(d)}
          />
        ) : (
          <MainCalendar
            calendarRef={ref} view={view} date={date} timeZone={timeZone} grid={grid} slotMinutes={slotMinutes} firstDay={firstDay} events={shownEvents}
            businessHours={businessHours} narrow={narrow} onClick={onClick} onDrop={onDrop} onDates={onDates} onNavDay={onNavDay}
          />
        )}
        <CalendarLegend shadesHours={Boolean(hours)} chosenName={chosen?.name} showsClosed={showTeam ? columns.some((c) => c.closed.length) : closed.length > 0} team={showTeam} />
      </div>
      <MoveDialogs
        open={open} onClose={() => setOpen(null)} pending={pending} onPending={setPending} timeZone={data?.timeZone ?? 'UTC'} practitioners={activeTeam}
        onMoved={() => {
          drag.forget();
          return mutate();
        }}
      />
    </section>
  );
}

export const Component = CalendarPage;
