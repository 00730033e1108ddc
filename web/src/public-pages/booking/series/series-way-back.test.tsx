// A series on its way back from Checkout (issue 37.1): the series step comes back as the patient sent it
// (ticked, its rule, its count and the alternative picked for a taken week), so the form's own Continue
// asks the same series again: it resumes the series' hold waiting for payment (the back button), or,
// the hold given back at Checkout's cancel address, books the same series again (never one visit). What
// the page says speaks of the visits, not of one booking: the cancel notice (English and Arabic) and the
// confirmation's heading, which counts them.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { checkoutNavigation } from '../../../lib/checkout';
import { applyToDocument, type Messages } from '../../../i18n/i18n';
import en from '../../../i18n/messages/en.json';
import ar from '../../../i18n/messages/ar.json';
import { BookingPage } from '../booking-page';
import { Confirmed } from '../confirmation';
import { requestOf, type PendingHold, type SavedForm } from '../pending-hold';

const KEY = 'pk_series_back';
const ZONE = 'America/New_York';
const PACKAGES = [{ id: 'p1', packageName: 'Physiotherapy', packagePrice: 50, packagePriceCents: 5000, currency: 'usd', packageDescription: '', isActive: true, durationMinutes: 60, allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 6 }];
const free = (number: number, date: string) => ({ number, date, time: '09:00', startUtc: `${date}T14:00:00.000Z`, label: `${date} 9:00 AM EST`, status: 'free', practitionerIds: [], alternatives: [] });
/** Every 2 weeks, 3 visits: the second one's time taken, two free times that week instead. */
const PREVIEW = {
  timeZone: ZONE, packageName: 'Physiotherapy', free: 2, conflicts: 1, seriesPayment: 'course', maxVisits: 6, currency: 'usd',
  visitPolicy: { mode: 'full', dueNowMinor: 5000, dueAtVisitMinor: 0, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null },
  visits: [
    free(1, '2030-01-15'),
    {
      ...free(2, '2030-01-29'), status: 'taken',
      alternatives: [
        { date: '2030-01-29', time: '10:00', label: '2030-01-29 10:00 AM EST', startUtc: '2030-01-29T15:00:00.000Z', practitionerIds: [] },
        { date: '2030-01-30', time: '09:00', label: '2030-01-30 9:00 AM EST', startUtc: '2030-01-30T14:00:00.000Z', practitionerIds: [] },
      ],
    },
    free(3, '2030-02-12'),
  ],
};
const VALUES = { packageId: 'p1', firstName: 'Rita', lastName: 'Course', email: 'rita@example.com', phoneNumber: '+15552223333', bookingDate: '2030-01-15', bookingTime: '09:00' };
/** What the patient sent: every 2 weeks, 3 visits, the second one moved to the next day's 9:00. */
const PLAN = { everyWeeks: 2, count: 3, visits: [{ date: '2030-01-15', time: '09:00' }, { date: '2030-01-30', time: '09:00' }, { date: '2030-02-12', time: '09:00' }] };
const HOLD: PendingHold = {
  bookingId: 'v1', releaseToken: 'tok-v1', checkoutUrl: 'https://checkout.example.com/cs_series', holdExpiresAt: new Date(Date.now() + 8 * 60_000).toISOString(),
  packageName: 'Physiotherapy', startUtc: '2030-01-15T14:00:00.000Z', timeZone: ZONE, request: requestOf(VALUES) + JSON.stringify(PLAN),
  series: { startsUtc: ['2030-01-15T14:00:00.000Z', '2030-01-30T14:00:00.000Z', '2030-02-12T14:00:00.000Z'], everyWeeks: 2 },
};
const AGAIN = {
  seriesId: 's2', status: 'held', checkoutUrl: 'https://checkout.example.com/cs_series_2', holdExpiresAt: '2099-01-01T00:10:00.000Z', amountMinor: 15_000, currency: 'usd',
  packageName: 'Physiotherapy', timeZone: ZONE, releaseToken: 'tok-v9',
  visits: [{ bookingId: 'v9', bookingDate: '2030-01-15', bookingTime: '09:00', startUtc: '2030-01-15T14:00:00.000Z', practitionerName: null }],
};

