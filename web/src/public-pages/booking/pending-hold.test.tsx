// The booking page's way back from Checkout (issue 34): Checkout's cancel address gives the hold back at
// once and the form is as the visitor left it; a hold waiting for payment can be resumed or given back;
// a Continue with another time gives it back first, so the patient is never told to wait for their own hold.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../testing/render';
import { checkoutNavigation } from '../../lib/checkout';
import { BookingPage } from './booking-page';
import { requestOf, type PendingHold } from './pending-hold';

const KEY = 'pk_clinic_key_123';
const PACKAGES = [{ id: 'p1', packageName: 'Consultation', packagePrice: 49.5, packagePriceCents: 4950, packageDescription: '', isActive: true }];
const day = (date: string) => ({
  date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, clinicName: 'Sunrise Clinic',
  slots: [
    { time: '09:00', startUtc: `${date}T14:00:00.000Z`, label: '9:00 AM EST', remaining: 1 },
    { time: '10:00', startUtc: `${date}T15:00:00.000Z`, label: '10:00 AM EST', remaining: 1 },
  ],
});
const VALUES = { packageId: 'p1', firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: '2030-01-15', bookingTime: '10:00' };
const HOLD: PendingHold = {
  bookingId: 'b1', releaseToken: 'tok-b1', checkoutUrl: 'https://checkout.example.com/cs_1', holdExpiresAt: new Date(Date.now() + 8 * 60_000).toISOString(),
  packageName: 'Consultation', startUtc: '2030-01-15T15:00:00.000Z', timeZone: 'America/New_York', request: requestOf(VALUES),
};

function answers(release: { outcome: 'released' | 'paid' } = { outcome: 'released' }) {
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => ({ status: 200, body: { message: 'OK', data: day((body as { date: string }).date) } }),
    'POST /api/bookings/available-days': { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days: [] } } },
    'POST /api/bookings/release-hold': { status: 200, body: { message: 'OK', data: release } },
    'POST /api/bookings/create-booking': {
      status: 201,
      body: { message: 'Please complete the payment to confirm booking', data: { ...HOLD, bookingId: 'b2', checkoutUrl: 'https://checkout.example.com/cs_2', releaseToken: 'tok-b2', bookingTime: '09:00' } },
    },
  });
}

/** The page as Checkout (or the back button) brings the visitor back to it, with what this tab kept. */
function backAt(search: string) {
  localStorage.setItem(`clinic.booking.hold.${KEY}`, JSON.stringify(HOLD));
  sessionStorage.setItem(`clinic.booking.form.${KEY}`, JSON.stringify({ values: VALUES, practitioner: 'any' }));
  window.history.replaceState(null, '', `/booking/${KEY}${search}`);
  return renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey={KEY} /> }], `/booking/${KEY}`);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('BookingPage: back from Checkout (issue 34)', () => {
  it("Checkout's cancel address gives the hold back at once, takes the token out of the address, and the form is as it was", async () => {
    const calls = answers();
    backAt('?payment=cancelled&lang=en&booking=b1&release=tok-b1');
    expect(await screen.findByText('The payment was not completed, so the booking is not confirmed. You can choose a time again below.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/bookings/release-hold')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/bookings/release-hold')!.body).toEqual({ apiKey: KEY, bookingId: 'b1', token: 'tok-b1' });
    expect(window.location.search).toBe('?payment=cancelled&lang=en');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue('pat@example.com'));
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Pat');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('+15551234567');
    await waitFor(() => expect(localStorage.getItem(`clinic.booking.hold.${KEY}`)).toBeNull());
    expect(screen.queryByRole('region', { name: 'Booking waiting for payment' })).not.toBeInTheDocument();
  });

  it('a hold waiting for payment (the back button): Continue to payment resumes it; Choose another time gives it back', async () => {
    const calls = answers();
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = backAt('');
    const waiting = await screen.findByRole('region', { name: 'Booking waiting for payment' });
    expect(waiting).toHaveTextContent(/Your booking of Consultation on Jan 15, 2030, 10:00\sAM is waiting for payment/);
    await user.click(within(waiting).getByRole('button', { name: 'Continue to payment' }));
    expect(go).toHaveBeenCalledWith('https://checkout.example.com/cs_1');

    await user.click(within(waiting).getByRole('button', { name: 'Choose another time' }));
    expect(await screen.findByText('The time you held is free again. You can choose a time below.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/bookings/release-hold')!.body).toEqual({ apiKey: KEY, bookingId: 'b1', token: 'tok-b1' });
    expect(screen.queryByRole('region', { name: 'Booking waiting for payment' })).not.toBeInTheDocument();
    expect(localStorage.getItem(`clinic.booking.hold.${KEY}`)).toBeNull();
  });

  it('Continue with another time gives the waiting hold back first, then books it; the same booking again resumes its checkout', async () => {
    const calls = answers();
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = backAt('');
    await screen.findByRole('region', { name: 'Booking waiting for payment' });
    // The form is back as it was: its time pressed among the day's buttons (no raw time field).
    await waitFor(() => expect(screen.getByRole('button', { name: '10:00 AM EST' })).toHaveAttribute('aria-pressed', 'true'));

    // The same time again: its own checkout, nothing new held.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.example.com/cs_1'));
    expect(calls.filter((c) => c.path === '/api/bookings/create-booking' || c.path === '/api/bookings/release-hold')).toEqual([]);

    await user.click(await screen.findByRole('button', { name: '9:00 AM EST' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(go).toHaveBeenLastCalledWith('https://checkout.example.com/cs_2'));
    const order = calls.filter((c) => c.path === '/api/bookings/create-booking' || c.path === '/api/bookings/release-hold').map((c) => c.path);
    expect(order).toEqual(['/api/bookings/release-hold', '/api/bookings/create-booking']);
  });

  it('paid meanwhile (another tab): says so and books nothing new', async () => {
    const calls = answers({ outcome: 'paid' });
    const { user } = backAt('');
    await screen.findByRole('region', { name: 'Booking waiting for payment' });
    await user.click(await screen.findByRole('button', { name: '9:00 AM EST' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This booking is paid: its confirmation is on its way to your email.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/bookings/create-booking')).toEqual([]);
  });
});
