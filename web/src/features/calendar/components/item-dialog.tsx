// What a click on the calendar opens: the item's summary, a link to its page, and (for staff who may
// move it) a date and time to move it to: the way to move on a phone, where dragging is fiddly.
import { useEffect, useState } from 'react';
import Modal from '../../../components/modal';
import { Link } from 'react-router-dom';
import type { CalendarItem } from '#shared/calendar/types';
import { Busy } from '../../../components/loading';
import { linkOf, lookOf } from '../lib';

export function ItemDialog({
  item,
  timeZone,
  onHide,
  onMove,
}: {
  item: CalendarItem | null;
  timeZone: string;
  onHide(): void;
  /** Resolves to an error message, or undefined when moved. */
  onMove(item: CalendarItem, to: { bookingDate: string; bookingTime: string }): Promise<string | undefined>;
}) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDate(item?.date ?? '');
    setTime(item?.time ?? '');
    setError(undefined);
  }, [item]);
  if (!item) return null;
  const look = lookOf(item);
  const when = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(item.start));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(await onMove(item, { bookingDate: date, bookingTime: time }));
    setBusy(false);
  };
  return (
    <Modal show onHide={onHide} centered aria-labelledby="calendar-item-title">
      <Modal.Header closeButton>
        <Modal.Title id="calendar-item-title" as="h2" className="h5">{item.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">
          <span className="badge" style={{ background: look.background, color: look.text, border: `1px solid ${look.border}` }}>{look.label}</span>
          {item.paymentStatus && <span className="ms-2 small text-body-secondary">Payment: {item.paymentStatus.replace('_', ' ')}</span>}
        </p>
        <p className="mb-1">{when}</p>
        {item.kind === 'appointment' && <p className="mb-1 small text-body-secondary">Assigned to: {item.assignee?.name ?? 'nobody yet'}</p>}
        <Link to={linkOf(item)} className="btn btn-light btn-sm mt-2">Open {item.kind}</Link>
        {item.movable && (
          <form onSubmit={submit} className="mt-3 border-top pt-3" aria-label="Move to another time" noValidate>
            <h3 className="h6">Move to another time</h3>
            <div className="row g-2">
              <div className="col-7">
                <label htmlFor="move-date" className="form-label small">Date</label>
                <input id="move-date" type="date" className="form-control" value={date} onChange={(e) => setDate(e.target.value)} required />
              </div>
              <div className="col-5">
                <label htmlFor="move-time" className="form-label small">Time</label>
                <input id="move-time" type="time" className="form-control" value={time} onChange={(e) => setTime(e.target.value)} required />
              </div>
            </div>
            {error && <div className="alert alert-danger mt-2 mb-0 py-2" role="alert">{error}</div>}
            <button type="submit" className="btn btn-primary mt-3 w-100" disabled={busy || !date || !time || (date === item.date && time === item.time)}>
              {busy ? <Busy /> : 'Move'}
            </button>
          </form>
        )}
      </Modal.Body>
    </Modal>
  );
}
