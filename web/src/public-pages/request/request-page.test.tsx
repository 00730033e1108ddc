// The appointment request page (/room-integration/:apiKey): the clinic's services, the spec's checks,
// the multipart request with its files, and one Idempotency-Key per request.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../testing/render';
import { AppointmentRequestPage } from './request-page';

describe('AppointmentRequestPage (room-integration/:apiKey)', { timeout: 20_000 }, () => {
  const PAGE = { organization: { name: 'Sunny Clinic', timeZone: 'America/New_York' }, services: [
    { id: 's1', name: 'Consultation', durationMinutes: 30, price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' },
    { id: 's2', name: 'Follow-up', durationMinutes: 15, price: 0, priceMinor: 0, priceCents: 0, currency: 'jpy' },
  ] };
  const open = () => renderRoutes([{ path: '/room-integration/:apiKey', element: <AppointmentRequestPage apiKey="pk_clinic_key_123" /> }], '/room-integration/pk_clinic_key_123');

  it('names the clinic, checks the fields with the spec messages and sends nothing while they are wrong', async () => {
    const calls = mockApi({ 'GET /api/public/appointments/pk_clinic_key_123': { status: 200, body: { message: 'OK', data: PAGE } } });
    const { user } = open();
    expect(await screen.findByText(/Sunny Clinic/)).toBeInTheDocument();
    // Each service with its price in the clinic's currency (yen have no decimals); a free one by its name only.
    expect(within(screen.getByLabelText('Appointment type')).getByRole('option', { name: 'Consultation · ¥5,000' })).toHaveValue('Consultation');
    expect(within(screen.getByLabelText('Appointment type')).getByRole('option', { name: 'Follow-up' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.type(screen.getByLabelText(/^Phone number/), '555');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number (e.g., +1234567890)')).toBeInTheDocument();
    expect(screen.getByText('Booking date is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a file over 2 MB before sending, then sends the form as multipart with the apiKey', async () => {
    const calls = mockApi({
      'GET /api/public/appointments/pk_clinic_key_123': { status: 200, body: { message: 'OK', data: PAGE } },
      'POST /api/public/appointments/book-custom': { status: 201, body: { message: 'Thank you. Your appointment request was sent; we emailed you a confirmation.', data: { id: 'x' } } },
    });
    const { user } = open();
    await screen.findByText(/Sunny Clinic/);
    await user.type(screen.getByLabelText(/^First name/), 'Vera');
    await user.type(screen.getByLabelText(/^Last name/), 'Visitor');
    await user.type(screen.getByLabelText(/^Email/), 'vera@example.com');
    await user.type(screen.getByLabelText(/^Phone number/), '+15557654321');
    fireEvent.change(screen.getByLabelText(/^Booking date/), { target: { value: '2030-01-15' } });
    fireEvent.change(screen.getByLabelText(/^Booking time/), { target: { value: '09:30' } });
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'referral.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Debtor referral document'), big);
    expect(await screen.findByText('Debtor referral document is too large (at most 2 MB).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(screen.getByText('Debtor referral document is too large (at most 2 MB).')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.upload(screen.getByLabelText('Debtor referral document'), new File(['%PDF-1.4'], 'referral.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you. Your appointment request was sent; we emailed you a confirmation.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent.get('organizationApiKey')).toBe('pk_clinic_key_123');
    expect(sent.get('firstName')).toBe('Vera');
    expect(sent.get('bookingDate')).toBe('2030-01-15');
    expect((sent.get('debtorReferralDocument') as File).name).toBe('referral.pdf');
    expect(sent.get('insuranceCardImage')).toBeNull();
  });

  it('sends a retry of the same request with the same Idempotency-Key, and the next request with a new one', async () => {
    let tries = 0;
    const calls = mockApi({
      'GET /api/public/appointments/pk_clinic_key_123': { status: 200, body: { message: 'OK', data: PAGE } },
      'POST /api/public/appointments/book-custom': () =>
        ++tries === 1
          ? { status: 503, body: { message: 'This is taking longer than it should. Please try again in a moment.' } }
          : { status: 201, body: { message: 'Thank you. Your appointment request was sent; we emailed you a confirmation.', data: { id: 'x' } } },
    });
    const { user } = open();
    await screen.findByText(/Sunny Clinic/);
    const fill = async () => {
      await user.type(screen.getByLabelText(/^First name/), 'Vera');
      await user.type(screen.getByLabelText(/^Last name/), 'Visitor');
      await user.type(screen.getByLabelText(/^Email/), 'vera@example.com');
      await user.type(screen.getByLabelText(/^Phone number/), '+15557654321');
      fireEvent.change(screen.getByLabelText(/^Booking date/), { target: { value: '2030-01-15' } });
      fireEvent.change(screen.getByLabelText(/^Booking time/), { target: { value: '09:30' } });
    };
    await fill();
    await user.upload(screen.getByLabelText('Debtor referral document'), new File(['%PDF-1.4'], 'referral.pdf', { type: 'application/pdf', lastModified: 1 }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is taking longer than it should. Please try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you. Your appointment request was sent; we emailed you a confirmation.')).toBeInTheDocument();
    const keys = () => calls.filter((c) => c.method === 'POST').map((c) => c.headers['idempotency-key']);
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()[1]).toBe(keys()[0]);

    await fill();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('says so when the link is not a clinic\'s', async () => {
    mockApi({ 'GET /api/public/appointments/pk_clinic_key_123': { status: 404, body: { message: 'This appointment page is not available. Please check the link.' } } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This appointment page is not available. Please check the link.');
  });
});
