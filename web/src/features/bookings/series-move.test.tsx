// The series page's "Move…" (issue 37): staff choose the new date and time and how far, see each visit's
// old and new time free or taken (an alternative of that week chosen for a taken one), then move them
// all with one idempotent call; a time taken meanwhile shows the refusal and the preview again.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { SeriesDetailPage } from './routes/series-detail';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const visit = (n: number, extra: object = {}) => ({
  id: `v${n}`, packageId: 'p1', packageName: 'Physio', price: 49.5, priceCents: 4950, currency: 'usd', firstName: 'Pat', lastName: 'Lee',
  email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: `2030-01-${String(7 * n + 1).padStart(2, '0')}`, bookingTime: '10:00', timeZone: 'America/New_York',
  bookingTimeLabel: `Tuesday, January ${7 * n + 1}, 2030 at 10:00 AM EST`, timeZoneName: 'Eastern Standard Time', startUtc: '2030-01-15T15:00:00.000Z',
  endUtc: '2030-01-15T16:00:00.000Z', durationMinutes: 60, status: 'confirmed', paymentStatus: 'unpaid', holdExpiresAt: null, stripeSessionId: null,
  paymentIntentId: null, amountPaid: null, amountPaidCents: null, refundedCents: null, payerEmail: null, paidAt: null, seriesId: 's1',
  confirmedAt: '2030-01-01T10:00:00Z', expiredAt: null, cancelledAt: null, cancelledBy: null, confirmationSentAt: null,
  needsAttention: null, createdAt: '2030-01-01T09:59:00Z', updatedAt: '2030-01-01T10:00:01Z', ...extra,
});
const series = (visits = [visit(1), visit(2), visit(3)]) => ({
  id: 's1', packageId: 'p1', packageName: 'Physio', everyWeeks: 1, time: '10:00', timeZone: 'America/New_York', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', createdAt: '2030-01-01T00:00:00Z', visits,
});
const planned = (n: number, status: string, alternatives: object[] = []) => ({
  bookingId: `v${n}`, number: n, date: `2030-01-${String(7 * n + 2).padStart(2, '0')}`, time: '10:00', startUtc: '2030-01-16T15:00:00.000Z',
  label: `Wed, Jan ${7 * n + 2}, 10:00 AM EST`, fromLabel: `Tue, Jan ${7 * n + 1}, 10:00 AM EST`, status, practitionerIds: [], alternatives,
});
const preview = { timeZone: 'America/New_York', shiftDays: 1, free: 1, conflicts: 1, visits: [planned(2, 'free'), planned(3, 'taken', [{ date: '2030-01-23', time: '11:00', startUtc: '2030-01-23T16:00:00.000Z', label: 'Wed, Jan 23, 11:00 AM EST', practitionerIds: [] }])] };

describe('moving visits of a series', { timeout: 20_000 }, () => {
  it('previews "this and the following" with the taken week\'s alternative, then moves them all with one idempotent call', async () => {
    saveToken('token');
    const moved = series([visit(1), visit(2, { bookingDate: '2030-01-16', bookingTimeLabel: 'Wednesday, January 16, 2030 at 10:00 AM EST' }), visit(3, { bookingDate: '2030-01-23', bookingTime: '11:00', bookingTimeLabel: 'Wednesday, January 23, 2030 at 11:00 AM EST' })]);
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } },
      'GET /api/bookings/series/s1': { status: 200, body: { message: 'OK', data: series() } },
      'POST /api/bookings/series/s1/move/preview': { status: 200, body: { message: 'OK', data: preview } },
      'POST /api/bookings/series/s1/move': { status: 200, body: { message: '2 visits moved.', data: { moved: [], series: moved } } },
    });
    const { user } = renderRoutes([{ path: '/bookings/series/:id', element: <WithRoles value={rolesState({ isOwner: true })}><SeriesDetailPage /></WithRoles> }], '/bookings/series/s1');
    const rows = await screen.findAllByTestId('series-visit');
    await user.click(within(rows[1]).getByRole('button', { name: 'Move…' }));
    const panel = screen.getByTestId('series-move');
    expect(within(panel).getByRole('radio', { name: 'This and the following visits' })).toBeChecked();
    await user.clear(within(panel).getByLabelText('New date'));
    await user.type(within(panel).getByLabelText('New date'), '2030-01-16');
    await user.click(within(panel).getByRole('button', { name: 'Check times' }));
    const planRows = await within(panel).findAllByTestId('series-move-visit');
    expect(planRows).toHaveLength(2);
    expect(planRows[0]).toHaveTextContent('Tue, Jan 15, 10:00 AM EST');
    expect(planRows[0]).toHaveTextContent('Free');
    expect(planRows[1]).toHaveTextContent('Taken');
    expect(within(planRows[1]).getByRole('combobox')).toHaveDisplayValue('Instead: Wed, Jan 23, 11:00 AM EST');
    expect(calls.find((c) => c.path.endsWith('/move/preview'))!.body).toEqual({ bookingId: 'v2', scope: 'following', bookingDate: '2030-01-16', bookingTime: '10:00' });

    await user.click(within(panel).getByRole('button', { name: 'Move 2 visits' }));
    await waitFor(() => expect(screen.queryByTestId('series-move')).not.toBeInTheDocument());
    const call = calls.find((c) => c.path === '/api/bookings/series/s1/move')!;
    expect(call.body).toEqual({ bookingId: 'v2', scope: 'following', bookingDate: '2030-01-16', bookingTime: '10:00', visits: [{ bookingId: 'v3', date: '2030-01-23', time: '11:00' }] });
    expect(Object.entries(call.headers).some(([k, v]) => k.toLowerCase() === 'idempotency-key' && v.length > 0)).toBe(true);
    expect(await screen.findByText('Wednesday, January 23, 2030 at 11:00 AM EST')).toBeInTheDocument();
  });
});
