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
// FullCalendar (and Luxon for named zones) load only with this route's chunk.
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarOptions, DatesSetArg, DayHeaderContentArg, EventDropArg, EventClickArg, EventInput } from '@fullcalendar/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, localToUtc } from '#shared/bookings/slots';
import { todayIn } from '#shared/bookings/time';
import type { CalendarKind } from '#shared/calendar/schemas';
import { Loading } from '../../../components/loading';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { notify } from '../../../lib/notify';
import { api } from '../../../lib/api';
import { useClinicHours } from '../api/availability';
import { moveItem, useCalendar, type CalendarItem } from '../api/calendar';
import type { FreeDay } from '../api/free-times';
import { usePractitioners } from '../api/practitioners';
import { ConfirmMove, type PendingMove } from '../components/confirm-move';
import { ItemDialog, type MoveTo } from '../components/item-dialog';
import { TeamDay, type TeamColumn, type TeamDrop } from '../components/team-day';
import {
  LEGEND, NARROW, VIEWS, VIEW_LABELS, applyFilters, assigneesOf, businessHoursOf, clinicFirstDay, closedEventsOf, defaultView, firstRange, gridOf, isIsoDate, isViewName, localOf, lookOf,
  stepOf, unionHours, zoneText, type ViewName, type WeeklyHours,
} from '../lib';
import { rememberFirstDay, rememberedFirstDay } from '../range';
import { decideDrop, hoursOn } from '../team';

/** The calendar's current date as a local date in its zone (toISOString would give UTC's). */
const currentDate = (calendar: ReturnType<FullCalendar['getApi']>) => calendar.formatIso(calendar.getDate()).slice(0, 10);

const KIND_LABELS: Record<CalendarKind, string> = { appointment: 'Appointments', booking: 'Bookings' };

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
const longDate = (date: string) => new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', dateStyle: 'full' }).format(new Date(`${date}T12:00:00Z`));

