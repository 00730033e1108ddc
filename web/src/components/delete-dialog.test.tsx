// Deleting a row of a list: the server's refusal stays in the dialog; success closes, toasts, reloads.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../lib/api';
import { notify } from '../lib/notify';
import { DeleteDialog } from './delete-dialog';

interface Row {
  id: string;
  name: string;
}

function setup(result: { success: boolean; message: string }) {
  const remove = vi.fn((): Promise<ApiResult> => Promise.resolve({ responseCode: result.success ? 200 : 409, success: result.success, data: { message: result.message }, message: result.message }));
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  render(
    <DeleteDialog<Row> item={{ id: 'f1', name: 'Intake' }} nameOf={(r) => r.name} noun="form" deletedText="Form deleted." remove={remove} onClose={onClose} onDeleted={onDeleted}>
      <p>Its submissions are kept.</p>
    </DeleteDialog>,
  );
  return { remove, onClose, onDeleted };
}

afterEach(() => vi.restoreAllMocks());

describe('DeleteDialog', () => {
  it('deletes the row, closes, says so and reloads the list', async () => {
    const toast = vi.spyOn(notify, 'success').mockImplementation(() => '');
    const { remove, onClose, onDeleted } = setup({ success: true, message: '' });
    expect(await screen.findByText('Delete Intake?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(remove).toHaveBeenCalledWith({ id: 'f1', name: 'Intake' });
    expect(onClose).toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('Form deleted.');
  });

  it("keeps the dialog open with the server's reason when the delete is refused", async () => {
    const { onClose, onDeleted } = setup({ success: false, message: 'This form has payments in progress.' });
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('This form has payments in progress.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
