// What a click on the calendar opens: the item's summary, a link to its page, and (for staff who may
// move it) the way to move it on a phone, where dragging is fiddly. A booking lists the free times of
// the chosen date (GET /bookings/free-times, the booking page's own rules: only these are accepted)
// and asks whether to email the patient; an appointment takes any date and time. A booking also shows
// its payment state, its intake answers and the after-visit controls of its page (attended, no-show,
// late cancellation, the fee, the balance paid at the clinic), so the desk acts from the calendar.
import { useState } from 'react';
import Modal from '../../../components/modal';
import { Link } from 'react-router-dom';
import { Busy, Loading } from '../../../components/loading';
import type { CalendarItem } from '../api/calendar';
import { useBooking, useFreeTimes } from '../api/free-times';
import type { CalendarPractitioner } from '../api/practitioners';
import { linkOf, lookOf } from '../lib';
import { NO_TIMES } from '../team';
import { IntakeAnswers } from '../../../components/intake-answers';
import { AfterVisitCard } from '../../../components/after-visit';
import { useAccess } from '../../../lib/roles';

export interface MoveTo {
  bookingDate: string;
  bookingTime: string;
  /** A practitioner booking handed to another practitioner who offers its package. */
  practitionerId?: string;
}

/** '3:10 PM' of '3:10 PM CET' or '3:10 PM GMT+1': the zone is said once, in the legend. */
const withoutZone = (label: string, abbreviation: string) => (abbreviation && label.endsWith(` ${abbreviation}`) ? label.slice(0, -abbreviation.length - 1) : label.replace(/ (?:[A-Z]{2,5}|GMT[+-]\d{1,2}(?::\d\d)?)$/, ''));