/** `held`: the first visit's 9:00 is held for this patient (until given back), so the day lists only 10:00 as free. */
function answers(options: { held?: boolean } = {}) {
  let held = options.held ?? false;
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => {
      const { date } = body as { date: string };
      const slots = [{ time: '09:00', startUtc: `${date}T14:00:00.000Z`, endUtc: `${date}T15:00:00.000Z`, label: '9:00 AM EST', remaining: 1 }, { time: '10:00', startUtc: `${date}T15:00:00.000Z`, endUtc: `${date}T16:00:00.000Z`, label: '10:00 AM EST', remaining: 1 }];
      return { status: 200, body: { message: 'OK', data: { date, timeZone: ZONE, timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, clinicName: 'Sunrise Clinic', slots: held && date === VALUES.bookingDate ? slots.slice(1) : slots } } };
    },
    'POST /api/bookings/available-days': { status: 200, body: { message: 'OK', data: { timeZone: ZONE, timeZoneName: 'Eastern Standard Time', days: [] } } },
    'POST /api/bookings/preview-patient-series': { status: 200, body: { message: 'OK', data: PREVIEW } },
    'POST /api/bookings/release-hold': () => {
      held = false;
      return { status: 200, body: { message: 'OK', data: { outcome: 'released' } } };
    },
    'POST /api/bookings/create-patient-series': { status: 201, body: { message: 'Please complete the payment to confirm your series.', data: AGAIN } },
    'POST /api/bookings/create-booking': { status: 500, body: { message: 'A single visit must not be booked here' } },
  });
}

/** The page as Checkout (or the back button) brings the patient back to it, with what this tab kept for the series. */
function backAt(search: string, language?: { locale: 'ar'; messages: Messages }) {
  localStorage.setItem(`clinic.booking.hold.${KEY}`, JSON.stringify(HOLD));
  const form: SavedForm = { values: VALUES, practitioner: 'any', series: PLAN };
  sessionStorage.setItem(`clinic.booking.form.${KEY}`, JSON.stringify(form));
  window.history.replaceState(null, '', `/booking/${KEY}${search}`);
  return renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey={KEY} /> }], `/booking/${KEY}`, {}, language ?? { locale: 'en', messages: en });
}

/**
 * The series step as it was sent: ticked, every 2 weeks, 3 visits; its hold waiting, each visit held for
 * the patient (the preview would list them as taken: it cannot tell whose hold they are); given back,
 * the preview's visits with week 2's alternative picked again.
 */
