// The one confirmation dialog before an action that cannot be undone (delete, cancel, remove, replace).
// `onConfirm` runs the action and resolves to an error message to show, or nothing when done
// (the caller closes the dialog itself on success).
import { useId, useState, type ReactNode } from 'react';
import Modal from './modal';
import { Busy } from './loading';

export const CONFIRM_NETWORK_ERROR = 'That did not work. Please check your connection and try again.';

interface ConfirmDialogProps {
  show: boolean;
  title: ReactNode;
  /** The dialog's body: what happens when confirmed. */
  children: ReactNode;
  confirmText: string;
  busyText: string;
  /** The label of the button that closes without acting. */
  cancelText?: string;
  /** The confirm button's Bootstrap colour. */
  variant?: 'danger' | 'primary' | 'warning' | 'success';
  /** Shown when `onConfirm` throws (the request did not get through). */
  networkError?: string;
  onHide: () => void;
  onConfirm: () => Promise<string | void>;
}

export function ConfirmDialog({
  show,
  title,
  children,
  confirmText,
  busyText,
  cancelText = 'Cancel',
  variant = 'danger',
  networkError = CONFIRM_NETWORK_ERROR,
  onHide,
  onConfirm,
}: ConfirmDialogProps) {
  const titleId = useId();
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
      setError(networkError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="h5 fw-bold">
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
          {cancelText}
        </button>
        <button type="button" className={`btn btn-${variant}`} onClick={confirm} disabled={busy}>
          {busy ? <Busy>{busyText}</Busy> : confirmText}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
