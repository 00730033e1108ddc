// The series page says where a patient's course stands (issue 37): a course never paid is shown as
// expired (its times given back), one still unpaid as waiting for payment, never as a live course; a
// refund made in Stripe by hand is shown with its amount.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { SeriesDetailPage } from './routes/series-detail';

const visit = (n: number, status: string) => ({
  id: `v${n}`, packageId: 'p1', packageName: 'Physio', price: 49.5, priceCents: 4950, currency: 'usd', firstName: 'Pat', lastName: 'Lee',
  email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: `2030-01-${String(7 * n + 1).padStart(2, '0')}`, bookingTime: '10:00', timeZone: 'America/New_York',
  bookingTimeLabel: `Tuesday, January ${7 * n + 1}, 2030 at 10:00 AM EST`, timeZoneName: 'Eastern Standard Time', startUtc: '2030-01-15T15:00:00.000Z',
  endUtc: '2030-01-15T16:00:00.000Z', durationMinutes: 60, status, paymentStatus: 'unpaid', holdExpiresAt: null, stripeSessionId: null,
  paymentIntentId: null, amountPaid: null, amountPaidCents: null, refundedCents: null, payerEmail: null, paidAt: null, seriesId: 's1',
  confirmedAt: null, expiredAt: null, cancelledAt: null, cancelledBy: null, confirmationSentAt: null,
  needsAttention: null, createdAt: '2030-01-01T09:59:00Z', updatedAt: '2030-01-01T10:00:01Z',
});
const series = (status: string, visitStatus: string, refundedByHandCents = 0) => ({
  id: 's1', packageId: 'p1', packageName: 'Physio', everyWeeks: 1, time: '10:00', timeZone: 'America/New_York', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com',
  createdAt: '2030-01-01T00:00:00Z', visits: [visit(1, visitStatus), visit(2, visitStatus)], status, refundedByHandCents,
});

function open(data: object) {
  saveToken('token');
  mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u-me', email: 'me@example.com', isEmailVerified: true } } },
    'GET /api/bookings/series/s1': { status: 200, body: { message: 'OK', data } },
  });
  renderRoutes([{ path: '/bookings/series/:id', element: <WithRoles value={rolesState({ isOwner: true })}><SeriesDetailPage /></WithRoles> }], '/bookings/series/s1');
}

describe("a patient's course on the series page", { timeout: 20_000 }, () => {
  it('shows a course never paid as expired, with no way to cancel or move its visits', async () => {
    open(series('expired', 'expired'));
    const state = await screen.findByTestId('series-state');
    expect(state).toHaveTextContent(/^Expired/);
    expect(state).toHaveTextContent("Never paid: the course's payment ran out and its times were given back.");
    expect(screen.queryByRole('button', { name: 'Cancel…' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('series-refund')).not.toBeInTheDocument();
  });

  it('shows a course still unpaid as waiting for payment', async () => {
    open(series('held', 'held'));
    expect(await screen.findByTestId('series-state')).toHaveTextContent('Waiting for payment');
  });

  it('shows what was refunded in Stripe by hand of a booked course', async () => {
    open(series('booked', 'confirmed', 2000));
    expect(await screen.findByTestId('series-refund')).toHaveTextContent("$20.00 of the course's payment was refunded in Stripe by hand");
    expect(screen.queryByTestId('series-state')).not.toBeInTheDocument();
  });
});
