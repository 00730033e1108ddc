// The public form's error dialogs (spec section 8): 'Payment Error', 'Submission Failed', 'Submission Error'.
import Modal from '../../../components/modal';
import { useT, type MessageKey } from '../../../i18n/i18n';

/** The spec's English titles, in the page's language. */
const TITLES: Record<DialogMessage['title'], MessageKey> = { 'Payment Error': 'form.paymentError', 'Submission Failed': 'form.submissionFailed', 'Submission Error': 'form.submissionError' };

export interface DialogMessage {
  title: 'Payment Error' | 'Submission Failed' | 'Submission Error';
  /** The spec's text. */
  text: string;
  /** What the visitor can do, under it (the spec's 'An unexpected error occurred.' says nothing of that). */
  hint?: string;
}

export function ErrorDialog({ message, onHide }: { message: DialogMessage | null; onHide: () => void }) {
  const t = useT();
  return (
    <Modal show={message !== null} onHide={onHide} centered aria-labelledby="form-error-title">
      <Modal.Header closeButton>
        <Modal.Title id="form-error-title" as="h2" className="h5 fw-bold text-danger">
          {message && t(TITLES[message.title])}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{message?.text}</p>
        {message?.hint && <p className="mb-0 mt-2 text-body-secondary">{message.hint}</p>}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onHide}>
          {t('form.ok')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
