// Issue 34: the public pages read as the patient's language writes money, dates and times in the
// clinic's country (the week's first day too), and right to left reads right: the practitioner's radio
// inside its card, phone numbers left to right, no word repeated in the time-zone phrases.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '#shared/i18n/locales';
import type { MessageKey } from '../i18n/i18n';
import ar from '../i18n/messages/ar.json';
import de from '../i18n/messages/de.json';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { mockApi, renderRoutes } from '../testing/render';
import { BookingPage } from './booking/booking-page';
import { ManagePage } from './manage/manage-page';

// The source catalogues: ICU strings (the build's compiled ones are never read here).
const CATALOGUES = { en, es, de, ar } as Record<string, Record<MessageKey, string>>;
const language = (locale: Locale) => ({ locale, messages: CATALOGUES[locale] });

const PACKAGE = {
  id: 'p1', packageName: 'Physio', packagePrice: 85, packagePriceCents: 8500, packageDescription: '', isActive: true, durationMinutes: 45,
  practitioners: [{ id: 'pr_ana', name: 'Ana Ruiz', title: 'Physiotherapist' }],
};

/** A Berlin clinic (euros, region DE) or a New York one (dollars, region US). */
function clinic(where: 'berlin' | 'newyork') {
  const [timeZone, region, currency, offset] = where === 'berlin' ? ['Europe/Berlin', 'DE', 'eur', 1] : ['America/New_York', 'US', 'usd', -5];
  const hour = (h: number) => String(h - offset).padStart(2, '0');
  return mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: [{ ...PACKAGE, currency }] } },
    'POST /api/bookings/available-slots': (body) => {
      const date = (body as { date: string }).date;
      return {
        status: 200,
        body: {
          message: 'OK',
          data: { date, timeZone, timeZoneName: 'Zone', timeZoneAbbreviation: 'Z', status: 'open', slotMinutes: 45, clinicName: 'Praxis', clinicLanguage: null, clinicRegion: region, slots: [{ time: '09:50', startUtc: `${date}T${hour(9)}:50:00.000Z`, label: '9:50 AM Z', remaining: 1 }] },
        },
      };
    },
    'POST /api/bookings/available-days': (body) => {
      const { from, days } = body as { from: string; days: number };
      const start = Date.parse(`${from}T00:00:00Z`);
      return { status: 200, body: { message: 'OK', data: { timeZone, timeZoneName: 'Zone', days: Array.from({ length: days }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), free: 1 })) } } };
    },
  });
}

async function openBooking(locale: Locale) {
  const page = renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_key" /> }], '/booking/pk_key', {}, language(locale));
  const select = await screen.findByRole('combobox', { name: new RegExp(`^${CATALOGUES[locale]['booking.package']}`) });
  await waitFor(() => expect(select).toBeEnabled());
  // The clinic's country has arrived with its first day.
  await screen.findByText('Praxis');
  await page.user.selectOptions(select, 'p1');
  return page;
}

/** The month view's column headers: [full name, shown name]. */
const weekHeader = () => within(document.querySelector('table')!).getAllByRole('columnheader').map((th) => [th.getAttribute('abbr'), th.textContent]);

afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the patient language in the clinic country', { timeout: 30_000 }, () => {
  it('a Spanish booking page of a Berlin clinic: 85,00 €, weeks from Monday, times as Spanish writes them, no raw date or time field', async () => {
    clinic('berlin');
    const { user } = await openBooking('es');
    expect(screen.getByLabelText(es['booking.packageDetails'])).toHaveTextContent(/85,00\s€/);
    await waitFor(() => expect(weekHeader()[0]).toEqual(['lunes', 'lun']));
    expect(weekHeader()[6]).toEqual(['domingo', 'dom']);
    expect(document.querySelector('input[type="date"], input[type="time"]')).toBeNull();
    const free = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>('button[data-date]:not([disabled])');
      expect(b).not.toBeNull();
      return b!;
    });
    // The 1st of the month sits under its own weekday, counted from Monday.
    const first = document.querySelector<HTMLButtonElement>('button[data-date$="-01"]')!;
    const column = (first.closest('td') as HTMLTableCellElement).cellIndex;
    expect(column).toBe((new Date(`${first.dataset.date}T12:00:00Z`).getUTCDay() + 6) % 7);
    await user.click(free);
    expect(await screen.findByRole('button', { name: '9:50' })).toBeInTheDocument();
  });

  it('an English booking page of a New York clinic: $85.00 and weeks from Sunday', async () => {
    clinic('newyork');
    await openBooking('en');
    expect(screen.getByLabelText('Package details')).toHaveTextContent('$85.00');
    await waitFor(() => expect(weekHeader()[0]).toEqual(['Sunday', 'Su']));
  });

  it('an English booking page of a Berlin clinic: weeks from Monday', async () => {
    clinic('berlin');
    await openBooking('en');
    await waitFor(() => expect(weekHeader()[0]).toEqual(['Monday', 'Mo']));
  });

  it('an Arabic booking page of a Berlin clinic: right to left, weeks from Monday, the radio inside its card, the phone field left to right', async () => {
    clinic('berlin');
    await openBooking('ar');
    await waitFor(() => expect(weekHeader()[0][0]).toBe('الاثنين'));
    const radio = screen.getByRole('radio', { name: /Ana Ruiz/ });
    // The card is the radio's label; nothing floats it out of the card (Bootstrap's .form-check did).
    expect(radio.closest('label')).toHaveClass('border', 'rounded', 'd-flex');
    expect(radio.closest('.form-check')).toBeNull();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${ar['booking.phone']}`) })).toHaveAttribute('dir', 'ltr');
  });
});

const manageView = (extra: object = {}) => ({
  kind: 'booking', bookingId: 'b1', orgName: 'Praxis', clinicPhone: '+49 30 1234567', clinicAddress: null, practitionerName: null, packageName: 'Physio', firstName: 'Pat', status: 'confirmed', paymentStatus: 'paid',
  bookingDate: '2030-01-15', bookingTime: '09:50', whenLabel: 'Tuesday, January 15, 2030 at 9:50 AM CET', timeZone: 'Europe/Berlin', timeZoneName: 'Central European Standard Time', durationMinutes: 45,
  amountPaidCents: 8500, refundedCents: null, changeableUntil: '2030-01-14T08:50:00.000Z', canChange: true, cutoffHours: 24, refundOnCancelCents: 8500, currency: 'eur',
  clinicRegion: 'DE', bookingPage: 'pk_key', packageId: 'p1', practitionerId: null, practitioners: [], ...extra,
});

describe('the manage page in the patient language', { timeout: 30_000 }, () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it.each([
    ['es', /85,00\s€/],
    ['de', /85,00\s€/],
  ] as const)('%s: the refund in the language as written in Germany', async (locale, amount) => {
    window.location.hash = `#${'a'.repeat(43)}`;
    mockApi({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: manageView() } } });
    renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage', {}, language(locale));
    await screen.findByTestId('manage-when');
    expect(document.body).toHaveTextContent(amount);
    expect(document.body).not.toHaveTextContent('85.00');
  });

  it('Arabic: the phone reads left to right, and no word of the time-zone phrase is repeated', async () => {
    window.location.hash = `#${'a'.repeat(43)}`;
    mockApi({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: manageView() } } });
    renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage', {}, language('ar'));
    await screen.findByTestId('manage-when');
    const phone = screen.getByRole('link', { name: '+49 30 1234567' });
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveAttribute('href', 'tel:+49301234567');
    const text = document.body.textContent;
    expect(text).not.toMatch(/بتوقيت توقيت/);
    // No word twice in a row anywhere on the page.
    expect(text.split(/\s+/).filter((w, i, all) => w.length > 2 && w === all[i + 1])).toEqual([]);
  });
});
