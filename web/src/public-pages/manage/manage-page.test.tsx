import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/messages/de.json';
import { mockApi, renderRoutes } from '../../testing/render';
import { ManagePage } from './manage-page';

const TOKEN = 'a'.repeat(43);
const view = (extra: object = {}) => ({
  kind: 'booking', bookingId: 'b1', orgName: 'Sunny Clinic', clinicPhone: null, clinicAddress: null, practitionerName: null, packageName: 'Consultation', firstName: 'Pat', status: 'confirmed', paymentStatus: 'paid', bookingDate: '2030-01-15',
  bookingTime: '09:00', whenLabel: 'Tuesday, January 15, 2030 at 9:00 AM EST', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', durationMinutes: 60,
  amountPaidCents: 4950, refundedCents: null, changeableUntil: '2030-01-14T14:00:00.000Z', canChange: true, cutoffHours: 24, refundOnCancelCents: 4950, currency: 'usd',
  clinicRegion: 'US', bookingPage: 'pk_clinic_key_123', packageId: 'p1', practitionerId: null, practitioners: [], ...extra,
});

/** A day's free times (each with its instant: 14:00 UTC is 9:00 in New York in January). */
const freeDay = (date: string, times: [string, string][]) => ({
  status: 200,
  body: {
    message: 'OK',
    data: { date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, slots: times.map(([time, label]) => ({ time, label, startUtc: `${date}T${String(Number(time.slice(0, 2)) + 5).padStart(2, '0')}:${time.slice(3)}:00.000Z`, endUtc: '', remaining: 1 })) },
  },
});

/** The month view's free days: every date but the 20th. */
function freeDays(body: unknown) {
  const { from, days } = body as { from: string; days: number };
  const start = Date.parse(`${from}T00:00:00Z`);
  const list = Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10)).map((date) => ({ date, free: date.endsWith('-20') ? 0 : 2 }));
  return { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days: list } } };
}

const dayButton = (date: string) => document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;