export function CalendarPage() {
  usePageTitle('Calendar', [{ title: 'Service Management' }], 'Appointments and bookings in one calendar');
  const [params, setParams] = useSearchParams();
  const width = useWidth();
  const [initialWidth] = useState(width);
  const narrow = width < NARROW;
  const view: ViewName = isViewName(params.get('view')) ? (params.get('view') as ViewName) : defaultView(initialWidth);
  const date = isIsoDate(params.get('date')) ? params.get('date')! : undefined;
  const ref = useRef<FullCalendar>(null);
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
  const [pending, setPending] = useState<(PendingMove & { revert(): void }) | null>(null);
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
  const clinic = clinicCall.data;
  const practitionersCall = usePractitioners(readsBookings);
  const practitioners = practitionersCall.data?.items;
  // The first load shows the calendar when its items, hours and practitioners are in: until then the
  // card's body is hidden (the filters arrive with the data; a hidden element moving is no layout
  // shift) and FullCalendar is not mounted, so it renders once with its final grid and items instead
  // of again as each call answers (each a long task on a phone). It mounts hidden and is shown once it
  // has named its dates (the header's title, which may take a second line on a phone) and a frame
  // later, once it has sized its grid (its second pass). Later loads are in place. The header's
  // controls stay usable.
  const [loaded, setLoaded] = useState(false);
  const [ready, setReady] = useState(false);
  const settled = (call: { data?: unknown; error?: unknown }) => call.data !== undefined || call.error !== undefined;
  const inNow = Boolean(error) || (data !== undefined && (!readsBookings || (settled(clinicCall) && settled(practitionersCall))));
  if (inNow && !loaded) setLoaded(true);
  useEffect(() => {
    if (!loaded || ready || !title) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [loaded, ready, title]);
  const hiddenUntilReady = ready ? undefined : ({ visibility: 'hidden' } as const);
  const team = useMemo(() => practitioners ?? [], [practitioners]);
  const chosen = team.find((p) => p.id === practitionerId);
  // The team's day is on the URL's date, or today in the clinic's zone.
  const teamDate = date ?? todayIn(data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The URL leads: a link or the back button moves the calendar to its view and date.
  useEffect(() => {
    const calendar = ref.current?.getApi();
    if (!calendar) return;
    if (calendar.view.type !== VIEWS[view]) calendar.changeView(VIEWS[view]);
    if (date && currentDate(calendar) !== date) calendar.gotoDate(date);
  }, [view, date]);

  // The team's day has no page-level FullCalendar: its range and title come from its date.
  useEffect(() => {
    if (view !== 'team') return;
    const next = { start: teamDate, end: addDays(teamDate, 1) };
    setRange((r) => (r && r.start === next.start && r.end === next.end ? r : next));
    setTitle(longDate(teamDate));
  }, [view, teamDate]);

  const go = useCallback(
    (next: { view?: ViewName; date?: string }) => {
      const p = new URLSearchParams(params);
      p.set('view', next.view ?? view);
      const d = next.date ?? date;
      if (d) p.set('date', d);
      setParams(p);
    },
    [params, setParams, view, date],
  );

  const step = (where: 'prev' | 'next' | 'today') => {
    if (view === 'team') {
      go({ date: where === 'today' ? todayIn(data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone) : addDays(teamDate, where === 'prev' ? -1 : 1) });
      return;
    }
    const calendar = ref.current?.getApi();
    if (!calendar) {
      // Not mounted yet (its first load is out): the step is taken on the URL's date.
      const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
      go({ date: where === 'today' ? today : stepOf(view, date ?? today, where === 'prev' ? -1 : 1) });
      return;
    }
    calendar[where]();
    go({ date: currentDate(calendar) });
  };

  const onDates = (arg: DatesSetArg) => {
    setRange((r) => {
      const next = { start: arg.startStr.slice(0, 10), end: arg.endStr.slice(0, 10) };
      return r && r.start === next.start && r.end === next.end ? r : next;
    });
    setTitle(arg.view.title);
  };

  const shown = useMemo(() => {
    const kinds = (data?.kinds ?? []).filter((k) => !hidden.includes(k));
    return applyFilters(data?.items ?? [], { kinds, assignee, practitionerId });
  }, [data, hidden, assignee, practitionerId]);
  const toEvents = useCallback(
    (items: CalendarItem[]): EventInput[] =>
      items.map((item) => {
        const look = lookOf(item);
        return {
          id: `${item.kind}:${item.id}`,
          title: item.practitionerName && view !== 'team' ? `${item.title} · ${item.practitionerName}` : item.title,
          start: item.start,
          ...(item.end ? { end: item.end } : {}),
          startEditable: item.movable,
          backgroundColor: look.background,
          borderColor: look.border,
          textColor: look.text,
          extendedProps: { item },
        };
      }),
    [view],
  );
  const events = useMemo(() => toEvents(shown), [toEvents, shown]);
  const assignees = useMemo(() => assigneesOf(data?.items ?? []), [data]);

  // The hours shaded: one practitioner's, or when anyone works (the clinic's schedule and every active
  // practitioner's); none before they are known.
  const clinicHours: WeeklyHours | null = clinic?.configured ? clinic.weeklyHours : null;
  const activeTeam = useMemo(() => team.filter((p) => p.isActive), [team]);
  const hours: WeeklyHours | null = useMemo(() => {
    if (chosen) return chosen.weeklyHours;
    if (!clinicHours && !activeTeam.length) return null;
    return unionHours([...(clinicHours ? [clinicHours] : []), ...activeTeam.map((p) => p.weeklyHours)]);
  }, [chosen, clinicHours, activeTeam]);
  const businessHours = useMemo(() => (hours ? businessHoursOf(hours) : false), [hours]);
  const grid = gridOf(clinic?.slotMinutes ?? 30, hours ?? undefined);
  const slotMinutes = clinic?.slotMinutes ?? 30;
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
  const closed = useMemo(
    () => closedEventsOf(range, chosen ? { exceptions: chosen.exceptions } : activeTeam.length ? {} : { closedDates: clinic?.closedDates }),
    [range, chosen, activeTeam.length, clinic],
  );

  const shownEvents = useMemo(() => [...closed, ...events], [closed, events]);

  // The team day's drops: each booking's free starts per practitioner on the day shown, asked once
  // (when its drag starts, or at its drop) and forgotten when anything moves.
  const freeAsked = useRef(new Map<string, Promise<FreeDay | undefined>>());
  const freeFor = (item: CalendarItem, practitionerId: string | undefined) => {
    const key = `${item.id}|${teamDate}|${practitionerId ?? ''}`;
    let asked = freeAsked.current.get(key);
    if (!asked) {
      asked = api.get('/bookings/free-times', { query: { packageId: item.packageId, date: teamDate, practitionerId, bookingId: item.id } }).then((r) => (r.success ? r.data.data : undefined));
      freeAsked.current.set(key, asked);
    }
    return asked;
  };
  const [offered, setOffered] = useState<Map<string, string[]>>();
  const dragging = useRef<string | null>(null);
  const onTeamDragStart = (item: CalendarItem) => {
    dragging.current = item.id;
    if (item.kind !== 'booking' || !item.packageId) return;
    // Where it may land: its own practitioner's starts and those of everyone who offers its package.
    const takers = columns.filter((c) => (item.practitionerId ? c.id && (c.id === item.practitionerId || c.packageIds?.includes(item.packageId!)) : !c.id));
    void Promise.all(takers.map(async (c) => [c.id, (await freeFor(item, c.id || undefined))?.slots.map((s) => s.time) ?? []] as const)).then((found) => {
      if (dragging.current === item.id) setOffered(new Map(found));
    });
  };
  const onTeamDrop = async (drop: TeamDrop) => {
    const { item, from, to } = drop;
    let decision = decideDrop(item, from, to, drop.time);
    if (decision.ok === 'ask') {
      const free = await freeFor(item, decision.practitionerId);
      if (!free) {
        freeAsked.current.clear();
        drop.revert();
        notify.error('The free times could not be loaded. Nothing was moved; please try again.');
        return;
      }
      decision = decideDrop(item, from, to, drop.time, free);
    }
    if (decision.ok !== true) {
      drop.revert();
      if (decision.ok === false) notify.error(decision.message, { autoClose: 8000 });
      return;
    }
    if (decision.time !== drop.time) drop.place(decision.time);
    const zone = data?.timeZone ?? 'UTC';
    setPending({
      item, bookingDate: teamDate, bookingTime: decision.time, start: localToUtc(teamDate, decision.time, zone) ?? item.start,
      ...(decision.practitionerId ? { practitionerId: decision.practitionerId, practitionerName: decision.practitionerName } : {}),
      revert: drop.revert,
    });
  };

  const move = async (item: CalendarItem, to: MoveTo, notifyPatient = true) => {
    const result = await moveItem(item, to, notifyPatient);
    if (!result.success) return result.message || 'It could not be moved.';
    notify.success(result.message || 'Moved.');
    freeAsked.current.clear();
    await mutate();
    return undefined;
  };

  const onDrop = (arg: EventDropArg) => {
    const item = arg.event.extendedProps.item as CalendarItem;
    const to = localOf(arg.event.startStr);
    // The patient is mailed at once: a drop is confirmed first (for a booking, with the choice to mail).
    setPending({ item, start: new Date(Date.parse(arg.event.startStr)).toISOString(), bookingDate: to.date, bookingTime: to.time, revert: arg.revert });
  };

  const onClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    // Closed dates and time off are background events without an item.
    const item = arg.event.extendedProps.item as CalendarItem | undefined;
    if (item) setOpen(item);
  };

  // On a phone the week's headers are the weekday's three letters over the day's number: seven fit.
  const dayHeader = (arg: DayHeaderContentArg) => {
    if (!narrow || arg.view.type !== 'timeGridWeek') return arg.text;
    const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, { ...(timeZone === 'local' ? {} : { timeZone }), ...o }).format(arg.date);
    return (
      <span className="d-block lh-sm">
        <span className="d-block small">{part({ weekday: 'short' })}</span>
        {part({ day: 'numeric' })}
      </span>
    );
  };

  // What the page's calendar and the team's columns share.
  const options: CalendarOptions = {
    timeZone,
    height: 'auto',
    eventClick: onClick,
    eventDrop: onDrop,
    editable: false,
    eventDurationEditable: false,
    defaultTimedEventDuration: '00:30',
    nowIndicator: true,
    // The lines are the slots, and a drag snaps to them.
    slotDuration: grid.slotDuration,
    snapDuration: grid.slotDuration,
    ...(slotMinutes >= 30 ? { slotLabelInterval: grid.slotDuration } : {}),
    slotMinTime: grid.slotMinTime,
    slotMaxTime: grid.slotMaxTime,
    scrollTime: grid.scrollTime,
    allDaySlot: false,
  };

  const showTeam = view === 'team';
  // The team's day is for those who read bookings (the practitioners are theirs): offered from the first
  // paint on the member's roles, so the buttons never move when the practitioners arrive.
  const views = (Object.keys(VIEWS) as ViewName[]).filter((v) => v !== 'team' || readsBookings || showTeam);

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="calendar-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <div className="d-flex align-items-center gap-2">
          <div className="btn-group" role="group" aria-label="Move in time">
            <button type="button" className="btn btn-light" onClick={() => step('prev')} aria-label="Previous"><i className="bi bi-chevron-left" aria-hidden="true" /></button>
            <button type="button" className="btn btn-light" onClick={() => step('today')}>Today</button>
            <button type="button" className="btn btn-light" onClick={() => step('next')} aria-label="Next"><i className="bi bi-chevron-right" aria-hidden="true" /></button>
          </div>
          <h2 id="calendar-title" className="h6 fw-bold mb-0">{title}</h2>
        </div>
        <div className={`btn-group${narrow ? ' btn-group-sm' : ''}`} role="group" aria-label="View">
          {views.map((v) => (
            <button key={v} type="button" className={`btn ${v === view ? 'btn-primary' : 'btn-light'}`} aria-pressed={v === view} onClick={() => go({ view: v })}>
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
      </div>
      {!ready && (
        <div className="position-absolute start-0 end-0 calendar-loading">
          <Loading label="Loading the calendar..." />
        </div>
      )}
      <div className="card-body" style={hiddenUntilReady}>
        <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
          {data && range && (
            <p className="mb-0 small text-body-secondary" data-testid="calendar-zone">
              <i className="bi bi-globe2 me-1" aria-hidden="true" />
              {zoneText(data.timeZone, range.start, range.end, data.timeZoneName)}
            </p>
          )}
          {(data?.kinds.length ?? 0) > 1 &&
            data!.kinds.map((k) => (
              <div className="form-check form-check-inline mb-0" key={k}>
                <input
                  className="form-check-input" type="checkbox" id={`kind-${k}`} checked={!hidden.includes(k)}
                  onChange={(e) => setHidden((h) => (e.target.checked ? h.filter((x) => x !== k) : [...h, k]))}
                />
                <label className="form-check-label" htmlFor={`kind-${k}`}>{KIND_LABELS[k]}</label>
              </div>
            ))}
          {data?.kinds.includes('appointment') && (
            <div className="d-flex align-items-center gap-2">
              <label htmlFor="calendar-assignee" className="small text-body-secondary text-nowrap">Assigned to</label>
              <select id="calendar-assignee" className="form-select form-select-sm" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                <option value="">Everyone</option>
                <option value="-">Nobody yet</option>
                {assignees.map((a) => <option key={a.userId} value={a.userId}>{a.name}</option>)}
              </select>
            </div>
          )}
          {team.length > 0 && (
            <div className="d-flex align-items-center gap-2">
              <label htmlFor="calendar-practitioner" className="small text-body-secondary text-nowrap">Practitioner</label>
              <select id="calendar-practitioner" className="form-select form-select-sm" value={practitionerId} onChange={(e) => setPractitionerId(e.target.value)}>
                <option value="">Everyone</option>
                {team.map((p) => <option key={p.id} value={p.id}>{p.name}{p.isActive ? '' : ' (inactive)'}</option>)}
              </select>
            </div>
          )}
          {/* A slot of its own, there while nothing loads too: showing it moves nothing (issue 35: the
              spinner's block, as tall as two rows, pushed the grid down while another range loaded). */}
          <span className="spinner-border spinner-border-sm text-primary" style={isLoading ? undefined : { visibility: 'hidden' }} role="status">
            <span className="visually-hidden">{isLoading ? 'Loading...' : ''}</span>
          </span>
        </div>
        {error && <div className="alert alert-danger" role="alert">{error.message || 'The calendar could not be loaded.'}</div>}
        {data?.truncated && <div className="alert alert-warning" role="status">There are more items than can be shown at once. Choose a shorter view.</div>}
        {!loaded ? (
          <div className="calendar-placeholder" />
        ) : showTeam ? (
          <TeamDay
            date={teamDate} columns={columns} items={shown} narrow={narrow} offered={offered}
            now={data ? nowIn(data.timeZone) : undefined}
            onItemClick={setOpen}
            onDragStart={onTeamDragStart}
            onDragStop={() => {
              dragging.current = null;
              setOffered(undefined);
            }}
            onDrop={(d) => void onTeamDrop(d)}
          />
        ) : (
          <div className={narrow ? 'calendar-narrow' : undefined}>
            <FullCalendar
              ref={ref}
              {...options}
              plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
              initialView={VIEWS[view]}
              initialDate={date}
              // The list: the seven days from its date (on a Saturday, the days ahead, not the week gone by).
              views={{ listDays: { type: 'list', duration: { days: 7 }, dateAlignment: 'day' } }}
              noEventsContent="Nothing in these seven days."
              firstDay={firstDay}
              headerToolbar={false}
              events={shownEvents}
              datesSet={onDates}
              businessHours={businessHours}
              dayHeaderContent={dayHeader}
              dayMaxEvents={4}
              eventMaxStack={3}
              navLinks
              navLinkDayClick={(d) => go({ view: 'day', date: ref.current!.getApi().formatIso(d).slice(0, 10) })}
            />
          </div>
        )}
        <ul className="list-inline small mt-3 mb-0" aria-label="Legend">
          {LEGEND.map((l) => (
            <li key={l.label} className="list-inline-item me-3">
              <span className="d-inline-block rounded me-1 align-middle" style={{ width: 12, height: 12, background: l.background, border: `2px solid ${l.border}` }} aria-hidden="true" />
              {l.label}
            </li>
          ))}
          {hours && (
            <li className="list-inline-item me-3">
              <span className="d-inline-block rounded me-1 align-middle calendar-closed-swatch" style={{ width: 12, height: 12 }} aria-hidden="true" />
              Outside {chosen ? `${chosen.name}'s` : 'working'} hours
            </li>
          )}
          {(showTeam ? columns.some((c) => c.closed.length) : closed.length > 0) && (
            <li className="list-inline-item me-3">
              <span className="d-inline-block rounded me-1 align-middle calendar-closed-swatch is-hatched" style={{ width: 12, height: 12 }} aria-hidden="true" />
              Closed or time off
            </li>
          )}
        </ul>
      </div>
      <ItemDialog item={open} timeZone={data?.timeZone ?? 'UTC'} practitioners={activeTeam} onHide={() => setOpen(null)} onMove={async (item, to, notifyPatient) => {
        const problem = await move(item, to, notifyPatient);
        if (!problem) setOpen(null);
        return problem;
      }} />
      <ConfirmMove
        pending={pending}
        timeZone={data?.timeZone ?? 'UTC'}
        onCancel={() => {
          pending?.revert();
          setPending(null);
        }}
        onConfirm={async (notifyPatient) => {
          if (!pending) return;
          const problem = await move(pending.item, { bookingDate: pending.bookingDate, bookingTime: pending.bookingTime, ...(pending.practitionerId ? { practitionerId: pending.practitionerId } : {}) }, notifyPatient);
          if (problem) {
            pending.revert();
            notify.error(problem);
          }
          setPending(null);
        }}
      />
    </section>
  );
}

export const Component = CalendarPage;
