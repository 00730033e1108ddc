import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { ManagePage } from './manage-page';

const TOKEN = 'a'.repeat(43);
const view = (extra: object = {}) => ({
  kind: 'booking', bookingId: 'b1', orgName: 'Sunny Clinic', clinicPhone: null, clinicAddress: null, practitionerName: null, packageName: 'Consultation', firstName: 'Pat', status: 'confirmed', paymentStatus: 'paid', bookingDate: '2030-01-15',
  bookingTime: '09:00', whenLabel: 'Tuesday, January 15, 2030 at 9:00 AM EST', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', durationMinutes: 60,
  amountPaidCents: 4950, refundedCents: null, changeableUntil: '2030-01-14T14:00:00.000Z', canChange: true, cutoffHours: 24, refundOnCancelCents: 4950, ...extra,
});

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
    expect(calls[0]!.body).toEqual({ token: TOKEN });
    expect(screen.getByText(/Cancelling refunds \$49\.50\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByText(/\$49\.50 is refunded to your card/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your booking is cancelled.')).toBeInTheDocument();
    expect(screen.getByText('This booking is cancelled.')).toBeInTheDocument();
  });

  it('reschedules to a free time and shows a refusal', async () => {
    let tries = 0;
    const { user, calls } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view() } },
      'POST /api/public/manage/slots': {
        status: 200,
        body: { message: 'OK', data: { date: '2030-01-15', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, slots: [{ time: '09:00', label: '9:00 AM EST' }, { time: '14:00', label: '2:00 PM EST' }] } },
      },
      'POST /api/public/manage/reschedule': () =>
        ++tries === 1
          ? { status: 409, body: { message: 'That time is full. Please choose another time.' } }
          : { status: 200, body: { message: 'Your booking is moved to Tuesday, January 15, 2030 at 2:00 PM EST.', data: view({ bookingTime: '14:00', whenLabel: 'Tuesday, January 15, 2030 at 2:00 PM EST' }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    // Its own time is not offered.
    expect(await screen.findByRole('radio', { name: '2:00 PM EST' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '9:00 AM EST' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2:00 PM EST' }));
    await user.click(screen.getByRole('button', { name: 'Move my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That time is full. Please choose another time.');
    await user.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(screen.getByTestId('manage-when')).toHaveTextContent('2:00 PM EST'));
    expect(calls.filter((c) => c.path === '/api/public/manage/reschedule')[0]!.body).toEqual({ token: TOKEN, bookingDate: '2030-01-15', bookingTime: '14:00' });
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
      'POST /api/public/manage/slots': {
        status: 200,
        body: { message: 'OK', data: { date: '2030-01-15', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, slots: [{ time: '14:00', label: '2:00 PM EST' }] } },
      },
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
    expect(await screen.findByRole('radio', { name: '2:00 PM EST' })).toBeInTheDocument();
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
