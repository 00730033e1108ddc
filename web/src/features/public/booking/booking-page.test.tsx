import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { BookingPage } from './booking-page';

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

function answers(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => ({ status: 200, body: { message: 'OK', data: day((body as { date: string }).date) } }),
    ...extra,
  });
}

const open = () => renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_clinic_key_123" /> }], '/booking/pk_clinic_key_123');

/** The form, once the clinic's packages have arrived (until then every control is disabled). */
async function ready() {
  const select = await screen.findByLabelText(/^Package/);
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

async function fill(user: ReturnType<typeof open>['user']) {
  await user.selectOptions(await ready(), 'p1');
  await user.type(screen.getByLabelText(/^First Name/), 'Pat');
  await user.type(screen.getByLabelText(/^Last Name/), 'Visitor');
  await user.type(screen.getByLabelText(/^Email/), 'pat@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '+15551234567');
  fireEvent.change(screen.getByLabelText(/^Booking Date/), { target: { value: '2030-01-15' } });
  await user.click(await screen.findByRole('button', { name: '10:00 AM EST' }));
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
    // Screen readers hear which fields are required and which are wrong.
    for (const label of [/^Package/, /^First Name/, /^Email/, /^Booking Time/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('offers the free times of the chosen date in the clinic zone and fills the time input', async () => {
    const calls = answers();
    const { user } = open();
    await user.selectOptions(await ready(), 'p2');
    fireEvent.change(screen.getByLabelText(/^Booking Date/), { target: { value: '2030-01-15' } });
    const times = await screen.findByLabelText('Available times');
    // The section shows a spinner until the chosen day's times arrive.
    expect(await within(times).findByText('Available times (Eastern Standard Time)')).toBeInTheDocument();
    await user.click(within(times).getByRole('button', { name: '9:00 AM EST' }));
    expect(screen.getByLabelText(/^Booking Time/)).toHaveValue('09:00');
    expect(screen.getByText("In the clinic's time: Eastern Standard Time (America/New_York).")).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/bookings/available-slots' && (c.body as { date: string; packageId?: string }).date === '2030-01-15' && (c.body as { packageId?: string }).packageId === 'p2')).toBe(true);
  });

  it('on success opens the checkout in a new window, shows the toast and the message, and clears the form', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = answers();
    const fetchStub = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const base = fetchStub.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    fetchStub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/bookings/create-booking')) {
        calls.push({ method: 'POST', path: '/api/bookings/create-booking', body: JSON.parse(String(init?.body)), headers: {} });
        await gate;
        return new Response(JSON.stringify({ message: 'Please complete the payment to confirm booking', data: { checkoutUrl: 'https://checkout.example.com/cs_1', bookingId: 'b1' } }), { status: 201 });
      }
      return base(input, init);
    });
    const opened = { opener: {} as unknown };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(opened as Window);
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Please wait while we redirect you to the payment page')).toBeInTheDocument();
    expect(screen.getByText('Please complete the payment to confirm booking')).toBeInTheDocument();
    expect(openSpy).toHaveBeenCalledWith('https://checkout.example.com/cs_1', '_blank');
    expect(opened.opener).toBeNull();
    const sent = calls.find((c) => c.path === '/api/bookings/create-booking')!.body;
    expect(sent).toEqual({ apiKey: 'pk_clinic_key_123', packageId: 'p1', firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: '2030-01-15', bookingTime: '10:00' });
    await waitFor(() => expect(screen.getByLabelText(/^Package/)).toHaveValue(''));
    expect(screen.queryByLabelText('Package details')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it("shows the server's message at the top when the time was just taken", async () => {
    answers({ 'POST /api/bookings/create-booking': { status: 409, body: { message: 'Sorry, that time was just taken. Please choose another time.' } } });
    const scroll = vi.spyOn(window, 'scrollTo');
    const openSpy = vi.spyOn(window, 'open');
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that time was just taken. Please choose another time.');
    expect(scroll).toHaveBeenCalled();
    expect(openSpy).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Pat');
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
    expect(screen.getByLabelText(/^Booking Time/)).toHaveAttribute('aria-invalid', 'true');
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
          : { status: 201, body: { message: 'Please complete the payment to confirm booking', data: { checkoutUrl: 'https://checkout.example.com/cs_1', bookingId: 'b1' } } },
    });
    vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as unknown as Window);
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

    // Answered: the next booking, even the same one again, is a new one.
    await fill(user);
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
