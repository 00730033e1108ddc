// /calendar (Appointment or Bookings read): the clinic's appointments and bookings in day, week, month
// and list views (list by default on a phone), in the organisation's time zone, with its name shown.
// The view and date live in the URL (?view=day|week|month|list&date=YYYY-MM-DD), so links and the back
// button work. Filters: kind (of those the member may read) and assignee. A click opens a dialog with
// the item and its page; staff with write move items by dragging them or with the dialog's date and
// time, under the same rules as the booking page (the server decides; a refusal puts the item back).
// FullCalendar (and Luxon for named zones) load only with this route's chunk.
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DatesSetArg, EventDropArg, EventClickArg, EventInput } from '@fullcalendar/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CalendarKind } from '#shared/schemas/calendar';
import { Loading } from '../../../components/loading';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { moveItem, useCalendar, type CalendarItem } from '../api/calendar';
import { ItemDialog } from '../components/item-dialog';
import { LEGEND, VIEWS, VIEW_LABELS, applyFilters, assigneesOf, defaultView, isIsoDate, isViewName, localOf, lookOf, type ViewName } from '../lib';

/** The calendar's current date as a local date in its zone (toISOString would give UTC's). */
const currentDate = (calendar: ReturnType<FullCalendar['getApi']>) => calendar.formatIso(calendar.getDate()).slice(0, 10);

const KIND_LABELS: Record<CalendarKind, string> = { appointment: 'Appointments', booking: 'Bookings' };

export function CalendarPage() {
  usePageTitle('Calendar', [{ title: 'Service Management' }], 'Appointments and bookings in one calendar');
  const [params, setParams] = useSearchParams();
  const [initialWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth));
  const view: ViewName = isViewName(params.get('view')) ? (params.get('view') as ViewName) : defaultView(initialWidth);
  const date = isIsoDate(params.get('date')) ? params.get('date')! : undefined;
  const ref = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [title, setTitle] = useState('');
  const { data, error, isLoading, mutate } = useCalendar(range);
  const [hidden, setHidden] = useState<CalendarKind[]>([]);
  const [assignee, setAssignee] = useState('');
  const [open, setOpen] = useState<CalendarItem | null>(null);
  const timeZone = data?.timeZone ?? 'local';

  // The URL leads: a link or the back button moves the calendar to its view and date.
  useEffect(() => {
    const calendar = ref.current?.getApi();
    if (!calendar) return;
    if (calendar.view.type !== VIEWS[view]) calendar.changeView(VIEWS[view]);
    if (date && currentDate(calendar) !== date) calendar.gotoDate(date);
  }, [view, date]);

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
    const calendar = ref.current?.getApi();
    if (!calendar) return;
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

  const kinds = (data?.kinds ?? []).filter((k) => !hidden.includes(k));
  const shown = useMemo(() => applyFilters(data?.items ?? [], { kinds, assignee }), [data, kinds.join(), assignee]);
  const events = useMemo<EventInput[]>(
    () =>
      shown.map((item) => {
        const look = lookOf(item);
        return {
          id: `${item.kind}:${item.id}`,
          title: item.title,
          start: item.start,
          ...(item.end ? { end: item.end } : {}),
          startEditable: item.movable,
          backgroundColor: look.background,
          borderColor: look.border,
          textColor: look.text,
          extendedProps: { item },
        };
      }),
    [shown],
  );
  const assignees = useMemo(() => assigneesOf(data?.items ?? []), [data]);

  const move = async (item: CalendarItem, to: { bookingDate: string; bookingTime: string }) => {
    const result = await moveItem(item, to);
    if (!result.success) return result.message || 'It could not be moved.';
    notify.success(result.message || 'Moved.');
    await mutate();
    return undefined;
  };

  const onDrop = async (arg: EventDropArg) => {
    const item = arg.event.extendedProps.item as CalendarItem;
    const to = localOf(arg.event.startStr);
    const problem = await move(item, { bookingDate: to.date, bookingTime: to.time });
    if (problem) {
      arg.revert();
      notify.error(problem);
    }
  };

  const onClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    setOpen(arg.event.extendedProps.item as CalendarItem);
  };

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
        <div className="btn-group" role="group" aria-label="View">
          {(Object.keys(VIEWS) as ViewName[]).map((v) => (
            <button key={v} type="button" className={`btn ${v === view ? 'btn-primary' : 'btn-light'}`} aria-pressed={v === view} onClick={() => go({ view: v })}>
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
      </div>
      <div className="card-body">
        <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
          {data && (
            <p className="mb-0 small text-body-secondary" data-testid="calendar-zone">
              <i className="bi bi-globe2 me-1" aria-hidden="true" />Times in {data.timeZoneName} ({data.timeZone})
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
          {isLoading && <Loading />}
        </div>
        {error && <div className="alert alert-danger" role="alert">{error.message || 'The calendar could not be loaded.'}</div>}
        {data?.truncated && <div className="alert alert-warning" role="status">There are more items than can be shown at once. Choose a shorter view.</div>}
        <FullCalendar
          ref={ref}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
          initialView={VIEWS[view]}
          initialDate={date}
          timeZone={timeZone}
          headerToolbar={false}
          height="auto"
          events={events}
          datesSet={onDates}
          eventClick={onClick}
          eventDrop={onDrop}
          editable={false}
          eventDurationEditable={false}
          defaultTimedEventDuration="00:30"
          nowIndicator
          dayMaxEvents={4}
          eventMaxStack={3}
          slotMinTime="06:00:00"
          slotMaxTime="22:00:00"
          scrollTime="08:00:00"
          allDaySlot={false}
          navLinks
          navLinkDayClick={(d) => go({ view: 'day', date: ref.current!.getApi().formatIso(d).slice(0, 10) })}
        />
        <ul className="list-inline small mt-3 mb-0" aria-label="Legend">
          {LEGEND.map((l) => (
            <li key={l.label} className="list-inline-item me-3">
              <span className="d-inline-block rounded me-1 align-middle" style={{ width: 12, height: 12, background: l.background, border: `2px solid ${l.border}` }} aria-hidden="true" />
              {l.label}
            </li>
          ))}
        </ul>
      </div>
      <ItemDialog item={open} timeZone={data?.timeZone ?? 'UTC'} onHide={() => setOpen(null)} onMove={async (item, to) => {
        const problem = await move(item, to);
        if (!problem) setOpen(null);
        return problem;
      }} />
    </section>
  );
}

export const Component = CalendarPage;
