// The calendar's two ways to move an item: its dialog (opened by a click: the item, its page and its
// free times) and the confirmation of a drop (with the choice to email the patient). The server
// decides; a refusal keeps the dialog open with the reason, or puts the dropped item back.
import { notify } from '../../../lib/notify';
import { moveItem, type CalendarItem } from '../api/calendar';
import type { CalendarPractitioner } from '../api/practitioners';
import { ConfirmMove, type PendingMove } from './confirm-move';
import { ItemDialog, type MoveTo } from './item-dialog';

export type Pending = PendingMove & { revert: () => void };

export function MoveDialogs({ open, onClose, pending, onPending, timeZone, practitioners, onMoved }: {
  /** The item whose dialog is open. */
  open: CalendarItem | null;
  onClose: () => void;
  /** A drop waiting to be confirmed. */
  pending: Pending | null;
  onPending: (pending: Pending | null) => void;
  timeZone: string;
  practitioners: CalendarPractitioner[];
  /** After a move: the calendar reloads (and forgets the free times it asked). */
  onMoved: () => Promise<unknown>;
}) {
  const move = async (item: CalendarItem, to: MoveTo, notifyPatient = true) => {
    const result = await moveItem(item, to, notifyPatient);
    if (!result.success) return result.message || 'It could not be moved.';
    notify.success(result.message || 'Moved.');
    await onMoved();
    return undefined;
  };
  return (
    <>
      <ItemDialog item={open} timeZone={timeZone} practitioners={practitioners} onHide={onClose} onChanged={() => void onMoved()} onMove={async (item, to, notifyPatient) => {
        const problem = await move(item, to, notifyPatient);
        if (!problem) onClose();
        return problem;
      }} />
      <ConfirmMove
        pending={pending}
        timeZone={timeZone}
        onCancel={() => {
          pending?.revert();
          onPending(null);
        }}
        onConfirm={async (notifyPatient) => {
          if (!pending) return;
          const problem = await move(pending.item, { bookingDate: pending.bookingDate, bookingTime: pending.bookingTime, ...(pending.practitionerId ? { practitionerId: pending.practitionerId } : {}) }, notifyPatient);
          if (problem) {
            pending.revert();
            notify.error(problem);
          }
          onPending(null);
        }}
      />
    </>
  );
}
