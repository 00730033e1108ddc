import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, testChallenge } from '../../testing/render';
import { BookingPage } from './booking-page';
import { checkoutNavigation } from '../../lib/checkout';
import { CONFIRMATION_POLL, GAVE_UP_TEXT } from './confirmation';

const PACKAGES = [
  { id: 'p1', packageName: 'Consultation', packagePrice: 49.5, packagePriceCents: 4950, packageDescription: 'A first visit.', isActive: true },
  { id: 'p2', packageName: 'Follow-up', packagePrice: 25, packagePriceCents: 2500, packageDescription: '', isActive: true },
];

const day = (date: string) => ({
  date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, clinicName: 'Sunrise Clinic',
  slots: [
    { time: '09:00', startUtc: `${date}T14:00:00.000Z`, label: '9:00 AM EST', remaining: 1 },
    { time: '10:00', startUtc: `${date}T15:00:00.000Z`, label: '10:00 AM EST', remaining: 1 },
  ],
});

/** Every date asked for has free times (the month view marks them all). */
function allFree(body: { from: string; days: number }) {
  const start = Date.parse(`${body.from}T00:00:00Z`);
  const days = Array.from({ length: body.days }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), free: 2 }));
  return { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days } } };
}

function answers(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => ({ status: 200, body: { message: 'OK', data: day((body as { date: string }).date) } }),
    'POST /api/bookings/available-days': (body) => allFree(body as { from: string; days: number }),
    ...extra,
  });
}

/** create-booking's answer: the hold, its checkout and its release token. */
const HELD = {
  checkoutUrl: 'https://checkout.example.com/cs_1', bookingId: 'b1', releaseToken: 'tok_b1_'.padEnd(43, 'x'), holdExpiresAt: '2099-01-01T00:10:00.000Z',
  bookingDate: '2030-01-15', bookingTime: '10:00', timeZone: 'America/New_York', startUtc: '2030-01-15T15:00:00.000Z', packageName: 'Consultation',
  practitionerId: null, practitionerName: null, amountMinor: 4950, currency: 'usd',
};

/** Chooses the month view's first free day (the only way to choose a date); its date. */
async function firstFreeDay(user: ReturnType<typeof open>['user']): Promise<string> {
  const button = await waitFor(() => {
    const found = document.querySelector<HTMLButtonElement>('button[data-date]:not([disabled])');
    expect(found).not.toBeNull();
    return found!;
  });
  await user.click(button);
  return button.dataset.date!;
}

/** The time button pressed, if any. */
const chosenTime = () => within(screen.getByLabelText('Available times')).queryByRole('button', { pressed: true });

const open = () => renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_clinic_key_123" /> }], '/booking/pk_clinic_key_123');

