// The booking page's intake step (issue 36): a package that asks one of the clinic's forms before booking
// shows its questions after the time and the details (loaded only then), refuses Continue while a
// required answer is missing (under its field, in the page's language), and sends the answers with the
// booking. In English and in Arabic (right to left).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/i18n/locales';
import { mockApi, renderRoutes } from '../../../testing/render';
import { checkoutNavigation } from '../../../lib/checkout';
import { applyToDocument, type Messages } from '../../../i18n/i18n';
import en from '../../../i18n/messages/en.json';
import ar from '../../../i18n/messages/ar.json';
import { BookingPage } from '../booking-page';

const PACKAGES = [
  { id: 'p1', packageName: 'First visit', packagePrice: 60, packagePriceCents: 6000, currency: 'usd', packageDescription: '', isActive: true, durationMinutes: 45, intakeFormId: 'f1', intakeTiming: 'before_booking' },
  { id: 'p2', packageName: 'Follow-up', packagePrice: 25, packagePriceCents: 2500, currency: 'usd', packageDescription: '', isActive: true, durationMinutes: 30, intakeFormId: 'f1', intakeTiming: 'by_mail' },
];
const FORM = {
  id: 'f1', organizationName: 'Sunrise Clinic', organizationLanguage: null, organizationBrand: { logoUrl: null, color: null }, organizationRegion: 'US', name: 'Health questionnaire', description: '',
  fields: [
    { id: 'allergies', name: 'allergies', label: 'Allergies', type: 'textarea', required: true },
    { id: 'consent', name: 'consent', label: 'I consent to treatment', type: 'checkbox', required: true },
  ],
  packages: [], packageId: null, redirectUrl: '', successMessage: '', submitButtonText: '', secondButtonText: '',
};
const HELD = {
  checkoutUrl: 'https://checkout.example.com/cs_1', bookingId: 'b1', releaseToken: 'tok_b1_'.padEnd(43, 'x'), holdExpiresAt: '2099-01-01T00:10:00.000Z',
  bookingDate: '2030-01-15', bookingTime: '09:00', timeZone: 'America/New_York', startUtc: '2030-01-15T14:00:00.000Z', packageName: 'First visit',
  practitionerId: null, practitionerName: null, amountMinor: 6000, currency: 'usd',
};

function answers() {
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => {
      const { date } = body as { date: string };
      return { status: 200, body: { message: 'OK', data: { date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 45, clinicName: 'Sunrise Clinic', slots: [{ time: '09:00', startUtc: `${date}T14:00:00.000Z`, endUtc: `${date}T14:45:00.000Z`, label: '9:00 AM EST', remaining: 1 }] } } };
    },
    'POST /api/bookings/available-days': (body) => {
      const { from, days } = body as { from: string; days: number };
      const start = Date.parse(`${from}T00:00:00Z`);
      return { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days: Array.from({ length: days }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), free: 1 })) } } };
    },
    'GET /api/leads/forms/f1': { status: 200, body: { message: 'OK', data: FORM } },
    'POST /api/bookings/create-booking': { status: 201, body: { message: 'Please complete the payment to confirm booking', data: HELD } },
  });
}

const CATALOGUES = { en, ar } as Record<'en' | 'ar', Record<string, string>>;

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe.each(['en', 'ar'] as const)('the intake step in %s', { timeout: 30_000 }, (locale: Locale & ('en' | 'ar')) => {
  const m = CATALOGUES[locale];
  it('asks the form after the details, refuses Continue without the required answers, then sends them with the booking', async () => {
    applyToDocument(locale);
    const calls = answers();
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user } = renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_key" /> }], '/booking/pk_key', {}, { locale, messages: m as Messages });
    const select = await screen.findByLabelText(new RegExp(`^${m['booking.package']}`));
    await waitFor(() => expect(select).toBeEnabled());
    // A package asking by mail shows no step, and its form is not even fetched.
    await user.selectOptions(select, 'p2');
    expect(screen.queryByTestId('intake-step')).toBeNull();
    expect(calls.some((c) => c.path === '/api/leads/forms/f1')).toBe(false);

    await user.selectOptions(select, 'p1');
    const step = await screen.findByTestId('intake-step');
    expect(within(step).getByRole('heading', { name: `${m['intake.title']}: Health questionnaire` })).toBeInTheDocument();
    if (locale === 'ar') expect(document.documentElement.dir).toBe('rtl');
    // After the details, before Continue.
    const cont = screen.getByRole('button', { name: m['booking.continue'] });
    expect(screen.getByLabelText(new RegExp(`^${m['booking.phone']}`)).compareDocumentPosition(step) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(step.compareDocumentPosition(cont) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(screen.getByLabelText(new RegExp(`^${m['booking.firstName']}`)), 'Pat');
    await user.type(screen.getByLabelText(new RegExp(`^${m['booking.lastName']}`)), 'Visitor');
    await user.type(screen.getByLabelText(new RegExp(`^${m['booking.email']}`)), 'pat@example.com');
    await user.type(screen.getByLabelText(new RegExp(`^${m['booking.phone']}`)), '+15551234567');
    const free = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('button[data-date]:not([disabled])');
      expect(button).not.toBeNull();
      return button!;
    });
    await user.click(free);
    // 9:00 in the page's clock ('9:00 AM', '9:00 ص').
    await user.click(await screen.findByRole('button', { name: /^9:00/ }));

    // Missing answers: each field says so in the page's language, and nothing is sent.
    await user.click(cont);
    const required = m['formRule.required'].replace('{label}', 'Allergies');
    expect(await within(step).findByText(required)).toBeInTheDocument();
    expect(within(step).getByLabelText(/^Allergies/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/bookings/create-booking')).toBe(false);

    await user.type(within(step).getByLabelText(/^Allergies/), 'Penicillin');
    await user.click(within(step).getByLabelText(/I consent to treatment/));
    await user.click(cont);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings/create-booking')).toBe(true));
    expect(calls.find((c) => c.path === '/api/bookings/create-booking')!.body).toMatchObject({
      packageId: 'p1', bookingTime: '09:00', locale,
      intake: { items: [{ fieldId: 'allergies', value: 'Penicillin' }, { fieldId: 'consent', value: 'true' }] },
    });
    expect(within(step).queryByText(required)).toBeNull();
  });
});
