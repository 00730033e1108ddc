import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { fetchedUrls } from '../../testing/fetched-urls';
import { AddPackagePage } from './routes/add-package';
import { AvailabilityPage } from './routes/availability';
import { BookingDetailPage } from './routes/booking-detail';
import { BookingsListPage } from './routes/bookings-list';
import { PackagesListPage } from './routes/packages-list';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const booking = (id: string, extra: object = {}) => ({
  id, packageId: 'p1', packageName: 'Consultation', price: 49.5, priceCents: 4950, currency: 'usd', firstName: 'Pat', lastName: id.toUpperCase(),
  email: `${id}@example.com`, phoneNumber: '+15551234567', bookingDate: '2030-01-15', bookingTime: '09:00', timeZone: 'America/New_York',
  bookingTimeLabel: 'Tuesday, January 15, 2030 at 9:00 AM EST', timeZoneName: 'Eastern Standard Time', startUtc: '2030-01-15T14:00:00.000Z',
  endUtc: '2030-01-15T15:00:00.000Z', durationMinutes: 60, status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null, stripeSessionId: 'cs_1',
  paymentIntentId: 'pi_1', amountPaid: 49.5, amountPaidCents: 4950, refundedCents: null, payerEmail: null, paidAt: '2030-01-01T10:00:00Z',
  confirmedAt: '2030-01-01T10:00:00Z', expiredAt: null, cancelledAt: null, cancelledBy: null, confirmationSentAt: '2030-01-01T10:00:01Z',
  needsAttention: null, createdAt: '2030-01-01T09:59:00Z', updatedAt: '2030-01-01T10:00:01Z', ...extra,
});
const pkg = (id: string, extra: object = {}) => ({
  id, packageName: `Package ${id}`, packagePrice: 49.5, packagePriceCents: 4950, packageDescription: 'Sixty minutes.', redirectionUrl: '', isActive: true,
  deletedAt: null, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', ...extra,
});

function render(element: React.ReactNode, path: string, answers: Parameters<typeof mockApi>[0], roles = rolesState({ isOwner: true }), pattern = path) {
  saveToken('token');
  const calls = mockApi({ 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } }, ...answers });
  const view = renderRoutes(
    [
      { path: pattern, element: <WithRoles value={roles}>{element}</WithRoles> },
      ...(pattern === '/bookings/packages' ? [] : [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]),
    ],
    path,
  );
  return { ...view, calls };
}

const urls = fetchedUrls;