/** The form, once the clinic's packages have arrived (until then every control is disabled). */
async function ready() {
  const select = await screen.findByLabelText(/^Package/);
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

/** Fills the form: a package, the details, the first free day and its 10:00; the day chosen. */
async function fill(user: ReturnType<typeof open>['user']): Promise<string> {
  await user.selectOptions(await ready(), 'p1');
  await user.type(screen.getByLabelText(/^First Name/), 'Pat');
  await user.type(screen.getByLabelText(/^Last Name/), 'Visitor');
  await user.type(screen.getByLabelText(/^Email/), 'pat@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '+15551234567');
  const date = await firstFreeDay(user);
  await user.click(await screen.findByRole('button', { name: '10:00 AM EST' }));
  return date;
}

describe('BookingPage (public)', () => {
  it('is titled Booking; choosing a package shows its details card with the price in dollars', async () => {
    answers();
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'Booking' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Booking'));
    const select = await ready();
    // The clinic's name, which comes with its day.
    expect(await screen.findByText('Sunrise Clinic')).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'Select Package' })).toHaveValue('');
    expect(screen.queryByLabelText('Package details')).not.toBeInTheDocument();
    await user.selectOptions(select, 'p1');
    const card = screen.getByLabelText('Package details');
    expect(card).toHaveTextContent('Consultation');
    expect(card).toHaveTextContent('$49.50');
    expect(card).toHaveTextContent('A first visit.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('lists the spec messages above the form and scrolls to the top when the form is incomplete', async () => {
    answers();
    const scroll = vi.spyOn(window, 'scrollTo');
    const { user } = open();
    // Continue is disabled until the packages arrive: a click before then would do nothing.
    await ready();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const list = await screen.findByRole('alert', { name: 'Please correct these fields' });
    for (const message of ['Please select a package', 'First name is required', 'Last name is required', 'Invalid email address', 'Invalid phone number (e.g., +1234567890)', 'Booking date is required', 'Booking time is required']) {
      expect(within(list).getByText(message)).toBeInTheDocument();
    }
    expect(scroll).toHaveBeenCalled();
    // Screen readers hear which fields are required and which are wrong; the month view, where the
    // date is chosen, is described by the list.
    for (const label of [/^Package/, /^First Name/, /^Email/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByRole('region', { name: 'Free days' })).toHaveAttribute('aria-describedby', list.id);
    // No raw date or time field: the month view and the time buttons are the only way to choose.
    expect(screen.queryByLabelText(/^Booking Date/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Booking Time/)).not.toBeInTheDocument();
    expect(document.querySelector('input[type="date"], input[type="time"]')).toBeNull();
  });

  it('offers the free times of the day chosen in the month view in the clinic zone; a time button chooses the time', async () => {
    const calls = answers();
    const { user } = open();
    await user.selectOptions(await ready(), 'p2');
    const date = await firstFreeDay(user);
    const times = await screen.findByLabelText('Available times');
    // The section shows a spinner until the chosen day's times arrive.
    expect(await within(times).findByText('Available times (Eastern Standard Time)')).toBeInTheDocument();
    await user.click(within(times).getByRole('button', { name: '9:00 AM EST' }));
    expect(chosenTime()).toHaveTextContent('9:00 AM EST');
    expect(screen.getByText("In the clinic's time: Eastern Standard Time (America/New_York).")).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/bookings/available-slots' && (c.body as { date: string; packageId?: string }).date === date && (c.body as { packageId?: string }).packageId === 'p2')).toBe(true);
  });

  it('on success goes to the checkout in this tab (issue 34), with the toast and the message, and keeps the hold and the form for the way back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = answers();
    const fetchStub = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const base = fetchStub.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    fetchStub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
      if (url.endsWith('/bookings/create-booking')) {
        calls.push({ method: 'POST', path: '/api/bookings/create-booking', body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, headers: {} });
        await gate;
        return new Response(JSON.stringify({ message: 'Please complete the payment to confirm booking', data: HELD }), { status: 201 });
      }
      return base(input, init);
    });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const openSpy = vi.spyOn(window, 'open');
    const { user } = open();
    const date = await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Please wait while we redirect you to the payment page')).toBeInTheDocument();
    expect(screen.getByText('Please complete the payment to confirm booking')).toBeInTheDocument();
    expect(go).toHaveBeenCalledWith('https://checkout.example.com/cs_1');
    expect(openSpy).not.toHaveBeenCalled();
    const sent = calls.find((c) => c.path === '/api/bookings/create-booking')!.body;
    expect(sent).toEqual({ apiKey: 'pk_clinic_key_123', packageId: 'p1', firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: date, bookingTime: '10:00', locale: 'en' });
    // Kept for the way back: the hold in this browser, the form in this tab.
    expect(JSON.parse(localStorage.getItem('clinic.booking.hold.pk_clinic_key_123')!)).toMatchObject({ bookingId: 'b1', releaseToken: HELD.releaseToken, checkoutUrl: HELD.checkoutUrl });
    expect(JSON.parse(sessionStorage.getItem('clinic.booking.form.pk_clinic_key_123')!).values).toMatchObject({ firstName: 'Pat', email: 'pat@example.com', bookingTime: '10:00' });
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Pat');
  });

  it('checks the connection in the background from the first input on, with one status line; Continue waits for the check and sends it with the booking', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = answers({
      'GET /api/public/challenge': async (_body, url) => {
        // The first check is held back, as on a slow phone; the next ones (after the booking) are not.
        if (calls.filter((c) => c.path === '/api/public/challenge').length === 1) await gate;
        expect(url.searchParams.get('page')).toBe('booking');
        expect(url.searchParams.get('apiKey')).toBe('pk_clinic_key_123');
        return { status: 200, body: { message: 'OK', data: await testChallenge(40) } };
      },
      'POST /api/bookings/create-booking': { status: 201, body: { message: 'Please complete the payment to confirm booking', data: HELD } },
    });
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = open();
    // Nothing while the page starts (a phone's main thread is busiest then): the check waits for the visitor's first input.
    await ready();
    expect(calls.filter((c) => c.path === '/api/public/challenge')).toEqual([]);
    expect(document.querySelector('.challenge-status[role="status"]')).toHaveAttribute('data-state', 'idle');
    // The first touch (here on the package list) starts it.
    await user.click(await ready());
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your connection...');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    // Not sent until the check is done.
    expect(calls.filter((c) => c.path === '/api/bookings/create-booking')).toEqual([]);
    release();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/bookings/create-booking')).toHaveLength(1));
    const header = calls.find((c) => c.path === '/api/bookings/create-booking')!.headers['x-challenge'];
    const { challenge, solution } = JSON.parse(atob(header.replace(/-/g, '+').replace(/_/g, '/')));
    expect(challenge.parameters.data).toBeUndefined(); // the test challenge is unsigned: what matters is the solution
    expect(solution.counter).toBe(40);
    // The next booking gets a check of its own, started at once.
    // Done, it says nothing (issue 34): no 'Connection checked.' under the button.
    await waitFor(() => expect(document.querySelector('.challenge-status[role="status"]')).toHaveAttribute('data-state', 'ready'));
    expect(document.querySelector('.challenge-status')).toHaveTextContent(/^$/);
    expect(screen.queryByText('Connection checked.')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/public/challenge')).toHaveLength(2);
  });

  it('starts the check for a key pressed before the page was taken over (its listener comes with the effects, after the first render)', async () => {
    const calls = answers({ 'GET /api/public/challenge': async () => ({ status: 200, body: { message: 'OK', data: await testChallenge(40) } }) });
    // A keyboard visitor tabs on the prerendered page while its script still renders.
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    open();
    await ready();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/public/challenge')).toHaveLength(1));
  });

  it("shows the server's message at the top when the time was just taken, and the day's free times without it", async () => {
    let taken = false;
    answers({
      'POST /api/bookings/create-booking': () => ((taken = true), { status: 409, body: { message: 'Sorry, that time was just taken. Please choose another time.' } }),
      'POST /api/bookings/available-slots': (body) => {
        const free = day((body as { date: string }).date);
        return { status: 200, body: { message: 'OK', data: taken ? { ...free, slots: free.slots.filter((s) => s.time !== '10:00') } : free } };
      },
    });
    const scroll = vi.spyOn(window, 'scrollTo');
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // By its text: the time, unchosen once the day is read again, is listed as required beside it.
    expect(await screen.findByText('Sorry, that time was just taken. Please choose another time.')).toHaveAttribute('role', 'alert');
    expect(scroll).toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Pat');
    // The day is read again: the taken time goes (unchosen), the next free time is there to choose.
    await waitFor(() => expect(screen.queryByRole('button', { name: '10:00 AM EST' })).toBeNull());
    expect(screen.getByRole('button', { name: '9:00 AM EST' })).toBeInTheDocument();
    expect(chosenTime()).toBeNull();
  });

  it('shows a field error from the server once, in the list above the form; a failure without a message shows the fallback', async () => {
    const taken = 'That time is not offered. Please choose one of the available times.';
    let tries = 0;
    answers({
      'POST /api/bookings/create-booking': () =>
        ++tries === 1 ? { status: 400, body: { message: taken, errors: { bookingTime: taken } } } : { status: 500, body: { message: 'Internal Server Error' } },
    });
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert', { name: 'Please correct these fields' });
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Available times' })).toHaveAttribute('aria-describedby', 'booking-errors');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The booking could not be made. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });

  it('sends the same Idempotency-Key when the visitor retries the same booking, and a new one for another', async () => {
    let tries = 0;
    const calls = answers({
      'POST /api/bookings/create-booking': () =>
        ++tries === 1
          ? { status: 503, body: { message: 'This is taking longer than it should. Please try again in a moment.' } }
          : { status: 201, body: { message: 'Please complete the payment to confirm booking', data: HELD } },
      'POST /api/bookings/release-hold': { status: 200, body: { message: 'OK', data: { outcome: 'released' } } },
    });
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is taking longer than it should. Please try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please complete the payment to confirm booking')).toBeInTheDocument();
    const keys = () => calls.filter((c) => c.path === '/api/bookings/create-booking').map((c) => c.headers['idempotency-key']);
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()[1]).toBe(keys()[0]);

    // Answered: the next booking, even the same one again, is a new one (the form is kept for the way back).
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('says so when the booking page key is unknown', async () => {
    mockApi({ 'POST /api/bookings/available-packages': { status: 404, body: { message: 'This booking page is not available. Please check the link.' } } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking page is not available. Please check the link.');
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 25: practitioners, the month view, preselection by the address, the confirmation after paying.

const PRACTITIONERS = [
  { id: 'pr_ana', name: 'Dr Ana Ruiz', title: 'Physiotherapist' },
  { id: 'pr_ben', name: 'Ben Okafor', title: 'Osteopath' },
];
const WITH_PRACTITIONERS = [
  { ...PACKAGES[0], durationMinutes: 45, practitioners: PRACTITIONERS },
  { ...PACKAGES[1], durationMinutes: 30, practitioners: [] },
];

/**
 * Free times on even days of the month, none on odd ones: the month view's marks. Every day of this
 * month is free, so the page stays on it (a month without free times moves the view to the next).
 */
function freeDays(body: { from: string; days: number }) {
  const start = Date.parse(`${body.from}T00:00:00Z`);
  const days = Array.from({ length: body.days }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { date, free: Number(date.slice(8)) % 2 === 0 || date < `${nextMonth().month}-01` ? 3 : 0 };
  });
  return { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days } } };
}

function practitionerAnswers(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: WITH_PRACTITIONERS } },
    'POST /api/bookings/available-slots': (body) => ({ status: 200, body: { message: 'OK', data: day((body as { date: string }).date) } }),
    'POST /api/bookings/available-days': (body) => freeDays(body as { from: string; days: number }),
    'POST /api/bookings/create-booking': {
      status: 201,
      body: { message: 'Please complete the payment to confirm booking', data: { checkoutUrl: 'https://checkout.example.com/cs_2', bookingId: 'b2', practitionerId: 'pr_ana', practitionerName: 'Dr Ana Ruiz' } },
    },
    ...extra,
  });
}

