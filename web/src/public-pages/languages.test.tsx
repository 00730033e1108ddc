// The public pages in the patient's language (issue 26): each page in Spanish, French, German,
// Portuguese and Arabic (its system texts, its dates; the clinic's own texts as written), the
// switcher, the clinic's default language, and the page's language sent with what the patient books.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/i18n/locales';
import type { FormField, PublicForm } from '#shared/forms/types';
import { I18nProvider, type Messages } from '../i18n/i18n';
import ar from '../i18n/messages/ar.json';
import de from '../i18n/messages/de.json';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import fr from '../i18n/messages/fr.json';
import pt from '../i18n/messages/pt.json';
import { mockApi, renderRoutes } from '../testing/render';
import { BookingPage } from './booking/booking-page';
import { PublicFormPage } from './form/form-page';
import { ManagePage } from './manage/manage-page';
import { AppointmentRequestPage } from './request/request-page';
import { checkoutNavigation } from '../lib/checkout';

const CATALOGUES: Record<Exclude<Locale, 'en'>, Record<string, string>> = { es, fr, de, pt, ar };
const language = (locale: Locale) => ({ locale, messages: (locale === 'en' ? en : CATALOGUES[locale]) as Messages });

const PACKAGES = [{ id: 'p1', packageName: 'Consultation', packagePrice: 49.5, packagePriceCents: 4950, packageDescription: 'A first visit.', isActive: true, durationMinutes: 45 }];
const day = (date: string, clinicLanguage: string | null = null) => ({
  date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, clinicName: 'Sunrise Clinic', clinicLanguage,
  slots: [{ time: '09:00', startUtc: `${date}T14:00:00.000Z`, label: '9:00 AM EST', remaining: 1 }],
});
const bookingAnswers = (clinicLanguage: string | null = null) =>
  mockApi({
    'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: PACKAGES } },
    'POST /api/bookings/available-slots': (body) => ({ status: 200, body: { message: 'OK', data: day((body as { date: string }).date, clinicLanguage) } }),
    'POST /api/bookings/available-days': (body) => {
      const { from, days } = body as { from: string; days: number };
      const start = Date.parse(`${from}T00:00:00Z`);
      return { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', days: Array.from({ length: days }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), free: 1 })) } } };
    },
    'POST /api/bookings/create-booking': { status: 201, body: { message: 'Please complete the payment to confirm booking', data: { checkoutUrl: 'https://checkout.example.com/cs_1', bookingId: 'b1' } } },
  });

/** What each language must show: the page's title, its package label, the Continue button, a rule message, the manage page's title. */
const EXPECTED: Record<Exclude<Locale, 'en'>, { title: string; package: string; cont: string; firstName: string; manage: string; cancel: string; minutes: string; submit: string }> = {
  es: { title: 'Reserva', package: 'Servicio', cont: 'Continuar', firstName: 'El nombre es obligatorio', manage: 'Su reserva', cancel: 'Cancelar la reserva', minutes: '45 minutos', submit: 'Enviar formulario' },
  fr: { title: 'Réservation', package: 'Prestation', cont: 'Continuer', firstName: 'Le prénom est obligatoire', manage: 'Votre réservation', cancel: 'Annuler la réservation', minutes: '45 minutes', submit: 'Envoyer le formulaire' },
  de: { title: 'Buchung', package: 'Leistung', cont: 'Weiter', firstName: 'Der Vorname ist erforderlich', manage: 'Ihre Buchung', cancel: 'Buchung stornieren', minutes: '45 Minuten', submit: 'Formular senden' },
  pt: { title: 'Agendamento', package: 'Serviço', cont: 'Continuar', firstName: 'O nome é obrigatório', manage: 'Seu agendamento', cancel: 'Cancelar agendamento', minutes: '45 minutos', submit: 'Enviar formulário' },
  ar: { title: 'الحجز', package: 'الخدمة', cont: 'متابعة', firstName: 'الاسم الأول مطلوب', manage: 'حجزك', cancel: 'إلغاء الحجز', minutes: '45 دقيقة', submit: 'إرسال النموذج' },
};

const fields: FormField[] = [{ id: 'name', name: 'name', label: 'Full name', type: 'text', required: true }];
const publicForm: PublicForm = {
  id: 'f1', organizationName: 'Sunrise Clinic', organizationBrand: { logoUrl: null, color: null }, name: 'Intake form', description: '', fields, packages: [], packageId: null, redirectUrl: '', successMessage: '', submitButtonText: '', secondButtonText: '',
};

const manageView = {
  kind: 'booking', bookingId: 'b1', orgName: 'Sunny Clinic', clinicPhone: null, clinicAddress: null, practitionerName: null, packageName: 'Consultation', firstName: 'Pat', status: 'confirmed', paymentStatus: 'paid',
  bookingDate: '2030-01-15', bookingTime: '09:00', whenLabel: 'Tuesday, January 15, 2030 at 9:00 AM EST', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', durationMinutes: 60,
  amountPaidCents: 4950, refundedCents: null, changeableUntil: '2030-01-14T14:00:00.000Z', canChange: true, cutoffHours: 24, refundOnCancelCents: 4950,
};

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe.each(Object.keys(EXPECTED) as Exclude<Locale, 'en'>[])('public pages in %s', { timeout: 30_000 }, (locale) => {
  const want = EXPECTED[locale];

  it('booking page: texts, rule messages, the clinic package as written, and the language sent with the booking', async () => {
    const calls = bookingAnswers();
    const { user } = renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_key" /> }], '/booking/pk_key', {}, language(locale));
    expect(await screen.findByRole('heading', { level: 1, name: want.title })).toBeInTheDocument();
    const select = await screen.findByLabelText(new RegExp(`^${want.package}`));
    await waitFor(() => expect(select).toBeEnabled());
    await user.click(screen.getByRole('button', { name: want.cont }));
    expect(await screen.findAllByText(want.firstName)).not.toHaveLength(0);
    await user.selectOptions(select, 'p1');
    // The clinic's package name as written; its length in the page's language.
    expect(screen.getByRole('heading', { name: 'Consultation' })).toBeInTheDocument();
    expect(screen.getByText(want.minutes)).toBeInTheDocument();
    expect(screen.getByLabelText(CATALOGUES[locale]['language.label'])).toHaveValue(locale);
    // Booked: the time buttons in the language's clock, and the page's language goes with the booking.
    await user.type(screen.getByLabelText(new RegExp(`^${CATALOGUES[locale]['booking.firstName']}`)), 'Pat');
    await user.type(screen.getByLabelText(new RegExp(`^${CATALOGUES[locale]['booking.lastName']}`)), 'Visitor');
    await user.type(screen.getByLabelText(new RegExp(`^${CATALOGUES[locale]['booking.email']}`)), 'pat@example.com');
    await user.type(screen.getByLabelText(new RegExp(`^${CATALOGUES[locale]['booking.phone']}`)), '+15551234567');
    // The day in the month view (no raw date field), then its time button.
    const free = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('button[data-date]:not([disabled])');
      expect(button).not.toBeNull();
      return button!;
    });
    await user.click(free);
    const nine = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(new Date(`${free.dataset.date}T14:00:00.000Z`));
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: nine }));
    await user.click(screen.getByRole('button', { name: want.cont }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings/create-booking')).toBe(true));
    expect(calls.find((c) => c.path === '/api/bookings/create-booking')!.body).toMatchObject({ bookingTime: '09:00', locale });
    expect(await screen.findByText(CATALOGUES[locale]['booking.success'])).toBeInTheDocument();
  });

  it('manage page: title, date in the language, and its buttons', async () => {
    window.location.hash = `#${'a'.repeat(43)}`;
    mockApi({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: manageView } } });
    renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage', {}, language(locale));
    expect(await screen.findByRole('heading', { level: 1, name: want.manage })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.cancel })).toBeInTheDocument();
    const when = screen.getByTestId('manage-when').textContent;
    expect(when).not.toBe(manageView.whenLabel);
    expect(when).toBe(new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', dateStyle: 'full', timeStyle: 'short' }).format(new Date('2030-01-15T14:00:00Z')));
  });

  it("appointment request page: the form's words, its rule and the API's messages, and the service's price in the language", async () => {
    const cat = CATALOGUES[locale];
    const calls = mockApi({
      'GET /api/public/appointments/pk_key': {
        status: 200,
        body: { message: 'OK', data: { organization: { name: 'Sunny Clinic', timeZone: 'Asia/Tokyo', language: null }, services: [{ id: 's1', name: 'Shiatsu', durationMinutes: 60, price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' }] } },
      },
      // The API's own texts: a refused request names its file; a sent one thanks the visitor.
      'POST /api/public/appointments/book-custom': () =>
        calls.filter((c) => c.path === '/api/public/appointments/book-custom').length === 1
          ? { status: 400, body: { message: 'Booking date cannot be in the past', errors: { bookingDate: 'Booking date cannot be in the past', additionalNotes: 'Additional notes must be at most 2000 characters' } } }
          : { status: 201, body: { message: 'Thank you. Your appointment request was sent; we emailed you a confirmation.', data: { id: 'a1' } } },
    });
    const { user } = renderRoutes([{ path: '/room-integration/:apiKey', element: <AppointmentRequestPage apiKey="pk_key" /> }], '/room-integration/pk_key', {}, language(locale));
    const type = await screen.findByLabelText(cat['appointmentForm.appointmentType']);
    const yen = new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(5000);
    expect(within(type).getByRole('option', { name: `Shiatsu · ${yen}` })).toHaveValue('Shiatsu');
    expect(within(screen.getByLabelText(cat['appointmentForm.gender'])).getByRole('option', { name: cat['appointmentForm.gender.preferNot'] })).toHaveValue('prefer not to say');
    expect(screen.getByRole('heading', { name: cat['appointmentForm.insurance'] })).toBeInTheDocument();
    // Nothing typed: the rules' messages in the language, nothing sent.
    await user.click(screen.getByRole('button', { name: cat['request.send'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cat['appointmentForm.correct']);
    expect(screen.getByText(want.firstName)).toBeInTheDocument();
    expect(screen.getByText(cat['validation.date'])).toBeInTheDocument();
    // Filled in: the API's refusal and its thanks in the language.
    await user.type(screen.getByLabelText(new RegExp(`^${cat['appointmentForm.firstName']}`)), 'Pat');
    await user.type(screen.getByLabelText(new RegExp(`^${cat['appointmentForm.lastName']}`)), 'Visitor');
    await user.type(screen.getByLabelText(new RegExp(`^${cat['appointmentForm.email']}`)), 'pat@example.com');
    await user.type(screen.getByLabelText(new RegExp(`^${cat['appointmentForm.phone']}`)), '+15551234567');
    fireEvent.change(screen.getByLabelText(new RegExp(`^${cat['appointmentForm.bookingDate']}`)), { target: { value: '2030-01-15' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${cat['appointmentForm.bookingTime']}`)), { target: { value: '09:30' } });
    await user.click(screen.getByRole('button', { name: cat['request.send'] }));
    expect(await screen.findAllByText(cat['validation.datePast'])).toHaveLength(2);
    expect(screen.getByText(cat['validation.tooLong'].replace('{label}', cat['appointmentForm.additionalNotes']).replace('{max}', '2000'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: cat['request.send'] }));
    expect(await screen.findByText(cat['request.sent'])).toBeInTheDocument();
    expect((calls.find((c) => c.path === '/api/public/appointments/book-custom')!.body as FormData).get('locale')).toBe(locale);
  });

  it('public form: the clinic labels as written, the button and the rule message in the language', async () => {
    mockApi({ 'GET /api/leads/forms/f1': { status: 200, body: { message: 'OK', data: publicForm } } });
    const { user } = renderRoutes([{ path: '/form-builder/public/:formId/:apiKey', element: <PublicFormPage formId="f1" apiKey="pk_key" /> }], '/form-builder/public/f1/pk_key', {}, language(locale));
    await user.click(await screen.findByRole('button', { name: want.submit }));
    const rule = (CATALOGUES[locale])['formRule.required'].replace('{label}', 'Full name');
    expect(await screen.findAllByText(rule)).not.toHaveLength(0);
  });
});

describe('choosing the language', { timeout: 30_000 }, () => {
  it("the switcher renders the page in the chosen language, remembers it and sets the document's lang and dir", async () => {
    bookingAnswers();
    const { user } = renderRoutes([{ path: '/booking/:apiKey', element: <BookingPage apiKey="pk_key" /> }], '/booking/pk_key');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Language'), 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'الحجز' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem('clinic.locale')).toBe('ar');
    await user.selectOptions(screen.getByLabelText('اللغة'), 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("the clinic's default language applies when the visitor's side decided none, and not over the visitor's", async () => {
    bookingAnswers('de');
    const first = render(
      <I18nProvider locale="en" messages={en as Messages} decided={false}>
        <BookingPage apiKey="pk_key" />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Buchung' })).toBeInTheDocument();
    first.unmount();
    bookingAnswers('de');
    render(
      <I18nProvider locale="es" messages={es as Messages} decided>
        <BookingPage apiKey="pk_key" />
      </I18nProvider>,
    );
    expect(await screen.findByTestId('clinic-name')).toHaveTextContent('Sunrise Clinic');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('heading', { level: 1, name: 'Reserva' })).toBeInTheDocument();
  });
});

describe('numbers in right-to-left texts', () => {
  it("Arabic: an example phone number keeps its + in front (isolated left to right; else it reads '971501234567+')", () => {
    const withPlus = Object.entries(ar as Record<string, string>).filter(([, text]) => /\+\d/.test(text));
    expect(withPlus.map(([key]) => key)).toEqual(['booking.phoneHint', 'validation.phone']);
    for (const [, text] of withPlus) expect(text).toMatch(/\u2066\+\d+\u2069/);
  });
});
