// Small shared pieces of the forms pages: payment status badges, dates, confirm dialog.
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Busy } from '../../../components/loading';
import type { PaymentStatus } from '../api/forms';

const BADGES: Record<PaymentStatus | 'none', [string, string]> = {
  none: ['No payment', 'bg-secondary-subtle text-secondary-emphasis'],
  pending: ['Pending', 'bg-warning-subtle text-warning-emphasis'],
  paid: ['Paid', 'bg-success-subtle text-success-emphasis'],
  expired: ['Expired', 'bg-secondary-subtle text-secondary-emphasis'],
  failed: ['Failed', 'bg-danger-subtle text-danger-emphasis'],
  refunded: ['Refunded', 'bg-info-subtle text-info-emphasis'],
  partially_refunded: ['Partly refunded', 'bg-info-subtle text-info-emphasis'],
};

export function PaymentBadge({ status }: { status: PaymentStatus | 'none' }) {
  const [text, cls] = BADGES[status] ?? BADGES.none;
  return <span className={`badge ${cls}`}>{text}</span>;
}

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Not Provided';

/** A yes/no dialog for deletions; `run` resolves to an error message or nothing. */
export function ConfirmDialog({ title, text, confirm, show, onHide, run }: { title: string; text: string; confirm: string; show: boolean; onHide(): void; run(): Promise<string | undefined> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    if (busy) return;
    setError(undefined);
    onHide();
  };
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const failed = await run();
      if (failed) setError(failed);
    } catch {
      setError('Something went wrong. Please check your connection.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-title" as="h2" className="h5 fw-bold">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{text}</p>
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={go} disabled={busy}>
          {busy ? <Busy>Deleting...</Busy> : confirm}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