/** 'YYYY-MM' of next month in the clinic's zone (the month view starts at the clinic's today). */
function nextMonth() {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 1));
  return { month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`, name: d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }), year: d.getUTCFullYear() };
}

const dayButton = (month: string, dayOfMonth: number) => document.querySelector<HTMLButtonElement>(`[data-date="${month}-${String(dayOfMonth).padStart(2, '0')}"]`)!;

async function toNextMonth(user: ReturnType<typeof open>['user']) {
  const next = nextMonth();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  await screen.findByRole('heading', { name: `${next.name} ${next.year}` });
  // The marks arrive with the month's answer.
  await waitFor(() => expect(dayButton(next.month, 2)).toBeEnabled());
  return next;
}

async function details(user: ReturnType<typeof open>['user']) {
  await user.type(screen.getByLabelText(/^First Name/), 'Pat');
  await user.type(screen.getByLabelText(/^Last Name/), 'Visitor');
  await user.type(screen.getByLabelText(/^Email/), 'pat@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '+15551234567');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('BookingPage: practitioners and the month view', () => {
  it('books with a chosen practitioner: their free days, a day, a time, details, and the practitioner sent', async () => {
    const calls = practitionerAnswers();
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = open();
    await user.selectOptions(await ready(), 'p1');
    expect(screen.getByLabelText('Package details')).toHaveTextContent('45 minutes');

    const who = screen.getByRole('group', { name: 'Practitioner' });
    expect(within(who).getByRole('radio', { name: /Anyone available/ })).toBeChecked();
    await user.click(within(who).getByRole('radio', { name: /Dr Ana Ruiz/ }));
    expect(within(who).getByRole('radio', { name: /Dr Ana Ruiz\s*Physiotherapist/ })).toBeChecked();

    const next = await toNextMonth(user);
    const daysCall = calls.filter((c) => c.path === '/api/bookings/available-days').pop()!;
    expect(daysCall.body).toMatchObject({ apiKey: 'pk_clinic_key_123', packageId: 'p1', practitionerId: 'pr_ana', from: `${next.month}-01` });

    await user.click(dayButton(next.month, 4));
    expect(dayButton(next.month, 4)).toHaveAttribute('aria-pressed', 'true');
    await user.click(await within(screen.getByLabelText('Available times')).findByRole('button', { name: '9:00 AM EST' }));
    expect(chosenTime()).toHaveTextContent('9:00 AM EST');
    const slotsCall = calls.filter((c) => c.path === '/api/bookings/available-slots').pop()!;
    expect(slotsCall.body).toEqual({ apiKey: 'pk_clinic_key_123', date: `${next.month}-04`, packageId: 'p1', practitionerId: 'pr_ana' });

    await details(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please complete the payment to confirm booking')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/bookings/create-booking')!.body;
    expect(sent).toMatchObject({ packageId: 'p1', practitionerId: 'pr_ana', bookingDate: `${next.month}-04`, bookingTime: '09:00' });
  });

  it("books 'anyone': the calls say 'any'", async () => {
    const calls = practitionerAnswers();
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = open();
    await user.selectOptions(await ready(), 'p1');
    const next = await toNextMonth(user);
    expect(calls.filter((c) => c.path === '/api/bookings/available-days').pop()!.body).toMatchObject({ practitionerId: 'any' });
    await user.click(dayButton(next.month, 6));
    await user.click(await screen.findByRole('button', { name: '10:00 AM EST' }));
    await details(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Please complete the payment to confirm booking');
    expect(calls.find((c) => c.path === '/api/bookings/create-booking')!.body).toMatchObject({ practitionerId: 'any', bookingDate: `${next.month}-06`, bookingTime: '10:00' });
  });

  it('clears the chosen time when the visitor changes who they book with (their free times differ)', async () => {
    const calls = practitionerAnswers();
    const { user } = open();
    await user.selectOptions(await ready(), 'p1');
    const next = await toNextMonth(user);
    await user.click(dayButton(next.month, 2));
    await user.click(await screen.findByRole('button', { name: '10:00 AM EST' }));
    expect(chosenTime()).toHaveTextContent('10:00 AM EST');
    await user.click(screen.getByRole('radio', { name: /Ben Okafor/ }));
    await screen.findByRole('button', { name: '10:00 AM EST' });
    expect(chosenTime()).toBeNull();
    expect(dayButton(next.month, 2)).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings/available-slots' && (c.body as { practitionerId?: string }).practitionerId === 'pr_ben')).toBe(true));
  });

  it('keeps a clinic-wide package as before: no practitioner to choose, and none sent', async () => {
    const calls = practitionerAnswers();
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = open();
    await user.selectOptions(await ready(), 'p2');
    expect(screen.queryByRole('group', { name: 'Practitioner' })).not.toBeInTheDocument();
    const next = await toNextMonth(user);
    expect(calls.filter((c) => c.path === '/api/bookings/available-days').pop()!.body).not.toHaveProperty('practitionerId');
    await user.click(dayButton(next.month, 8));
    await user.click(await screen.findByRole('button', { name: '9:00 AM EST' }));
    await details(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Please complete the payment to confirm booking');
    const sent = calls.find((c) => c.path === '/api/bookings/create-booking')!.body;
    expect(sent).toEqual({ apiKey: 'pk_clinic_key_123', packageId: 'p2', firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: `${next.month}-08`, bookingTime: '09:00', locale: 'en' });
    expect(calls.filter((c) => c.path === '/api/bookings/available-slots').every((c) => !('practitionerId' in (c.body as object)))).toBe(true);
  });

  it('marks the days with free times and disables the others; Previous stops at this month; arrow keys move between free days', async () => {
    practitionerAnswers();
    const { user } = open();
    await ready();
    // Before a package, no day can be chosen.
    expect(screen.getByText('Choose a package to see its free days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Package/), 'p2');
    const next = await toNextMonth(user);

    const second = dayButton(next.month, 2);
    expect(second).toHaveAccessibleName(new RegExp(`^\\w+day, ${next.name} 2: 3 free times$`));
    expect(dayButton(next.month, 3)).toBeDisabled();
    expect(dayButton(next.month, 3)).toHaveAccessibleName(new RegExp(`^\\w+day, ${next.name} 3: no free times$`));
    // One tab stop in the grid: the first free day.
    expect(second).toHaveAttribute('tabindex', '0');
    expect(dayButton(next.month, 4)).toHaveAttribute('tabindex', '-1');

    second.focus();
    await user.keyboard('{ArrowRight}');
    expect(dayButton(next.month, 4)).toHaveFocus();
    // Down a week from the 4th is the 11th (no free times): the next free day that way, the 18th.
    await user.keyboard('{ArrowDown}');
    expect(dayButton(next.month, 18)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(dayButton(next.month, 18)).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled());
  });

  it('moves on from a month without free times, and says so when the next has none either', async () => {
    practitionerAnswers({
      'POST /api/bookings/available-days': (body) => {
        const b = body as { from: string; days: number };
        const out = freeDays(b);
        (out.body.data.days as { free: number }[]).forEach((d) => (d.free = 0));
        return out;
      },
    });
    const { user } = open();
    await user.selectOptions(await ready(), 'p2');
    // This month has none: the view moves on to the next by itself, and says that one has none either.
    const next = nextMonth();
    expect(await screen.findByText(`No free times in ${next.name} ${next.year}. Please try the next month.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${next.name} ${next.year}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });

  it('preselects the package and practitioner named in the address', async () => {
    window.history.replaceState(null, '', '/booking/pk_clinic_key_123?package=p1&practitioner=pr_ben');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const calls = practitionerAnswers({
      'POST /api/bookings/available-packages': async () => (await held, { status: 200, body: { message: 'OK', data: WITH_PRACTITIONERS } }),
    });
    open();
    // Until the package's card is in, what follows it is hidden (it moves when the card comes: no visible shift).
    const below = screen.getByRole('region', { name: 'Free days', hidden: true }).parentElement!;
    expect(below).toHaveClass('invisible');
    release();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Package/ })).toHaveValue('p1'));
    expect(below).not.toHaveClass('invisible');
    expect(screen.getByRole('radio', { name: /Ben Okafor/ })).toBeChecked();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings/available-days' && (c.body as { practitionerId?: string }).practitionerId === 'pr_ben')).toBe(true));
  });

  it('a practitioner alone in the address picks the one package they offer', async () => {
    window.history.replaceState(null, '', '/booking/pk_clinic_key_123?practitioner=pr_ana');
    practitionerAnswers();
    open();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Package/ })).toHaveValue('p1'));
    expect(screen.getByRole('radio', { name: /Dr Ana Ruiz/ })).toBeChecked();
  });

  it("a waitlist offer's link chooses its day (the month view on its month) and its time; a time the day no longer offers is unchosen", async () => {
    const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    window.history.replaceState(null, '', `/booking/pk_clinic_key_123?package=p2&date=${date}&time=10:00`);
    answers();
    const first = open();
    await waitFor(() => expect(chosenTime()).toHaveTextContent('10:00 AM'));
    expect(screen.getByRole('combobox', { name: /^Package/ })).toHaveValue('p2');
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    expect(screen.getByRole('heading', { name: monthName })).toBeInTheDocument();
    first.unmount();

    // Another patient booked it first: the day's free times show, none chosen.
    window.history.replaceState(null, '', `/booking/pk_clinic_key_123?package=p2&date=${date}&time=11:00`);
    answers();
    open();
    await screen.findByRole('button', { name: '10:00 AM EST' });
    expect(chosenTime()).toBeNull();
  });
});

