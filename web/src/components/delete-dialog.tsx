// Deleting one row of a list: confirm, delete, say so in a toast and reload the list. A refusal from
// the server stays in the dialog (ConfirmDialog shows the message).
import type { ReactNode } from 'react';
import type { ApiResult } from '../lib/api';
import { notify } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteDialogProps<T> {
  /** The row being deleted; null when the dialog is closed. */
  item: T | null;
  nameOf: (item: T) => string;
  /** What a row is, for the fallback texts: 'form', 'package'. */
  noun: string;
  /** Toast when the server gives no message: 'Form deleted.'. */
  deletedText: string;
  cancelText?: string;
  remove: (item: T) => Promise<ApiResult>;
  onClose: () => void;
  /** After a successful delete (the dialog is already closed): reload the list. */
  onDeleted: () => unknown;
  /** What happens to the row's data. */
  children: ReactNode;
}

export function DeleteDialog<T>({ item, nameOf, noun, deletedText, cancelText, remove, onClose, onDeleted, children }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      show={item !== null}
      title={`Delete ${item ? nameOf(item) : noun}?`}
      confirmText="Yes, delete"
      busyText="Deleting..."
      cancelText={cancelText}
      onHide={onClose}
      onConfirm={async () => {
        if (!item) return undefined;
        const result = await remove(item);
        if (!result.success) return result.message || `The ${noun} could not be deleted.`;
        onClose();
        notify.success(result.message || deletedText);
        await onDeleted();
        return undefined;
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