describe('bookings console pages', { timeout: 20_000 }, () => {
  it('lists bookings with status and payment badges, and filters by payment state', async () => {
    const { user } = render(<BookingsListPage />, '/bookings', {
      'GET /api/bookings/bookings/list/all': { status: 200, body: { message: 'OK', data: { items: [booking('a'), booking('b', { status: 'held', paymentStatus: 'pending' })] } } },
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [pkg('p1')] } } },
    });
    const rowA = within((await screen.findByText('Pat A')).closest('tr')!);
    expect(rowA.getByText('Confirmed')).toBeInTheDocument();
    expect(rowA.getByText('Paid')).toBeInTheDocument();
    expect(rowA.getByText('$49.50')).toBeInTheDocument();
    expect(rowA.getByRole('link', { name: 'View the booking of Pat A' })).toHaveAttribute('href', '/bookings/booking/a');
    const rowB = within(screen.getByText('Pat B').closest('tr')!);
    expect(rowB.getByText('Awaiting payment')).toBeInTheDocument();
    expect(rowB.getByText('Pending')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Payment'), 'paid');
    await waitFor(() => expect(urls().some((u) => u.includes('/api/bookings/bookings/list/all?') && u.includes('paymentStatus=paid'))).toBe(true));
  });

  it('says an amount is due at the visit only while the booking goes ahead: not once cancelled, refunded or expired', async () => {
    // €120.50 with a 30 % deposit: €36.15 online, €84.35 at the visit.
    const deposit = { mode: 'deposit', dueNowMinor: 3615, dueAtVisitMinor: 8435, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 24 };
    const card = { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 12050, noShowFeeMinor: 2500, lateCancelFeeMinor: null, cancellationWindowHours: null };
    const euro = { priceCents: 12050, currency: 'eur', amountPaidCents: 3615, paymentPolicy: deposit };
    render(<BookingsListPage />, '/bookings', {
      'GET /api/bookings/bookings/list/all': { status: 200, body: { message: 'OK', data: { items: [
        booking('a', euro),
        booking('b', { ...euro, status: 'cancelled', paymentStatus: 'refunded', refundedCents: 3615, cancelledAt: '2030-01-02T00:00:00Z' }),
        booking('c', { ...euro, status: 'expired', paymentStatus: 'unpaid', amountPaidCents: null, expiredAt: '2030-01-01T10:10:00Z' }),
        booking('d', { ...euro, status: 'cancelled', paymentStatus: 'unpaid', amountPaidCents: null, paymentPolicy: card, cancelledAt: '2030-01-02T00:00:00Z' }),
      ] } } },
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [pkg('p1')] } } },
    });
    const row = (id: string) => within(screen.getByText(`Pat ${id}`).closest('tr')!);
    await screen.findByText('Pat A');
    expect(row('A').getByText('Deposit online · €84.35 due at visit')).toBeInTheDocument();
    expect(row('B').getByText('Cancelled')).toBeInTheDocument();
    expect(row('B').getByText('Refunded')).toBeInTheDocument();
    expect(row('B').getByText('Deposit online')).toBeInTheDocument();
    expect(row('C').getByText('Expired')).toBeInTheDocument();
    expect(row('C').getByText('Unpaid')).toBeInTheDocument();
    expect(row('C').getByText('Deposit online')).toBeInTheDocument();
    // A card never saved is no longer awaited either.
    expect(row('D').getByText('Card held for fees')).toBeInTheDocument();
    for (const id of ['B', 'C', 'D']) expect(row(id).queryByText(/due at visit|no card yet/)).toBeNull();
  });

  it("shows no amount due at the visit on a cancelled booking's page, as it does on a confirmed one's", async () => {
    const deposit = { mode: 'deposit', dueNowMinor: 3615, dueAtVisitMinor: 8435, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 24 };
    const euro = { priceCents: 12050, currency: 'eur', amountPaidCents: 3615, paymentPolicy: deposit };
    for (const [data, due] of [[booking('a', euro), true], [booking('a', { ...euro, status: 'cancelled', paymentStatus: 'refunded', refundedCents: 3615, cancelledAt: '2030-01-02T00:00:00Z' }), false]] as const) {
      const { unmount } = render(<BookingDetailPage />, '/bookings/booking/a', {
        'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data } },
      }, rolesState({ isOwner: true }), '/bookings/booking/:id');
      await screen.findByText('Pat A');
      expect(screen.getByText('Deposit online')).toBeInTheDocument();
      expect(screen.queryByText('€84.35 due at the visit') !== null).toBe(due);
      unmount();
    }
  });

  it('cancels a booking after confirmation, only for members who may write', async () => {
    const { user, calls } = render(<BookingDetailPage />, '/bookings/booking/a', {
      'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: booking('a') } },
      'POST /api/bookings/booking/a/cancel': { status: 200, body: { message: 'Booking cancelled.', data: booking('a', { status: 'cancelled', cancelledAt: '2030-01-02T00:00:00Z' }) } },
    }, rolesState({ isOwner: true }), '/bookings/booking/:id');
    expect(await screen.findByText('Tuesday, January 15, 2030 at 9:00 AM EST', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('refund the payment in Stripe');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/bookings/booking/a/cancel')).toBe(true));
    expect(await screen.findByText('Cancelled', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it("says 'Awaiting payment' once on a held booking (its status; no payment badge repeating it)", async () => {
    render(<BookingDetailPage />, '/bookings/booking/a', {
      'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: booking('a', { status: 'held', paymentStatus: 'pending', paymentState: 'awaiting_payment', holdExpiresAt: '2030-01-01T10:10:00Z' }) } },
    }, rolesState({ isOwner: true }), '/bookings/booking/:id');
    await screen.findByText('Pat A');
    expect(screen.getAllByText('Awaiting payment', { selector: '.badge' })).toHaveLength(1);
  });

  it('hides cancelling from a member who may only read', async () => {
    render(<BookingDetailPage />, '/bookings/booking/a', {
      'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: booking('a') } },
    }, rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }), '/bookings/booking/:id');
    await screen.findByText('Pat A');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('offers no cancel on a booking marked attended, no-show or cancelled late', async () => {
    for (const attendance of ['attended', 'no_show', 'late_cancellation']) {
      const { unmount } = render(<BookingDetailPage />, '/bookings/booking/a', {
        'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: booking('a', { attendance, attendanceAt: '2030-01-15T16:00:00Z' }) } },
      }, rolesState({ isOwner: true }), '/bookings/booking/:id');
      await screen.findByText('Pat A');
      expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
      unmount();
    }
  });

  it('shows a booking paid with an amount that differs from the price as needing attention, with what was paid', async () => {
    const note = 'Paid $40.00, but the price is $49.50. The payment is recorded as paid: check it in Stripe, then refund or collect the difference.';
    render(<BookingDetailPage />, '/bookings/booking/a', {
      'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: booking('a', { amountPaid: 40, amountPaidCents: 4000, needsAttention: note, confirmationSentAt: null }) } },
    }, undefined, '/bookings/booking/:id');
    expect(await screen.findByText(note)).toHaveClass('alert-warning');
    expect(screen.getByText(/^\$40\.00 on /)).toBeInTheDocument();
    expect(screen.getByText('Not yet')).toBeInTheDocument();
  });

  it('lists packages with their price and state; deactivating and deleting follow the flags', async () => {
    const { user, calls } = render(<PackagesListPage />, '/bookings/packages', {
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [pkg('p1'), pkg('p2', { isActive: false })] } } },
      'PUT /api/bookings/packages/p1': { status: 200, body: { message: 'Booking package saved.', data: pkg('p1', { isActive: false }) } },
    });
    const row = within((await screen.findByText('Package p1')).closest('tr')!);
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('Package p2').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add Booking Package/ })).toHaveAttribute('href', '/bookings/packages/add');
    await user.click(row.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ isActive: false }));
    expect(row.getByRole('button', { name: 'Delete Package p1' })).toBeInTheDocument();
  });

  it('shows a package\'s duration and who offers it, when set', async () => {
    const { calls } = render(<PackagesListPage />, '/bookings/packages', {
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [pkg('p1', { durationMinutes: 45, practitionerIds: ['pr_a', 'pr_b'] }), pkg('p2', { durationMinutes: null, practitionerIds: [] })] } } },
      'GET /api/practitioners': { status: 200, body: { message: 'OK', data: { items: [{ id: 'pr_a', name: 'Dr Ana' }, { id: 'pr_b', name: 'Dr Ben' }] } } },
    });
    const row = within((await screen.findByText('Package p1')).closest('tr')!);
    expect(await row.findByText('45 min · with Dr Ana, Dr Ben')).toBeInTheDocument();
    const plain = screen.getByText('Package p2').closest('td')!;
    expect(plain).not.toHaveTextContent(/\d+ min|with Dr/);
    expect(calls.filter((c) => c.path === '/api/practitioners')).toHaveLength(1);
  });

  it("does not ask for practitioners when no package names any, nor shows a duration the clinic-wide schedule does not book", async () => {
    const { calls } = render(<PackagesListPage />, '/bookings/packages', {
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [pkg('p1', { durationMinutes: 50, practitionerIds: [] })] } } },
    });
    expect((await screen.findByText('Package p1')).closest('td')).not.toHaveTextContent(/\d+ min/);
    expect(calls.some((c) => c.path === '/api/practitioners')).toBe(false);
  });

  it('shows no package actions to a member who may only read', async () => {
    render(<PackagesListPage />, '/bookings/packages', {
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [pkg('p1')] } } },
    }, rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }));
    await screen.findByText('Package p1');
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Add Booking Package/ })).toBeNull();
  });

  it('adds a package with the price in dollars, with the schema messages', async () => {
    const { user, calls } = render(<AddPackagePage />, '/bookings/packages/add', {
      'GET /api/practitioners': { status: 200, body: { message: 'OK', data: { items: [] } } },
      'POST /api/bookings/packages': { status: 201, body: { message: 'Booking package saved.', data: pkg('new') } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Package' }));
    expect(await screen.findByText('Package name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Package name/), 'Massage');
    await user.type(screen.getByLabelText(/^Price \(USD\)/), '0.2');
    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    expect(await screen.findByText('A booking package needs a price of at least $0.50.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Price \(USD\)/));
    await user.type(screen.getByLabelText(/^Price \(USD\)/), '80.50');
    await user.type(screen.getByLabelText(/^Redirection URL/), 'https://clinic.example.com/thanks');
    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/bookings/packages')?.body).toEqual({
      packageName: 'Massage', packagePrice: 80.5, packageDescription: '', redirectionUrl: 'https://clinic.example.com/thanks', isActive: true,
      // Timing left blank: the clinic's defaults, no buffers, the clinic-wide schedule.
      durationMinutes: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, slotGridMinutes: null, minNoticeMinutes: null, maxDaysAhead: null, practitionerIds: [],
      paymentMode: 'full', depositPercent: null, depositAmount: null, noShowFee: null, lateCancelFee: null, cancellationWindowHours: null,
      // No intake form (issue 36).
      intakeFormId: null, intakeTiming: 'before_booking',
      // Patients may not book a series unless the box is ticked (issue 37).
      allowSeries: false, seriesPayment: 'per_visit', seriesMaxVisits: null,
    }));
    expect(await screen.findByRole('heading', { name: 'Packages page' })).toBeInTheDocument();
  });

  it('edits the weekly hours and saves the availability', async () => {
    const hours = [{ start: '09:00', end: '17:00' }];
    const availability = {
      configured: false, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time',
      weeklyHours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: [], sunday: [] },
      slotMinutes: 30, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180, updatedAt: null, updatedBy: null,
    };
    const { user, calls } = render(<AvailabilityPage />, '/bookings/availability', {
      'GET /api/bookings/availability': { status: 200, body: { message: 'OK', data: availability } },
      'PUT /api/bookings/availability': (body) => ({ status: 200, body: { message: 'Availability saved.', data: { ...availability, ...(body as object), configured: true } } }),
    });
    const success = vi.spyOn(notify, 'success');
    expect(await screen.findByText(/Times are in Eastern Standard Time \(America\/New_York\)/)).toBeInTheDocument();
    const saturday = screen.getByRole('group', { name: 'Saturday' });
    expect(saturday).toHaveTextContent('Closed');
    await user.click(within(saturday).getByRole('button', { name: /Add hours/ }));
    await user.clear(screen.getByLabelText('Bookings per slot'));
    await user.type(screen.getByLabelText('Bookings per slot'), '3');
    await user.type(screen.getByLabelText('Closed date'), '2030-12-25');
    await user.click(screen.getByRole('button', { name: 'Add closed date' }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as { weeklyHours: Record<string, unknown[]>; capacity: number; closedDates: string[] };
    expect(sent.weeklyHours.saturday).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(sent.capacity).toBe(3);
    expect(sent.closedDates).toEqual(['2030-12-25']);
    // The save ends (and updates the cache) after the answer: the test ends with it, not before.
    await waitFor(() => expect(success).toHaveBeenCalledWith('Availability saved.'));
  });

  it('refuses overlapping hours before saving', async () => {
    const hours = [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '14:00' }];
    const availability = {
      configured: true, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time',
      weeklyHours: { monday: hours, tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
      slotMinutes: 30, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180, updatedAt: null, updatedBy: null,
    };
    const { user, calls } = render(<AvailabilityPage />, '/bookings/availability', {
      'GET /api/bookings/availability': { status: 200, body: { message: 'OK', data: availability } },
    });
    await user.click(await screen.findByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Opening intervals of a day must not overlap')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
