// Asked when an item is dropped on a new time (on the team day, only once the time is one offered): a move is not undone by a click (the patient is mailed
// at once), so staff confirm it, and for a booking choose whether the patient is emailed (an
// appointment's move always mails). "Keep it where it was" puts the item back.
import { useState } from 'react';
import Modal from '../../../components/modal';
import { Busy } from '../../../components/loading';
import type { CalendarItem } from '../api/calendar';

export interface PendingMove {
  item: CalendarItem;
  /** The new start (UTC instant) and its local date and time. */
  start: string;
  bookingDate: string;
  bookingTime: string;
  /** Handed to another practitioner (the team day's drop on their column). */
  practitionerId?: string;
  practitionerName?: string;
}

export function ConfirmMove({
  pending,
  timeZone,
  onCancel,
  onConfirm,
}: {
  pending: PendingMove | null;
  timeZone: string;
  onCancel: () => void;
  onConfirm: (notify: boolean) => Promise<void>;
}) {
  const [notifyPatient, setNotifyPatient] = useState(true);
  const [busy, setBusy] = useState(false);
  // Each move asked about starts afresh (adjusted while rendering, not in an effect).
  const [asked, setAsked] = useState(pending);
  if (asked !== pending) {
    setAsked(pending);
    setNotifyPatient(true);
    setBusy(false);
  }
  if (!pending) return null;
  // The reader's locale (the browser's) for the dates and times.
  const format = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  const paid = pending.item.paymentStatus === 'paid';
  const isBooking = pending.item.kind === 'booking';
  return (
    <Modal show onHide={busy ? () => undefined : onCancel} centered aria-labelledby="confirm-move-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-move-title" as="h2" className="h5">Move this {isBooking ? `${paid ? 'paid ' : ''}booking` : 'appointment'}?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1 fw-semibold">{pending.item.title}</p>
        <p className="mb-3">
          From {format.format(new Date(pending.item.start))}
          <br />
          to <strong>{format.format(new Date(pending.start))}</strong>
          {pending.practitionerName && (
            <>
              {' '}with <strong>{pending.practitionerName}</strong>
              {pending.item.practitionerName && <span className="text-body-secondary"> (now with {pending.item.practitionerName})</span>}
            </>
          )}
        </p>
        {isBooking ? (
          <div className="form-check">
            <input className="form-check-input" type="checkbox" id="confirm-move-notify" checked={notifyPatient} onChange={(e) => setNotifyPatient(e.target.checked)} />
            <label className="form-check-label" htmlFor="confirm-move-notify">Email the patient the new time</label>
          </div>
        ) : (
          <p className="mb-0 small text-body-secondary">The patient is emailed the new time.</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={busy}>Keep it where it was</button>
        <button
          type="button" className="btn btn-primary" disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onConfirm(isBooking ? notifyPatient : true);
          }}
        >
          {busy ? <Busy /> : 'Move'}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
