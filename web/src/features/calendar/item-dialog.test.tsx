// The calendar's booking dialog (issues 36 and 37): the booking's payment state as its page shows it,
// its intake answers, and the after-visit controls of its page, so the desk acts from the calendar.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReplyOf } from '#shared/api-contract';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import type { CalendarItem } from './api/calendar';
import { ItemDialog } from './components/item-dialog';

type BookingView = ReplyOf<'GET /bookings/booking/{id}'>;

const item: CalendarItem = {
  kind: 'booking', id: 'bk1', title: 'Pat Visitor · Physio', start: '2026-11-20T14:00:00.000Z', end: '2026-11-20T15:00:00.000Z', date: '2026-11-20', time: '09:00',
  status: 'confirmed', paymentStatus: 'paid', movable: false, packageId: 'pkg', practitionerId: null, practitionerName: null,
};

// A visit of last week with a card held for fees: a no-show may be marked and its fee charged.
const BOOKING = {
  id: 'bk1', packageId: 'pkg', packageName: 'Physio', price: 60, amountPaid: null, priceCents: 6000, priceMinor: 6000, currency: 'usd',
  bookingTimeLabel: 'Friday, November 20, 2026 at 9:00 AM EST', timeZoneName: 'Eastern Standard Time', firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com',
  phoneNumber: '+15551234567', bookingDate: '2026-11-20', bookingTime: '09:00', timeZone: 'America/New_York', startUtc: '2026-11-20T14:00:00.000Z', endUtc: '2026-11-20T15:00:00.000Z',
  durationMinutes: 60, status: 'confirmed', paymentStatus: 'unpaid', holdExpiresAt: null, stripeSessionId: null, paymentIntentId: null, amountPaidCents: null, refundedCents: null,
  payerEmail: null, paidAt: null, confirmedAt: '2026-11-01T10:00:00.000Z', expiredAt: null, cancelledAt: null, cancelledBy: null, confirmationSentAt: null, needsAttention: null,
  paymentPolicy: { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 6000, noShowFeeMinor: 2500, lateCancelFeeMinor: null, cancellationWindowHours: null },
  savedCard: { customerId: 'cus_1', paymentMethodId: 'pm_1', brand: 'visa', last4: '4242' }, attendance: null, fee: null, clinicPayment: null,
  paymentState: 'card_held', balanceDueMinor: 6000,
} as unknown as BookingView;

const INTAKE = {
  intakeTiming: 'before_booking',
  intake: { submissionId: 'sub1', formId: 'form1', formName: 'Health questions', createdAt: '2026-11-19T10:00:00.000Z', answers: [{ fieldId: 'f1', label: 'Allergies', type: 'text', value: 'Penicillin' }] },
};

function open(roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const onChanged = vi.fn();
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u-me', email: 'me@example.com', isEmailVerified: true } } },
    'GET /api/bookings/booking/bk1': { status: 200, body: { message: 'OK', data: BOOKING } },
    'GET /api/bookings/booking/bk1/intake': { status: 200, body: { message: 'OK', data: INTAKE } },
    'POST /api/bookings/booking/bk1/attendance': { status: 200, body: { message: 'Marked as a no-show.', data: { ...BOOKING, attendance: 'no_show' } } },
    'POST /api/bookings/booking/bk1/fee': {
      status: 200,
      body: { message: 'The fee was charged.', data: { ...BOOKING, attendance: 'no_show', paymentState: 'fee_charged', fee: { kind: 'no_show', amountMinor: 2500, currency: 'usd', status: 'charged', attempt: 1, paymentIntentId: 'pi_1', declineMessage: null, authenticationUrl: null, refundedMinor: 0, requestedAt: '2026-11-21T10:00:00.000Z', requestedBy: 'u-me', chargedAt: '2026-11-21T10:00:00.000Z' } } },
    },
  });
  const view = renderRoutes(
    [{ path: '/calendar', element: <WithRoles value={roles}><ItemDialog item={item} timeZone="America/New_York" onHide={vi.fn()} onMove={vi.fn()} onChanged={onChanged} /></WithRoles> }],
    '/calendar',
  );
  return { ...view, calls, onChanged };
}

describe("the calendar's booking dialog", { timeout: 20_000 }, () => {
  it('shows the payment state and intake answers, and marks a no-show and charges its fee from the calendar', async () => {
    const { user, calls, onChanged } = open();
    const dialog = within(await screen.findByRole('dialog'));
    // The booking's own state, not the calendar's raw payment status, and once (the after-visit card's, not again by the title).
    expect(await dialog.findByText('Card held')).toBeInTheDocument();
    expect(dialog.queryByText(/Payment: paid/)).toBeNull();
    expect(await dialog.findByText('Penicillin')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'No-show' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/bookings/booking/bk1/attendance')?.body).toEqual({ attendance: 'no_show' });
    await user.click(await dialog.findByRole('button', { name: 'Charge $25.00' }));
    expect(await dialog.findByText(/Charged \$25\.00/)).toBeInTheDocument();
    expect(dialog.getByText('Fee charged')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('shows a member who may only read bookings the state without the controls', async () => {
    open(rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('heading', { name: 'After the visit' })).toBeInTheDocument();
    expect(dialog.getByText('Not recorded')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'No-show' })).toBeNull();
  });
});