async function expectStepAsSent(m: Record<string, string>, holdWaiting = false) {
  const repeat = await screen.findByRole('checkbox', { name: m['series.repeat'] });
  await waitFor(() => expect(repeat).toBeChecked());
  const step = screen.getByTestId('series-step');
  expect(within(step).getByLabelText(m['series.every'])).toHaveValue('2');
  expect(within(step).getByLabelText(m['series.count'])).toHaveValue('3');
  const rows = await within(step).findAllByTestId('series-visit');
  expect(rows).toHaveLength(3);
  if (holdWaiting) {
    expect(rows.map((r) => r.textContent)).toEqual([/Jan(uary)? 15/, /Jan(uary)? 30/, /Feb(ruary)? 12/].map((day, i) => expect.stringMatching(new RegExp(`^${m['series.visit'].replace('{number}', String(i + 1))}.*${day.source}.*${m['series.held']}$`))));
    expect(within(step).queryAllByRole('radio')).toEqual([]);
  } else expect(within(rows[1]).getAllByRole('radio')[1]).toBeChecked();
  expect(await within(step).findByTestId('series-cost')).toHaveTextContent(/^(3 visits: \$150\.00 in total|.*[3٣].*)/);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const continueButton = (m: Record<string, string>) => screen.getByRole('button', { name: m['booking.continue'] });
const sent = (calls: ReturnType<typeof answers>) => calls.filter((c) => /create-booking|create-patient-series|release-hold/.test(c.path)).map((c) => c.path.replace('/api/bookings/', ''));

describe('a series back from Checkout', { timeout: 20_000 }, () => {
  it('the back button: the series step is as sent, and the form\'s Continue resumes the series\' own checkout (nothing new held, nothing given back)', async () => {
    const calls = answers({ held: true });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = backAt('');
    expect(await screen.findByRole('region', { name: 'Booking waiting for payment' })).toHaveTextContent(/^Your 3 visits of Physiotherapy, from Tue, January 15 at 9:00 AM to /);
    await expectStepAsSent(en, true);
    // The first visit's time stays chosen, though the day no longer lists it as free (it is held for this patient).
    expect(screen.getByRole('button', { name: '9:00 AM EST' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue('rita@example.com'));

    await user.click(continueButton(en));
    await waitFor(() => expect(go).toHaveBeenCalledWith(HOLD.checkoutUrl));
    expect(sent(calls)).toEqual([]);
  });

  it("Checkout's cancel address: the series given back, the notice speaks of the series, and Continue books the same series again (not one visit)", async () => {
    const calls = answers({ held: true });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = backAt('?payment=cancelled&booking=v1&release=tok-v1');
    expect(await screen.findByText(en['booking.paymentCancelledSeries'])).toBeInTheDocument();
    expect(screen.queryByText(en['booking.paymentCancelled'])).toBeNull();
    await waitFor(() => expect(localStorage.getItem(`clinic.booking.hold.${KEY}`)).toBeNull());
    await expectStepAsSent(en);
    // The time stays chosen, and the day's free times are read again once it is given back (9:00 free again).
    expect(screen.getByRole('button', { name: '9:00 AM EST' })).toHaveAttribute('aria-pressed', 'true');
    // The month view shows the chosen day's month (the cancel address has no date to preselect).
    expect(document.querySelector('button[data-date="2030-01-15"]')).not.toBeNull();
    const release = calls.findIndex((c) => c.path === '/api/bookings/release-hold');
    await waitFor(() => expect(calls.slice(release).some((c) => c.path === '/api/bookings/available-slots')).toBe(true));

    await user.click(continueButton(en));
    await waitFor(() => expect(go).toHaveBeenCalledWith(AGAIN.checkoutUrl));
    expect(sent(calls)).toEqual(['release-hold', 'create-patient-series']);
    expect(calls.find((c) => c.path === '/api/bookings/create-patient-series')!.body).toMatchObject({ apiKey: KEY, packageId: 'p1', startDate: '2030-01-15', time: '09:00', ...PLAN, email: 'rita@example.com' });
    // Kept again for the next way back, with its plan.
    expect(JSON.parse(sessionStorage.getItem(`clinic.booking.form.${KEY}`)!)).toMatchObject({ series: PLAN });
  });

  it('in Arabic, right to left: the cancel notice speaks of the series and the step is as sent', async () => {
    applyToDocument('ar');
    answers();
    backAt('?payment=cancelled&booking=v1&release=tok-v1', { locale: 'ar', messages: ar });
    expect(await screen.findByText('لم تكتمل عملية الدفع، لذا لم يتم حجز سلسلة زياراتك. يمكنك اختيار المواعيد مرة أخرى أدناه.')).toBeInTheDocument();
    expect(screen.queryByText(ar['booking.paymentCancelled'])).toBeNull();
    expect(document.documentElement.dir).toBe('rtl');
    await expectStepAsSent(ar);
  });
});

const visit = (date: string, status: 'confirmed' | 'expired' = 'confirmed') => ({ date, time: '09:00', startUtc: `${date}T14:00:00.000Z`, bookingTimeLabel: `${date} at 9:00 AM EST`, practitionerName: null, status });
const CONFIRMED = {
  status: 'confirmed' as const, packageName: 'Physiotherapy', bookingTimeLabel: 'Tuesday, January 15, 2030 at 9:00 AM EST', date: '2030-01-15', time: '09:00',
  timeZone: ZONE, timeZoneName: 'Eastern Standard Time', durationMinutes: 60, practitionerName: null, currency: 'usd', clinic: { name: 'Sunrise Clinic', phoneNumber: null, address: null },
};
const SERIES = { seriesId: 's1', visits: [visit('2030-01-15'), visit('2030-01-22'), visit('2030-01-29'), visit('2030-02-05'), visit('2030-02-12', 'expired')] };

describe("the confirmation's heading", () => {
  it('counts a series\' booked visits (a visit not booked is not counted); one booking keeps its own', () => {
    const { unmount } = renderRoutes([{ path: '/', element: <Confirmed c={{ ...CONFIRMED, series: SERIES } as never} /> }], '/');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Your 4 visits are booked$/);
    unmount();
    renderRoutes([{ path: '/', element: <Confirmed c={CONFIRMED as never} /> }], '/');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Your booking is confirmed$/);
  });

  it('in Arabic, with its plural forms', () => {
    applyToDocument('ar');
    const { unmount } = renderRoutes([{ path: '/', element: <Confirmed c={{ ...CONFIRMED, series: SERIES } as never} /> }], '/', {}, { locale: 'ar', messages: ar });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^تم حجز زياراتك \((4|٤) زيارات\)$/);
    unmount();
    renderRoutes([{ path: '/', element: <Confirmed c={{ ...CONFIRMED, series: { ...SERIES, visits: SERIES.visits.slice(0, 2) } } as never} /> }], '/', {}, { locale: 'ar', messages: ar });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('تم حجز زياراتك (زيارتان)');
  });
});