function FreeTimes({ item, date, time, practitionerId, onTime }: { item: CalendarItem; date: string; time: string; practitionerId?: string | null; onTime: (t: string) => void }) {
  const booking = useBooking(item.id);
  const free = useFreeTimes(booking.data?.packageId, date, practitionerId, item.id);
  if (booking.error || free.error) return <div className="alert alert-danger py-2 mb-0" role="alert">{(booking.error ?? free.error)?.message || 'The free times could not be loaded.'}</div>;
  const day = free.data;
  if (!day) return <Loading label="Loading free times..." showLabel />;
  // Its own time is not a move (and the server would refuse it as "It is at that time already").
  const slots = day.slots.filter((s) => !(date === item.date && s.time === item.time && (practitionerId ?? null) === (item.practitionerId ?? null)));
  if (!slots.length) return <p className="small text-body-secondary mb-0" role="status">{NO_TIMES[day.status]}</p>;
  return (
    <fieldset>
      <legend className="form-label small mb-1">Free times ({day.timeZoneAbbreviation || day.timeZoneName})</legend>
      <div className="d-flex flex-wrap gap-2">
        {slots.map((s) => (
          <div key={s.time}>
            <input type="radio" className="btn-check" name="move-time" id={`move-time-${s.time}`} value={s.time} checked={time === s.time} onChange={() => onTime(s.time)} />
            <label className="btn btn-outline-primary btn-sm" htmlFor={`move-time-${s.time}`}>{withoutZone(s.label, day.timeZoneAbbreviation)}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The booking's payment state and after-visit controls (the booking's page's own component). */
function BookingMoney({ id, onChanged }: { id: string; onChanged?: () => void }) {
  const booking = useBooking(id);
  const canWrite = useAccess()({ module: 'Bookings', action: 'write' });
  if (!booking.data) return null;
  return (
    <AfterVisitCard
      booking={booking.data}
      canWrite={canWrite}
      onChanged={(b) => {
        void booking.mutate(b, { revalidate: false });
        // The calendar's colours and payment follow (its items are read again).
        onChanged?.();
      }}
    />
  );
}

/**
 * The booking's payment state in the dialog's first line: once the booking is read, the after-visit card
 * below shows its one state (paid in full, deposit paid, card held, fee charged...), so it is not said
 * twice here; the calendar's own payment status only when the booking could not be read.
 */
function BookingPaymentState({ id, fallback }: { id: string; fallback?: string | null }) {
  const booking = useBooking(id);
  if (booking.data || !booking.error) return null;
  return fallback ? <span className="ms-2 small text-body-secondary">Payment: {fallback.replace('_', ' ')}</span> : null;
}

export function ItemDialog({
  item,
  timeZone,
  practitioners = [],
  onHide,
  onMove,
  onChanged,
}: {
  item: CalendarItem | null;
  timeZone: string;
  /** The active practitioners: a practitioner booking may go to one who offers its package. */
  practitioners?: CalendarPractitioner[];
  onHide: () => void;
  /** Resolves to an error message, or undefined when moved. `notify`: whether the patient is mailed (bookings). */
  onMove: (item: CalendarItem, to: MoveTo, notify: boolean) => Promise<string | undefined>;
  /** After a change from the dialog (attendance, fee, payment at the clinic): the calendar reads its items again. */
  onChanged?: () => void;
}) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [who, setWho] = useState('');
  const [notifyPatient, setNotifyPatient] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Each item opened starts afresh (adjusted while rendering, not in an effect).
  const [opened, setOpened] = useState<CalendarItem | null>(null);
  if (opened !== item) {
    setOpened(item);
    setDate(item?.date ?? '');
    // A booking's time is picked from the free times; an appointment's starts at its own.
    setTime(item?.kind === 'booking' ? '' : (item?.time ?? ''));
    setWho(item?.practitionerId ?? '');
    setNotifyPatient(true);
    setError(undefined);
  }
  if (!item) return null;
  const look = lookOf(item);
  const isBooking = item.kind === 'booking';
  // Who a practitioner booking may be with: its own practitioner and whoever else offers its package.
  const takers = isBooking && item.practitionerId ? practitioners.filter((p) => p.id === item.practitionerId || (item.packageId && p.packageIds.includes(item.packageId))) : [];
  const handedOver = Boolean(item.practitionerId && who && who !== item.practitionerId);
  const when = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(item.start));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(await onMove(item, { bookingDate: date, bookingTime: time, ...(handedOver ? { practitionerId: who } : {}) }, notifyPatient));
    setBusy(false);
  };
  return (
    // A booking's dialog carries the after-visit forms (amount, method, refund): wide enough for their row layout.
    <Modal show onHide={onHide} centered size={isBooking ? 'lg' : undefined} aria-labelledby="calendar-item-title">
      <Modal.Header closeButton>
        <Modal.Title id="calendar-item-title" as="h2" className="h5">{item.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">
          <span className="badge" style={{ background: look.background, color: look.text, border: `1px solid ${look.border}` }}>{look.label}</span>
          {item.kind === 'booking' ? (
            <BookingPaymentState id={item.id} fallback={item.paymentStatus} />
          ) : (
            item.paymentStatus && <span className="ms-2 small text-body-secondary">Payment: {item.paymentStatus.replace('_', ' ')}</span>
          )}
        </p>
        <p className="mb-1">{when}</p>
        {item.practitionerName && <p className="mb-1 small text-body-secondary">With: {item.practitionerName}</p>}
        {item.kind === 'appointment' && <p className="mb-1 small text-body-secondary">Assigned to: {item.assignee?.name ?? 'nobody yet'}</p>}
        {item.kind === 'booking' && (
          <div className="mt-2 border-top pt-2">
            <IntakeAnswers bookingId={item.id} compact />
          </div>
        )}
        <Link to={linkOf(item)} className="btn btn-light btn-sm mt-2">Open {item.kind}</Link>
        {item.kind === 'booking' && <BookingMoney id={item.id} onChanged={onChanged} />}
        {item.movable && (
          <form onSubmit={submit} className="mt-3 border-top pt-3" aria-label="Move to another time" noValidate>
            <h3 className="h6">Move to another time</h3>
            <div className="row g-2">
              <div className={isBooking ? 'col-12' : 'col-7'}>
                <label htmlFor="move-date" className="form-label small">Date</label>
                <input id="move-date" type="date" className="form-control" value={date} onChange={(e) => { setDate(e.target.value); if (isBooking) setTime(''); }} required />
              </div>
              {takers.length > 1 && (
                <div className="col-12">
                  <label htmlFor="move-practitioner" className="form-label small">Practitioner</label>
                  <select id="move-practitioner" className="form-select" value={who} onChange={(e) => { setWho(e.target.value); setTime(''); }}>
                    {takers.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
                  </select>
                </div>
              )}
              {isBooking ? (
                <div className="col-12">
                  <FreeTimes item={item} date={date} time={time} practitionerId={who || item.practitionerId} onTime={setTime} />
                </div>
              ) : (
                <div className="col-5">
                  <label htmlFor="move-time" className="form-label small">Time</label>
                  <input id="move-time" type="time" className="form-control" value={time} onChange={(e) => setTime(e.target.value)} required />
                </div>
              )}
            </div>
            {isBooking && (
              <div className="form-check mt-3">
                <input className="form-check-input" type="checkbox" id="move-notify" checked={notifyPatient} onChange={(e) => setNotifyPatient(e.target.checked)} />
                <label className="form-check-label" htmlFor="move-notify">Email the patient the new time</label>
              </div>
            )}
            {error && <div className="alert alert-danger mt-2 mb-0 py-2" role="alert">{error}</div>}
            <button type="submit" className="btn btn-primary mt-3 w-100" disabled={busy || !date || !time || (date === item.date && time === item.time && !handedOver)}>
              {busy ? <Busy /> : 'Move'}
            </button>
          </form>
        )}
      </Modal.Body>
    </Modal>
  );
}
