// In-app toasts (spec section 9): auto-close after 1000 ms, 3000 ms for a long success message.
// Library defaults (top-right, 5000 ms, closable, pause on hover and focus loss, draggable at 80%)
// are set once on the ToastContainer.
import { toast, type ToastOptions } from 'react-toastify';

export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  closeButton: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: 'touch',
  draggablePercent: 80,
} as const;

export const SHORT_TOAST_MS = 1000;
export const LONG_TOAST_MS = 3000;

export const notify = {
  success: (message: string, options: ToastOptions & { long?: boolean } = {}) => {
    const { long, ...rest } = options;
    return toast.success(message, { autoClose: long ? LONG_TOAST_MS : SHORT_TOAST_MS, ...rest });
  },
  warn: (message: string, options: ToastOptions = {}) => toast.warn(message, { autoClose: LONG_TOAST_MS, ...options }),
  error: (message: string, options: ToastOptions = {}) => toast.error(message, { autoClose: LONG_TOAST_MS, ...options }),
};

/** Copies `text` with a 'Copied' toast; where the browser refuses, asks the person to copy `what` (the key) themselves. */
export async function copyWithToast(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('Copied');
  } catch {
    notify.error(`Could not copy. Select ${what} and copy it yourself.`);
  }
}
