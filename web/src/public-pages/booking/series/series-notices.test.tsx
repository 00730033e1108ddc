// What the booking page says of a patient's series (issue 37.1) outside its step: the notice of a series
// waiting for payment (back from Checkout) names the whole series, its rule only when every visit keeps
// it, in English and in Arabic; the confirmation of a deposit course says its deposits and what is due at
// each visit, of a card-held series the card, and "Add to calendar" saves the series' file under its own
// name (a single booking's stays 'booking.ics').
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { applyToDocument, type Messages } from '../../../i18n/i18n';
import ar from '../../../i18n/messages/ar.json';
import { PendingHoldNotice } from '../pending-hold-notice';
import { Confirmed } from '../confirmation';
import { calendarFileName } from '../calendar-file';
import { seriesHold, type SeriesBooked } from './series-api';

const ZONE = 'America/New_York';
const held = (visits: [string, string][]): SeriesBooked => ({
  seriesId: 's1', status: 'held', checkoutUrl: 'https://checkout.example.com/cs_series', holdExpiresAt: '2030-01-14T15:10:00.000Z', amountMinor: 4000, currency: 'usd',
  packageName: 'Physiotherapy', timeZone: ZONE, releaseToken: 'tok',
  visits: visits.map(([date, startUtc], i) => ({ bookingId: `v${i + 1}`, bookingDate: date, bookingTime: '09:00', startUtc, practitionerName: null })),
});
// Across the spring clock change (March 9, 2030): 9:00 local is 14:00 UTC before it, 13:00 after.
const WEEKLY = held([['2030-03-05', '2030-03-05T14:00:00.000Z'], ['2030-03-12', '2030-03-12T13:00:00.000Z'], ['2030-03-19', '2030-03-19T13:00:00.000Z'], ['2030-03-26', '2030-03-26T13:00:00.000Z']]);

const notice = (booked: SeriesBooked, everyWeeks = 1, language?: { locale: 'ar'; messages: Messages }) =>
  renderRoutes([{ path: '/', element: <PendingHoldNotice state={{ kind: 'waiting', hold: seriesHold(booked, 'req', everyWeeks) }} onGiveUp={() => undefined} /> }], '/', {}, language);

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('a series waiting for payment', () => {
  it('is named whole: its number of visits, its rule and its first visit in the clinic\'s time, clock changes kept', () => {
    notice(WEEKLY);
    const region = screen.getByRole('region', { name: 'Booking waiting for payment' });
    expect(region).toHaveTextContent(/^Your 4 visits of Physiotherapy, every week from Tue, March 5 at 9:00 AM, are waiting for payment\. The times are kept for you until /);
    expect(within(region).getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });

  it('says its first and last visit, not a rule, when a visit was moved to another day', () => {
    notice(held([['2030-01-15', '2030-01-15T14:00:00.000Z'], ['2030-01-23', '2030-01-23T14:00:00.000Z'], ['2030-01-29', '2030-01-29T14:00:00.000Z']]));
    expect(screen.getByRole('region')).toHaveTextContent(/^Your 3 visits of Physiotherapy, from Tue, January 15 at 9:00 AM to Tue, January 29 at 9:00 AM, are waiting for payment\./);
  });

  it('every two weeks, in Arabic', () => {
    applyToDocument('ar');
    notice(held([['2030-01-15', '2030-01-15T14:00:00.000Z'], ['2030-01-29', '2030-01-29T14:00:00.000Z']]), 2, { locale: 'ar', messages: ar });
    const text = screen.getByRole('region').textContent ?? '';
    expect(text).toContain('زيارتان');
    expect(text).toContain('كل أسبوعين');
    expect(text).toContain('بانتظار الدفع');
    expect(document.documentElement.dir).toBe('rtl');
  });
});

const visit = (date: string, startUtc: string) => ({ date, time: '09:00', startUtc, bookingTimeLabel: `${date} at 9:00 AM EST`, practitionerName: null, status: 'confirmed' as const });
const CONFIRMED = {
  status: 'confirmed' as const, packageName: 'Physiotherapy', bookingTimeLabel: 'Tuesday, January 15, 2030 at 9:00 AM EST', date: '2030-01-15', time: '09:00',
  timeZone: ZONE, timeZoneName: 'Eastern Standard Time', durationMinutes: 60, practitionerName: null, currency: 'usd',
  clinic: { name: 'Sunrise Físio & Co.', phoneNumber: '+15550001111', address: '1 Main Street' }, ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  series: { seriesId: 's1', visits: [visit('2030-01-15', '2030-01-15T14:00:00.000Z'), visit('2030-01-22', '2030-01-22T14:00:00.000Z'), visit('2030-01-29', '2030-01-29T14:00:00.000Z'), visit('2030-02-05', '2030-02-05T14:00:00.000Z')] },
};
const policy = (mode: string, dueNowMinor: number, dueAtVisitMinor: number) => ({ mode, dueNowMinor, dueAtVisitMinor, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null });

describe('a series confirmed', () => {
  it('a deposit course: its deposits paid, what is due at each visit, and the calendar file named for the visits', async () => {
    const c = { ...CONFIRMED, paymentPolicy: policy('deposit', 1000, 4000), series: { ...CONFIRMED.series, paidMinor: 4000 } };
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (created.push(b), 'blob:ics')), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderRoutes([{ path: '/', element: <Confirmed c={c as never} /> }], '/');
    expect(screen.getByTestId('payment-summary')).toHaveTextContent('Paid by card: 4 deposits, $40.00 in totalTo pay at the clinic at each visit: $40.00');
    expect(screen.queryByText(/whole course/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(await created[0].text()).toBe(CONFIRMED.ics);
    expect((click.mock.instances[0] as HTMLAnchorElement).download).toBe('sunrise-fisio-co-visits.ics');
  });

  it('a card-held series: nothing paid online, each visit at the clinic, the card held', () => {
    const c = { ...CONFIRMED, paymentPolicy: { ...policy('card_on_file', 0, 5000), noShowFeeMinor: 3000 }, card: { brand: 'visa', last4: '4242' } };
    renderRoutes([{ path: '/', element: <Confirmed c={c as never} /> }], '/');
    expect(screen.getByTestId('payment-summary')).toHaveTextContent(
      'Nothing is paid online.To pay at the clinic at each visit: $50.00Card held: Visa ending in 4242If you do not come: a fee of $30.00 may be charged to your card.',
    );
  });
});

describe('the calendar file\'s name', () => {
  it('is booking.ics for one booking, the clinic\'s visits for a series, and visits.ics when the name has no Latin letters', () => {
    expect(calendarFileName('Sunrise Clinic', false)).toBe('booking.ics');
    expect(calendarFileName('  Clínica São Tomé — Fisioterapia ', true)).toBe('clinica-sao-tome-fisioterapia-visits.ics');
    expect(calendarFileName('عيادة الشفاء', true)).toBe('visits.ics');
  });
});