function render(answers: Parameters<typeof mockApi>[0]) {
  window.location.hash = `#${TOKEN}`;
  const calls = mockApi(answers);
  return { ...renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage'), calls };
}

describe('manage page', { timeout: 20_000 }, () => {
  it('shows the booking from the token in the fragment and cancels with the refund the policy gives', async () => {
    const { user, calls } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view() } },
      'POST /api/public/manage/cancel': { status: 200, body: { message: 'Your booking is cancelled.', data: view({ status: 'cancelled', canChange: false, refundedCents: null }) } },
    });
    expect(await screen.findByText('Tuesday, January 15, 2030 at 9:00 AM EST')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ token: TOKEN });
    expect(screen.getByText(/Cancelling refunds \$49\.50\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByText(/\$49\.50 is refunded to your card/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your booking is cancelled.')).toBeInTheDocument();
    expect(screen.getByText('This booking is cancelled.')).toBeInTheDocument();
  });

  it('says what was paid, what is due at the visit and the fees agreed, in the patient\'s language', async () => {
    const deposit = { mode: 'deposit', dueNowMinor: 1000, dueAtVisitMinor: 3950, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 24 };
    mockApi({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view({ amountPaidCents: 1000, paymentPolicy: deposit }) } } });
    window.location.hash = `#${TOKEN}`;
    const first = renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage');
    const payment = await screen.findByTestId('manage-payment');
    expect(payment).toHaveTextContent('Paid by card: $10.00');
    expect(payment).toHaveTextContent('To pay at the clinic: $39.50');
    expect(payment).toHaveTextContent('Please cancel at least 24 hours before the visit.');
    first.unmount();

    // A card held for fees, read in German: nothing paid online, the card and what it may be charged.
    const card = { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 4950, noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, cancellationWindowHours: 48 };
    mockApi({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view({ amountPaidCents: null, refundOnCancelCents: 0, currency: 'eur', clinicRegion: 'DE', paymentPolicy: card, card: { brand: 'visa', last4: '4242' } }) } } });
    renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage', {}, { locale: 'de', messages: de });
    const german = await screen.findByTestId('manage-payment');
    expect(german).toHaveTextContent(/49,50\s€/);
    expect(german).toHaveTextContent('4242');
    expect(german).toHaveTextContent(/25,00\s€/);
    expect(german).toHaveTextContent(/15,00\s€/);
    expect(german).toHaveTextContent('48');
    expect(german).not.toHaveTextContent('Paid');
  });

  it('says nothing is due at the clinic once the booking is cancelled or refunded: after cancelling, and on opening the link again', async () => {
    // €120.50 with a 30 % deposit: €36.15 paid, €84.35 at the clinic while it goes ahead.
    const deposit = { mode: 'deposit', dueNowMinor: 3615, dueAtVisitMinor: 8435, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 24 };
    const booked = { currency: 'eur', clinicRegion: 'IE', amountPaidCents: 3615, refundOnCancelCents: 3615, paymentPolicy: deposit };
    const cancelled = view({ ...booked, status: 'cancelled', paymentStatus: 'refunded', refundedCents: 3615, canChange: false, refundOnCancelCents: 0 });
    const { user } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view(booked) } },
      'POST /api/public/manage/cancel': { status: 200, body: { message: 'Your booking is cancelled.', data: cancelled } },
    });
    const before = await screen.findByTestId('manage-payment');
    expect(before).toHaveTextContent('To pay at the clinic: €84.35');
    expect(before).toHaveTextContent('Please cancel at least 24 hours before the visit.');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your booking is cancelled.')).toBeInTheDocument();
    const after = screen.getByTestId('manage-payment');
    expect(after).toHaveTextContent('Paid by card: €36.15');
    expect(after).not.toHaveTextContent('To pay at the clinic');
    expect(after).not.toHaveTextContent('Please cancel');
    expect(screen.getByText(/€36\.15 was refunded\./)).toBeInTheDocument();
    cleanup();

    // The link opened again (a reload), and a card held for fees: the card, and no amount, fee or window.
    const card = { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 12050, noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, cancellationWindowHours: 48 };
    const withCard = view({ ...cancelled, paymentStatus: 'unpaid', amountPaidCents: null, refundedCents: null, paymentPolicy: card, card: { brand: 'visa', last4: '4242' } });
    for (const data of [cancelled, withCard]) {
      const page = render({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data } } });
      const payment = await screen.findByTestId('manage-payment');
      expect(screen.getByText(/This booking is cancelled\./)).toBeInTheDocument();
      expect(payment).not.toHaveTextContent('To pay at the clinic');
      expect(payment).not.toHaveTextContent('Please cancel');
      expect(payment).not.toHaveTextContent('may be charged');
      if (data === withCard) expect(payment).toHaveTextContent('Nothing is paid online.Card held: Visa ending in 4242');
      page.unmount();
    }
  });

  it('reschedules through the month view (free days marked) and the time buttons, and shows a refusal', async () => {
    let tries = 0;
    const { user, calls } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view() } },
      'POST /api/public/manage/days': freeDays,
      'POST /api/public/manage/slots': (body) => freeDay((body as { date: string }).date, [['09:00', '9:00 AM EST'], ['14:00', '2:00 PM EST']]),
      'POST /api/public/manage/reschedule': () =>
        ++tries === 1
          ? { status: 409, body: { message: 'That time is full. Please choose another time.' } }
          : { status: 200, body: { message: 'Your booking is moved to Wednesday, January 16, 2030 at 2:00 PM EST.', data: view({ bookingDate: '2030-01-16', bookingTime: '14:00', whenLabel: 'Wednesday, January 16, 2030 at 2:00 PM EST' }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    // The month view opens on the booking's month and day, its free days marked; no raw date field.
    const month = await screen.findByRole('region', { name: 'Free days' });
    expect(within(month).getByRole('heading', { name: 'January 2030' })).toBeInTheDocument();
    await waitFor(() => expect(dayButton('2030-01-16')).toBeEnabled());
    expect(dayButton('2030-01-15')).toHaveAttribute('aria-pressed', 'true');
    expect(dayButton('2030-01-20')).toBeDisabled();
    expect(document.querySelector('input[type="date"], input[type="time"]')).toBeNull();
    expect(calls.find((c) => c.path === '/api/public/manage/days')!.body).toEqual({ token: TOKEN, from: '2030-01-01', days: 31 });
    // Its own time is not offered on its own day.
    const times = () => screen.getByRole('region', { name: 'Free times' });
    expect(await within(await screen.findByRole('region', { name: 'Free times' })).findByRole('button', { name: '2:00 PM EST' })).toBeInTheDocument();
    expect(within(times()).queryByRole('button', { name: '9:00 AM EST' })).not.toBeInTheDocument();
    // Another day: its times.
    await user.click(dayButton('2030-01-16'));
    await user.click(await within(await screen.findByRole('region', { name: 'Free times' })).findByRole('button', { name: '2:00 PM EST' }));
    expect(within(times()).getByRole('button', { name: '2:00 PM EST' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Move my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That time is full. Please choose another time.');
    await user.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(screen.getByTestId('manage-when')).toHaveTextContent('2:00 PM EST'));
    expect(calls.filter((c) => c.path === '/api/public/manage/reschedule')[0].body).toEqual({ token: TOKEN, bookingDate: '2030-01-16', bookingTime: '14:00' });
  });

  it('offers the package practitioners when rescheduling: their free days and times, and the one chosen sent', async () => {
    const practitioners = [
      { id: 'pr_ana', name: 'Dr Ana Ruiz', title: 'Physiotherapist' },
      { id: 'pr_ben', name: 'Ben Okafor', title: 'Osteopath' },
    ];
    const { user, calls } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view({ practitionerId: 'pr_ana', practitionerName: 'Dr Ana Ruiz', practitioners }) } },
      'POST /api/public/manage/days': freeDays,
      'POST /api/public/manage/slots': (body) => freeDay((body as { date: string }).date, [['14:00', '2:00 PM EST']]),
      'POST /api/public/manage/reschedule': { status: 200, body: { message: 'Your booking is moved.', data: view({ bookingTime: '14:00', practitionerId: 'pr_ben', practitionerName: 'Ben Okafor', practitioners }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const who = await screen.findByRole('group', { name: 'Practitioner' });
    // The booking's own practitioner first, chosen; nothing names a practitioner until another is chosen.
    expect(within(who).getByRole('radio', { name: /Dr Ana Ruiz/ })).toBeChecked();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/public/manage/days')).toBe(true));
    expect(calls.find((c) => c.path === '/api/public/manage/days')!.body).not.toHaveProperty('practitionerId');
    await user.click(within(who).getByRole('radio', { name: /Ben Okafor/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/public/manage/days').pop()!.body).toMatchObject({ practitionerId: 'pr_ben' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/public/manage/slots').pop()!.body).toEqual({ token: TOKEN, date: '2030-01-15', practitionerId: 'pr_ben' }));
    await user.click(await within(await screen.findByRole('region', { name: 'Free times' })).findByRole('button', { name: '2:00 PM EST' }));
    await user.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(screen.getByTestId('manage-with')).toHaveTextContent('with Ben Okafor'));
    expect(calls.find((c) => c.path === '/api/public/manage/reschedule')!.body).toEqual({ token: TOKEN, bookingDate: '2030-01-15', bookingTime: '14:00', practitionerId: 'pr_ben' });
  });

  it('offers Book again after a cancellation: the booking page with the same package and language', async () => {
    const { user } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view() } },
      'POST /api/public/manage/cancel': { status: 200, body: { message: 'Your booking is cancelled.', data: view({ status: 'cancelled', canChange: false }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect(screen.queryByRole('link', { name: 'Book again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking/pk_clinic_key_123?package=p1&lang=en');
  });

  it('offers an appointment cancel only', async () => {
    render({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view({ kind: 'appointment', packageName: 'Appointment', durationMinutes: null, paymentStatus: null, amountPaidCents: null, refundOnCancelCents: 0 }) } } });
    expect(await screen.findByRole('heading', { name: 'Your appointment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('says so when the link is unknown or expired', async () => {
    render({ 'POST /api/public/manage/booking': { status: 404, body: { message: 'This link is not valid or has expired. Please contact the clinic.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired. Please contact the clinic.');
  });

  it('goes back from Reschedule and switches between rescheduling and cancelling', async () => {
    const { user } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view() } },
      'POST /api/public/manage/days': freeDays,
      'POST /api/public/manage/slots': (body) => freeDay((body as { date: string }).date, [['14:00', '2:00 PM EST']]),
    });
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('form', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Keep my time' }));
    expect(screen.queryByRole('form', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toHaveAttribute('aria-pressed', 'false');

    // From one to the other without going back first.
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.queryByRole('form', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, cancel it' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(screen.queryByRole('button', { name: 'Yes, cancel it' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '2:00 PM EST' })).toBeInTheDocument();
  });

  it('shows the practitioner, and the clinic phone (a tel: link) and address, most of all after the cutoff', async () => {
    render({
      'POST /api/public/manage/booking': {
        status: 200,
        body: { message: 'OK', data: view({ canChange: false, practitionerName: 'Dr Ana Ruiz', clinicPhone: '+1 (555) 123-4567', clinicAddress: '12 River Road\nSpringfield, IL 62701' }) },
      },
    });
    expect(await screen.findByTestId('manage-with')).toHaveTextContent('with Dr Ana Ruiz');
    expect(screen.getByText(/Online changes were possible until 24 hours before the start\. Please contact Sunny Clinic at/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    const contact = screen.getByRole('group', { name: 'Contact Sunny Clinic' });
    expect(contact).toHaveTextContent('12 River Road');
    expect(contact).toHaveTextContent('Springfield, IL 62701');
    for (const link of screen.getAllByRole('link', { name: '+1 (555) 123-4567' })) expect(link).toHaveAttribute('href', 'tel:+15551234567');
    expect(screen.getAllByRole('link', { name: '+1 (555) 123-4567' })).toHaveLength(2);
  });

  it('keeps the old wording when there is no practitioner, phone or address', async () => {
    render({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view({ canChange: false }) } } });
    expect(await screen.findByText('Online changes were possible until 24 hours before the start. Please contact Sunny Clinic.')).toBeInTheDocument();
    expect(screen.queryByTestId('manage-with')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
