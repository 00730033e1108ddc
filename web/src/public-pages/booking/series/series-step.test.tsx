// The booking page's series step (issue 37.1): a package that allows a series offers "Repeat this visit"
// once a time is chosen (a package that does not, nothing); the preview's visits are listed, a taken week
// with its alternatives and left out until one is picked; the total and what is paid now follow the
// visits as chosen; Continue sends the series (not a single booking) with the picked time, and opens its
// course Checkout. In English, and in Arabic (right to left).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { checkoutNavigation } from '../../../lib/checkout';
import { applyToDocument } from '../../../i18n/i18n';
import en from '../../../i18n/messages/en.json';
import ar from '../../../i18n/messages/ar.json';
import { BookingPage } from '../booking-page';

const base = { packagePrice: 50, packagePriceCents: 5000, currency: 'usd', packageDescription: '', isActive: true, durationMinutes: 60, seriesPayment: 'course', seriesMaxVisits: 6 };
const PACKAGES = [
  { ...base, id: 'p1', packageName: 'Physiotherapy', allowSeries: true },
  { ...base, id: 'p2', packageName: 'Single visit', allowSeries: false },
];
const ZONE = 'America/New_York';
const visit = (number: number, date: string, status: 'free' | 'taken', alternatives: { date: string; time: string; label: string }[] = []) => ({
  number, date, time: '09:00', startUtc: `${date}T14:00:00.000Z`, label: `${date} 9:00 AM EST`, status, practitionerIds: [],
  alternatives: alternatives.map((a) => ({ ...a, startUtc: `${a.date}T15:00:00.000Z`, practitionerIds: [] })),
});
function preview(count: number) {
  const dates = ['2030-01-15', '2030-01-22', '2030-01-29', '2030-02-05', '2030-02-12', '2030-02-19'].slice(0, count);
  const visits = dates.map((d, i) => (i === 1 ? visit(2, d, 'taken', [{ date: d, time: '10:00', label: `${d} 10:00 AM EST` }, { date: '2030-01-23', time: '09:00', label: '2030-01-23 9:00 AM EST' }]) : visit(i + 1, d, 'free')));
  return {
    timeZone: ZONE, packageName: 'Physiotherapy', visits, free: count - 1, conflicts: 1, seriesPayment: 'course', maxVisits: 6, currency: 'usd',
    visitPolicy: { mode: 'full', dueNowMinor: 5000, dueAtVisitMinor: 0, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null },
  };
}
const HELD = {
  seriesId: 's1', status: 'held', checkoutUrl: 'https://checkout.example.com/cs_series', holdExpiresAt: '2099-01-01T00:10:00.000Z', amountMinor: 20_000, currency: 'usd',
  packageName: 'Physiotherapy', timeZone: ZONE, releaseToken: 'tok'.padEnd(43, 'x'),
  visits: [{ bookingId: 'v1', bookingDate: '2030-01-15', bookingTime: '09:00', startUtc: '2030-01-15T14:00:00.000Z', practitionerName: null }],
};

function answers() {
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => {
      const { date } = body as { date: string };
      return { status: 200, body: { message: 'OK', data: { date, timeZone: ZONE, timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, clinicName: 'Sunrise Clinic', slots: [{ time: '09:00', startUtc: `${date}T14:00:00.000Z`, endUtc: `${date}T15:00:00.000Z`, label: '9:00 AM EST', remaining: 1 }] } } };
    },
    'POST /api/bookings/available-days': (body) => {
      const { from, days } = body as { from: string; days: number };
      const start = Date.parse(`${from}T00:00:00Z`);
      return { status: 200, body: { message: 'OK', data: { timeZone: ZONE, timeZoneName: 'Eastern Standard Time', days: Array.from({ length: days }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), free: 1 })) } } };
    },
    'POST /api/bookings/preview-patient-series': (body) => ({ status: 200, body: { message: 'OK', data: preview((body as { count: number }).count) } }),
    'POST /api/bookings/create-patient-series': { status: 201, body: { message: 'Please complete the payment to confirm your series.', data: HELD } },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