const CONFIRMED = {
  status: 'confirmed', packageName: 'Consultation', bookingTimeLabel: 'Tuesday, January 15, 2030 at 10:00 AM EST', date: '2030-01-15', time: '10:00',
  timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', durationMinutes: 45, practitionerName: 'Dr Ana Ruiz',
  clinic: { name: 'Sunrise Clinic', phoneNumber: '+15550001111', address: '1 Main Street' },
  manageUrl: 'https://app.example.com/manage#tok', ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
};

const backFromCheckout = () => window.history.replaceState(null, '', '/booking/pk_clinic_key_123?payment=success&session_id=cs_test_abc');

describe('BookingPage: the confirmation after paying', () => {
  it('shows what, when, who and where, adds to the calendar, and links to manage the booking', async () => {
    backFromCheckout();
    const calls = mockApi({
      'POST /api/bookings/available-slots': (body) => ({ status: 200, body: { message: 'OK', data: day((body as { date: string }).date) } }),
      'POST /api/bookings/confirmation': { status: 200, body: { message: 'OK', data: CONFIRMED } },
    });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:ics'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = open();

    expect(await screen.findByRole('heading', { name: 'Your booking is confirmed' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/bookings/confirmation')!.body).toEqual({ apiKey: 'pk_clinic_key_123', sessionId: 'cs_test_abc' });
    const screenEl = screen.getByRole('region', { name: 'Booking confirmation' });
    expect(screenEl).toHaveTextContent('WhatConsultation45 minutes');
    expect(screenEl).toHaveTextContent('WhenTuesday, January 15, 2030 at 10:00 AM EST');
    expect(screenEl).toHaveTextContent('WithDr Ana Ruiz');
    expect(screenEl).toHaveTextContent('WhereSunrise Clinic1 Main Street+15550001111');
    expect(within(screenEl).getByRole('link', { name: '+15550001111' })).toHaveAttribute('href', 'tel:+15550001111');
    expect(within(screenEl).getByRole('link', { name: '+15550001111' })).toHaveAttribute('dir', 'ltr');
    expect(within(screenEl).getByRole('link', { name: 'Manage your booking' })).toHaveAttribute('href', 'https://app.example.com/manage#tok');
    // No form (and no package list) after paying.
    expect(screen.queryByRole('form', { name: 'Booking' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/bookings/available-packages')).toBe(false);

    await user.click(within(screenEl).getByRole('button', { name: 'Add to calendar' }));
    expect(created).toHaveLength(1);
    expect(await created[0].text()).toBe(CONFIRMED.ics);
    expect(created[0].type).toBe('text/calendar;charset=utf-8');
    const link = click.mock.instances[0] as HTMLAnchorElement;
    expect(link.download).toBe('booking.ics');
    expect(link.getAttribute('href')).toBe('blob:ics');
  });

  it('asks again while the payment is pending, and shows the booking once it is confirmed', async () => {
    backFromCheckout();
    const saved = { ...CONFIRMATION_POLL };
    CONFIRMATION_POLL.intervalMs = 20;
    try {
      let asked = 0;
      mockApi({
        'POST /api/bookings/confirmation': () => ({ status: 200, body: { message: 'OK', data: ++asked < 3 ? { ...CONFIRMED, status: 'pending', manageUrl: undefined, ics: undefined } : CONFIRMED } }),
      });
      open();
      expect(await screen.findByText(/We are confirming your booking/)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Your booking is confirmed' })).toBeInTheDocument();
      expect(asked).toBe(3);
    } finally {
      Object.assign(CONFIRMATION_POLL, saved);
    }
  });

  it('stops asking after the limit and says the confirmation will follow by email', async () => {
    backFromCheckout();
    const saved = { ...CONFIRMATION_POLL };
    Object.assign(CONFIRMATION_POLL, { intervalMs: 20, limitMs: 100 });
    try {
      let asked = 0;
      mockApi({ 'POST /api/bookings/confirmation': () => (asked++, { status: 200, body: { message: 'OK', data: { ...CONFIRMED, status: 'pending' } } }) });
      open();
      expect(await screen.findByText(GAVE_UP_TEXT)).toBeInTheDocument();
      const count = asked;
      expect(count).toBeGreaterThan(1);
      expect(count).toBeLessThanOrEqual(6);
      await act(() => new Promise((r) => setTimeout(r, 100)));
      expect(asked).toBe(count);
    } finally {
      Object.assign(CONFIRMATION_POLL, saved);
    }
  });

  it('says so when the checkout expired, and when the session is unknown', async () => {
    backFromCheckout();
    mockApi({ 'POST /api/bookings/confirmation': { status: 200, body: { message: 'OK', data: { ...CONFIRMED, status: 'expired', manageUrl: undefined, ics: undefined } } } });
    const first = open();
    expect(await screen.findByText(/This checkout has expired, so no booking was made/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'choose a time again' })).toHaveAttribute('href', '/booking/pk_clinic_key_123');
    first.unmount();

    mockApi({ 'POST /api/bookings/confirmation': { status: 404, body: { message: 'We could not find this booking. Please check your email for the confirmation.' } } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this booking. Please check your email for the confirmation.');
  });
});
