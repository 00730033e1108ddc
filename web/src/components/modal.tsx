// react-bootstrap's Modal with Tab kept inside it (WCAG 2.1.2 / 2.4.3): Bootstrap moves the focus into
// a dialog and back to its opener, but Tab from the last control (or Shift+Tab from the first) leaves
// the dialog for the browser's toolbar and the page behind. Here it wraps around. Every dialog of the
// product imports this one instead of react-bootstrap/Modal.
import type { KeyboardEvent } from 'react';
import BootstrapModal, { type ModalProps } from 'react-bootstrap/Modal';

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in order (hidden ones left out). */
export function tabbable(root: HTMLElement): HTMLElement[] {
  // Every element, then matches(): document order, whatever the selector list's order.
  return [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.matches(FOCUSABLE) && el.getClientRects().length > 0 && !el.closest('[inert], [hidden]'));
}

/** Wraps Tab at the ends of the dialog's controls, for the keydown handler of the dialog's box. */
export function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const controls = tabbable(event.currentTarget);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

// ModalProps passes any other prop on untyped (an index signature): the keydown handler is typed here.
function Modal({ onKeyDown, ...props }: ModalProps & { onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void }) {
  return (
    <BootstrapModal
      {...props}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        onKeyDown?.(event);
        keepTabInside(event);
      }}
    />
  );
}

export default Object.assign(Modal, {
  Header: BootstrapModal.Header,
  Title: BootstrapModal.Title,
  Body: BootstrapModal.Body,
  Footer: BootstrapModal.Footer,
  Dialog: BootstrapModal.Dialog,
});