async function chooseTime(m: Record<string, string>, user: ReturnType<typeof renderRoutes>['user'], packageId: string) {
  const select = await screen.findByLabelText(new RegExp(`^${m['booking.package']}`));
  await waitFor(() => expect(select).toBeEnabled());
  await user.selectOptions(select, packageId);
  const free = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('button[data-date]:not([disabled])');
    expect(button).not.toBeNull();
    return button!;
  });
  await user.click(free);
  await user.click(await screen.findByRole('button', { name: /^9:00/ }));
}

describe('the series step', { timeout: 30_000 }, () => {
  it('lists a taken week with its alternatives, the total follows the pick, and Continue books the series with it', async () => {
    applyToDocument('en');
    const calls = answers();
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_key" /> }], '/booking/pk_key', {}, { locale: 'en', messages: en });
    // A package that does not allow a series offers none.
    await chooseTime(en, user, 'p2');
    expect(screen.queryByRole('checkbox', { name: 'Repeat this visit' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: /^Package/ }), 'p1');
    await user.click(await screen.findByRole('button', { name: /^9:00/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Repeat this visit' }));
    const step = screen.getByTestId('series-step');
    const rows = await within(step).findAllByTestId('series-visit');
    expect(rows).toHaveLength(4);
    expect(calls.find((c) => c.path === '/api/bookings/preview-patient-series')!.body).toMatchObject({ apiKey: 'pk_key', packageId: 'p1', time: '09:00', everyWeeks: 1, count: 4 });
    // Week 2: taken, its two alternatives and "leave out" (chosen until the patient picks).
    const taken = rows[1];
    expect(within(taken).getByText(/This time is taken/)).toBeInTheDocument();
    const radios = within(taken).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(taken).getByLabelText('Leave this visit out')).toBeChecked();
    const cost = within(step).getByTestId('series-cost');
    expect(cost).toHaveTextContent('3 visits: $150.00 in total');
    expect(cost).toHaveTextContent('To pay now by card for the whole course: 3 × $50.00 = $150.00');

    await user.click(within(taken).getByLabelText('2030-01-22 10:00 AM EST'));
    expect(cost).toHaveTextContent('4 visits: $200.00 in total');
    expect(cost).toHaveTextContent('4 × $50.00 = $200.00');

    await user.type(screen.getByLabelText(/^First Name/), 'Pat');
    await user.type(screen.getByLabelText(/^Last Name/), 'Course');
    await user.type(screen.getByLabelText(/^Email/), 'pat@example.com');
    await user.type(screen.getByLabelText(/^Phone Number/), '+15551234567');
    await user.click(screen.getByRole('button', { name: en['booking.continue'] }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(HELD.checkoutUrl));
    expect(calls.some((c) => c.path === '/api/bookings/create-booking')).toBe(false);
    expect(calls.find((c) => c.path === '/api/bookings/create-patient-series')!.body).toMatchObject({
      apiKey: 'pk_key', packageId: 'p1', time: '09:00', everyWeeks: 1, count: 4, firstName: 'Pat', locale: 'en',
      visits: [{ date: '2030-01-15', time: '09:00' }, { date: '2030-01-22', time: '10:00' }, { date: '2030-01-29', time: '09:00' }, { date: '2030-02-05', time: '09:00' }],
    });
    // Kept for the way back: its first visit names the hold the cancel address gives back.
    expect(JSON.parse(window.localStorage.getItem('clinic.booking.hold.pk_key')!)).toMatchObject({ bookingId: 'v1', releaseToken: HELD.releaseToken });
  });

  it('in Arabic, right to left: another number of visits asks the preview again', async () => {
    applyToDocument('ar');
    const calls = answers();
    const m = ar as Record<string, string>;
    const { user } = renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_key" /> }], '/booking/pk_key', {}, { locale: 'ar', messages: ar });
    await chooseTime(m, user, 'p1');
    await user.click(await screen.findByRole('checkbox', { name: m['series.repeat'] }));
    expect(document.documentElement.dir).toBe('rtl');
    const step = screen.getByTestId('series-step');
    expect(await within(step).findAllByTestId('series-visit')).toHaveLength(4);
    await user.selectOptions(within(step).getByLabelText(m['series.count']), '6');
    await waitFor(() => expect(within(step).getAllByTestId('series-visit')).toHaveLength(6));
    expect(calls.filter((c) => c.path === '/api/bookings/preview-patient-series').map((c) => (c.body as { count: number }).count)).toEqual([4, 6]);
    expect(within(step).getAllByText(m['series.leaveOut'])).toHaveLength(1);
  });
});
