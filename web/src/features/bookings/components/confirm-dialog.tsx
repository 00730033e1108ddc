// A confirmation before an action that cannot be undone (cancel a booking, delete a package).
import { useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Busy } from '../../../components/loading';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  busyText: string;
  /** Resolves to an error message to show, or nothing when done. */
  onConfirm(): Promise<string | undefined>;
  onHide(): void;
}

export function ConfirmDialog({ show, title, children, confirmText, busyText, onConfirm, onHide }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    if (busy) return;
    setError(undefined);
    onHide();
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const message = await onConfirm();
      if (message) setError(message);
    } catch {
      setError('That did not work. Please check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5 fw-bold">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={close} disabled={busy}>
          Keep it
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
          {busy ? <Busy>{busyText}</Busy> : confirmText}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
