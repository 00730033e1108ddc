import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmMove, type PendingMove } from './components/confirm-move';

const pending: PendingMove = {
  item: {
    kind: 'booking', id: 'a', title: 'Pat Visitor · Consultation', start: '2030-01-15T14:00:00.000Z', end: '2030-01-15T14:45:00.000Z',
    date: '2030-01-15', time: '09:00', status: 'confirmed', paymentStatus: 'paid', movable: true,
  },
  start: '2030-01-16T16:15:00.000Z',
  bookingDate: '2030-01-16',
  bookingTime: '11:15',
};

describe('confirm a dropped booking', () => {
  it('says from and to in the clinic zone, mails by default, and moves with the choice made', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(() => Promise.resolve());
    const onCancel = vi.fn();
    render(<ConfirmMove pending={pending} timeZone="America/New_York" onCancel={onCancel} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog', { name: 'Move this paid booking?' });
    expect(dialog).toHaveTextContent('From Tuesday, January 15 at 9:00 AMto Wednesday, January 16 at 11:15 AM');
    const mail = screen.getByLabelText('Email the patient the new time');
    expect(mail).toBeChecked();
    await user.click(mail);
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(onConfirm).toHaveBeenCalledWith(false);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('puts it back on "Keep it where it was", says an appointment\'s move mails, and is not shown without a pending move', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const { rerender } = render(<ConfirmMove pending={{ ...pending, item: { ...pending.item, paymentStatus: 'unpaid' } }} timeZone="America/New_York" onCancel={onCancel} onConfirm={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Move this booking?' });
    await user.click(screen.getByRole('button', { name: 'Keep it where it was' }));
    expect(onCancel).toHaveBeenCalledOnce();
    // An appointment's move always mails: said, not asked.
    const onConfirm = vi.fn(() => Promise.resolve());
    rerender(<ConfirmMove pending={{ ...pending, item: { ...pending.item, kind: 'appointment', paymentStatus: undefined, end: null } }} timeZone="America/New_York" onCancel={onCancel} onConfirm={onConfirm} />);
    expect(await screen.findByRole('dialog', { name: 'Move this appointment?' })).toHaveTextContent('The patient is emailed the new time.');
    expect(screen.queryByLabelText('Email the patient the new time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(onConfirm).toHaveBeenCalledWith(true);
    rerender(<ConfirmMove pending={null} timeZone="America/New_York" onCancel={onCancel} onConfirm={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
