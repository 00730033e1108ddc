// The waitlist's offer link on the booking page (issue 37): an offer told to everyone waiting (all at
// once) opens the booking page with its time chosen while it is free; once another patient booked it
// first, it says so, keeps the patient's place, and offers the next free times, each chosen by its link.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../testing/render';
import { BookingPage } from './booking-page';

const OFFER = {
  id: 'wlo1', status: 'open', mode: 'all-at-once', packageId: 'p1', packageName: 'Consultation', practitionerId: null, practitionerName: null,
  startUtc: '2030-01-15T15:00:00.000Z', endUtc: '2030-01-15T16:00:00.000Z', bookingDate: '2030-01-15', bookingTime: '10:00', timeZone: 'America/New_York',
  priceMinor: 4950, currency: 'usd', expiresAt: '2030-01-15T13:00:00.000Z', clinicName: 'Sunrise Clinic', firstName: 'Ann',
};

const slot = (date: string, time: string, utcHour: number) => ({ time, startUtc: `${date}T${String(utcHour).padStart(2, '0')}:00:00.000Z`, label: `${time} EST`, remaining: 1 });
const day = (date: string, slots: ReturnType<typeof slot>[]) => ({
  date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: slots.length ? 'open' : 'full', slotMinutes: 60, clinicName: 'Sunrise Clinic', slots,
});

function answers(free: (date: string) => ReturnType<typeof slot>[]) {
  return mockApi({
    'POST /api/waitlist/offer': { status: 200, body: { message: 'OK', data: OFFER } },
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: [] } },
    'POST /api/bookings/available-slots': (body) => {
      const { date } = body as { date: string };
      return { status: 200, body: { message: 'OK', data: day(date, free(date)) } };
    },
    'POST /api/bookings/available-days': (body) => {
      const { from, days } = body as { from: string; days: number };
      const start = Date.parse(`${from}T00:00:00Z`);
      const list = Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10)).map((date) => ({ date, free: free(date).length }));
      return { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days: list } } };
    },
  });
}

const open = () => {
  window.history.replaceState(null, '', '/booking/pk_clinic_key_123?waitlistOffer=wlo1&token=tok');
  return renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_clinic_key_123" /> }], '/booking/pk_clinic_key_123');
};

afterEach(() => window.history.replaceState(null, '', '/'));

describe('an offer told to everyone waiting', () => {
  it('while its time is free, Book this time opens the booking page with that day and time chosen', async () => {
    answers((date) => (date === '2030-01-15' ? [slot(date, '10:00', 15), slot(date, '11:00', 16)] : []));
    open();
    const book = await screen.findByRole('link', { name: 'Book this time' });
    const url = new URL(book.getAttribute('href')!, 'https://app.example.com');
    expect(url.pathname).toBe('/booking/pk_clinic_key_123');
    expect(Object.fromEntries(url.searchParams)).toEqual({ package: 'p1', date: '2030-01-15', time: '10:00', lang: 'en' });
    expect(screen.queryByTestId('waitlist-offer-gone')).toBeNull();
  });

  it('once another patient booked it, says so, keeps their place, and links the next free times (the next day with any when that day is full)', async () => {
    answers((date) => (date === '2030-01-17' ? [slot(date, '09:00', 14), slot(date, '13:00', 18)] : []));
    open();
    const gone = await screen.findByTestId('waitlist-offer-gone');
    expect(gone).toHaveTextContent('Another patient booked this time just before you. You keep your place on the waitlist');
    expect(screen.queryByRole('link', { name: 'Book this time' })).toBeNull();
    const next = screen.getByText('The next free times:').nextElementSibling as HTMLElement;
    const links = within(next).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent('January 17, 2030');
    const url = new URL(links[1].getAttribute('href')!, 'https://app.example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({ package: 'p1', date: '2030-01-17', time: '13:00', lang: 'en' });
  });
});
