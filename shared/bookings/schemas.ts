// Booking packages, availability and the public booking request (spec sections 3, 5 and 7). The
// console's forms and the public booking page use these; the handlers validate with the same ones.
// Prices are major units of the clinic's currency on the wire (packagePrice 49.5 = $49.50, 5000 =
// ¥5,000), minor units with the currency code in the table (the reply also carries packagePriceMinor
// and currency; packagePriceCents is the same minor amount, from before currencies). A booking is paid
// by card, so a package costs at least Stripe's minimum for the currency ($0.50, ¥50, ...).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { BOOKING_MESSAGES, EMAIL_PATTERN, PHONE_PATTERN } from './form';
import { WEEKDAYS, minutesOf, normaliseTime, parseDate } from './time';
import { pageOf, patientLocale, pure, requiredString } from '../common/schemas';
import { publicBrandRecord } from '../common/records';
import { amountMessage, currencyOf, formatMoney, fromMinor, minimumOf, parseAmount, type AmountProblem } from '../currency';
import { moneyMessage, parseMoney } from '../money-text';
import { isSitePath } from '../redirect-url';
import { stripeEventOutcomeRecord, bookingPackageViewRecord, availabilityViewRecord, bookingViewRecord, practitionerViewRecord, bookingConfirmationRecord } from './records';
import { PAYMENT_MESSAGES, PAYMENT_MODES, paymentPolicyRecord } from './payment-policy';
import { MAX_PATIENT_SERIES_VISITS, SERIES_PAYMENTS, SERIES_SETTING_MESSAGES } from './series-policy';
import { intakeAnswers } from './intake-answers';

export { BOOKING_MESSAGES, intakeAnswers };



const optionalText = (max: number) =>
  z._default(z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(z.maxLength(max, `Maximum ${max} symbols`)), '');

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The message for a package price refused in `currency`: the spec's texts for USD, Stripe's rules otherwise. */
export function packagePriceMessage(problem: AmountProblem, currency: string): string {
  if (problem === 'min') return `A booking package needs a price of at least ${formatMoney(minimumOf(currency), currency)}.`;
  if (currencyOf(currency) === 'usd' || problem === 'invalid') return currencyOf(currency) === 'usd' ? BOOKING_MESSAGES.price : `Price must be an amount in ${currency.toUpperCase()}`;
  return amountMessage(problem, currency);
}

/** A price in major units (a number or text) to minor units of `currency`, or the message. */
export function priceToMinor(value: unknown, currency: string): number | string {
  const parsed = parseAmount(value, currency);
  return parsed.problem ? packagePriceMessage(parsed.problem, currency) : parsed.minor;
}

/** Dollars (a number or text, at most 2 decimals) to whole cents, or the message (a USD clinic's price). */
export const priceToCents = (value: unknown): number | string => priceToMinor(value, 'usd');

/**
 * A package price in major units. With a currency (the console knows its clinic's), the text as the
 * person typed it in their `locale` ('85,00', '1.234,56', parseMoney), checked by the currency's
 * rules and given as a number; without one (the API's body, before the handler knows the clinic),
 * only its shape: the handler checks it against the clinic's currency (priceToMinor).
 */
const packagePriceIn = (currency?: string, locale?: string) =>
  z.pipe(
    z.union([z.number(BOOKING_MESSAGES.price), z.string(BOOKING_MESSAGES.price)]),
    z.transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v.trim();
      if (!currency) {
        if (/^\d{1,12}(\.\d{1,3})?$/.test(text)) return Number(text);
        ctx.issues.push({ code: 'custom', message: BOOKING_MESSAGES.price, input: v });
        return z.NEVER;
      }
      const parsed = typeof v === 'number' ? parseAmount(text, currency) : parseMoney(text, currency, { locale });
      if (parsed.problem) {
        const { problem } = parsed;
        const message = problem === 'ambiguous' || problem === 'currency' || (problem === 'invalid' && text !== '' && currencyOf(currency) !== 'usd') ? moneyMessage(problem, currency, { locale, typed: text }) : packagePriceMessage(problem, currency);
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      return fromMinor(parsed.minor, currency);
    }),
  );

const redirectionUrl = z._default(
  z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(
    z.maxLength(2000, 'Maximum 2000 symbols'),
    z.refine((v) => v === '' || isHttpUrl(v) || isSitePath(v), BOOKING_MESSAGES.redirect),
  ),
  '',
);

/** When a package's intake form is asked: on the booking page before paying, or by mail once the booking is confirmed. */
export const INTAKE_TIMINGS = ['before_booking', 'by_mail'] as const;
export type IntakeTiming = (typeof INTAKE_TIMINGS)[number];

/** The clinic's form a package asks before the visit (null: none), and when (absent with a form: before booking). */
const intakeFields = {
  intakeFormId: z.optional(z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown intake form')))),
  intakeTiming: z.optional(z.nullable(z.enum(INTAKE_TIMINGS, "intakeTiming must be 'before_booking' or 'by_mail'"))),
};

/** Whether patients may book a series on the booking page, how they pay it, and how many visits at most (shared/bookings/series-policy.ts). */
const seriesFields = {
  allowSeries: z.optional(z.boolean('allowSeries must be true or false')),
  seriesPayment: z.optional(z.enum(SERIES_PAYMENTS, SERIES_SETTING_MESSAGES.payment)),
  seriesMaxVisits: z.optional(z.nullable(z.number(SERIES_SETTING_MESSAGES.maxVisits).check(z.int(SERIES_SETTING_MESSAGES.maxVisits), z.minimum(2, SERIES_SETTING_MESSAGES.maxVisits), z.maximum(MAX_PATIENT_SERIES_VISITS, SERIES_SETTING_MESSAGES.maxVisits)))),
};

const packageFields = {
  packageName: requiredString('Package name is required', z.maxLength(100, 'Maximum 100 symbols')),
  /** Major units of the clinic's currency (checked against it by the handler). */
  packagePrice: packagePriceIn(),
  /** Plain text, shown as text on the booking page. */
  packageDescription: optionalText(2000),
  /** Where the visitor lands after paying (the clinic's own site); empty: back to the booking page. */
  redirectionUrl,
  isActive: z._default(z.boolean('isActive must be true or false'), true),
  ...intakeFields,
  ...seriesFields,
};

/** Whole minutes, a multiple of 5 (practitioners' time is locked in 5-minute blocks), within bounds. */
const fiveMinutes = (what: string, min: number, max: number) =>
  z.number(`${what} must be a number of minutes`).check(
    z.int(`${what} must be whole minutes`),
    z.minimum(min, `${what} is at least ${min} minutes`),
    z.maximum(max, `${what} is at most ${max} minutes`),
    z.refine((n) => n % 5 === 0, `${what} must be a multiple of 5 minutes`),
  );

/**
 * How a package takes a practitioner's time (docs/practitioners.md). All optional: a package without
 * them keeps the clinic-wide schedule, its slot length and capacity.
 */
const timingFields = {
  durationMinutes: z.optional(z.nullable(fiveMinutes('Duration', 5, 480))),
  bufferBeforeMinutes: z.optional(fiveMinutes('Buffer before', 0, 120)),
  bufferAfterMinutes: z.optional(fiveMinutes('Buffer after', 0, 120)),
  /** The start-time grid: a time is offered every this many minutes. Default: the duration. */
  slotGridMinutes: z.optional(z.nullable(fiveMinutes('Start-time grid', 5, 240))),
  minNoticeMinutes: z.optional(z.nullable(z.number().check(z.int('Notice must be whole minutes'), z.minimum(0, 'Notice cannot be negative'), z.maximum(60 * 24 * 30, 'Notice is at most 30 days')))),
  maxDaysAhead: z.optional(z.nullable(z.number().check(z.int('Days ahead must be a whole number'), z.minimum(1, 'Bookings must open at least 1 day ahead'), z.maximum(730, 'At most 730 days ahead')))),
  practitionerIds: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown practitioner'))).check(z.maxLength(50, 'At most 50 practitioners'))),
};

/** A package's buffers and duration together take at most 10 hours (a transaction locks its 5-minute blocks). */
const timingFits = (p: { durationMinutes?: number | null; bufferBeforeMinutes?: number; bufferAfterMinutes?: number }) =>
  (p.durationMinutes ?? 0) + (p.bufferBeforeMinutes ?? 0) + (p.bufferAfterMinutes ?? 0) <= 480;
const TIMING_TOO_LONG = 'Duration and buffers together are at most 480 minutes';

const ENTER_AMOUNT = 'Please enter an amount';

/**
 * An optional amount in major units (a deposit, a fee): blank or null is none. Read as the price is
 * (packagePriceIn): with the clinic's currency, the text as typed in `locale` ('12,50'); without, its shape.
 */
const optionalMoneyIn = (currency?: string, locale?: string) =>
  z.optional(
    z.pipe(
      z.nullable(z.union([z.number(ENTER_AMOUNT), z.string(ENTER_AMOUNT)])),
      z.transform((v, ctx): number | null => {
        const text = v === null ? '' : typeof v === 'number' ? String(v) : v.trim();
        if (text === '') return null;
        if (!currency) {
          if (/^\d{1,12}(\.\d{1,3})?$/.test(text)) return Number(text);
          ctx.issues.push({ code: 'custom', message: ENTER_AMOUNT, input: v });
          return z.NEVER;
        }
        const parsed = typeof v === 'number' ? parseAmount(text, currency) : parseMoney(text, currency, { locale });
        if (parsed.problem) {
          ctx.issues.push({ code: 'custom', message: moneyMessage(parsed.problem, currency, { locale, typed: text }), input: v });
          return z.NEVER;
        }
        return fromMinor(parsed.minor, currency);
      }),
    ),
  );

/**
 * How the package is paid (shared/bookings/payment-policy.ts), all optional: absent is 'full', as every
 * package saved before. Amounts in major units of the clinic's currency, as the price; whether they hold
 * together (a deposit for 'deposit', a fee for 'card_on_file') is checked on the whole package by the handler.
 */
const paymentFieldsIn = (currency?: string, locale?: string) => ({
  paymentMode: z.optional(z.enum(PAYMENT_MODES, PAYMENT_MESSAGES.mode)),
  depositPercent: z.optional(z.nullable(z.number(PAYMENT_MESSAGES.depositPercent).check(z.int(PAYMENT_MESSAGES.depositPercent), z.minimum(1, PAYMENT_MESSAGES.depositPercent), z.maximum(99, PAYMENT_MESSAGES.depositPercent)))),
  depositAmount: optionalMoneyIn(currency, locale),
  noShowFee: optionalMoneyIn(currency, locale),
  lateCancelFee: optionalMoneyIn(currency, locale),
  cancellationWindowHours: z.optional(z.nullable(z.number(PAYMENT_MESSAGES.window).check(z.int(PAYMENT_MESSAGES.window), z.minimum(0, PAYMENT_MESSAGES.window), z.maximum(720, PAYMENT_MESSAGES.window)))),
});

/** POST /bookings/packages (the price's currency rules are the handler's: it knows the clinic). */
export const bookingPackageSchema = z.object({ ...packageFields, ...timingFields, ...paymentFieldsIn() }).check(z.refine(timingFits, TIMING_TOO_LONG));

/** The console's form: the same fields, the price checked by the clinic's currency as the user types. */
export const bookingPackageSchemaIn = (currency: string, locale?: string) =>
  z.object({ ...packageFields, packagePrice: packagePriceIn(currency, locale), ...timingFields, ...paymentFieldsIn(currency, locale) }).check(z.refine(timingFits, TIMING_TOO_LONG));
export type BookingPackageInput = z.input<typeof bookingPackageSchema>;

/** PUT /bookings/packages/{id}: any of the fields; `{ isActive: false }` deactivates. */
export const bookingPackageUpdateSchema = z.object({
  packageName: z.optional(packageFields.packageName),
  packagePrice: z.optional(packagePriceIn()),
  packageDescription: z.optional(z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(z.maxLength(2000, 'Maximum 2000 symbols'))),
  redirectionUrl: z.optional(
    z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(
      z.maxLength(2000, 'Maximum 2000 symbols'),
      z.refine((v) => v === '' || isHttpUrl(v) || isSitePath(v), BOOKING_MESSAGES.redirect),
    ),
  ),
  isActive: z.optional(z.boolean('isActive must be true or false')),
  ...timingFields,
  ...paymentFieldsIn(),
  ...intakeFields,
  ...seriesFields,
}).check(z.refine(timingFits, TIMING_TOO_LONG));

/** 'any' or a practitioner's id: who the visitor books with (absent = any, for packages with practitioners). */
const practitionerChoice = z.optional(z.string().check(z.regex(/^(any|[A-Za-z0-9_-]{1,64})$/, 'Please choose a practitioner')));

/** The booking form (spec section 5), as the page validates it and as POST /bookings/create-booking takes it. */
export const bookingFormSchema = z.object({
  /** Spec: a number; our ids are text, so both are taken. */
  packageId: z.pipe(
    z.union([z.string(BOOKING_MESSAGES.package), z.number(BOOKING_MESSAGES.package)], BOOKING_MESSAGES.package),
    z.transform((v) => String(v).trim()),
  ).check(z.minLength(1, BOOKING_MESSAGES.package), z.maxLength(64, BOOKING_MESSAGES.package)),
  firstName: requiredString(BOOKING_MESSAGES.firstName, z.maxLength(50, 'Maximum 50 symbols')),
  lastName: requiredString(BOOKING_MESSAGES.lastName, z.maxLength(50, 'Maximum 50 symbols')),
  email: z.string({ error: BOOKING_MESSAGES.email }).check(z.trim(), z.toLowerCase(), z.maxLength(254, BOOKING_MESSAGES.email), z.regex(EMAIL_PATTERN, BOOKING_MESSAGES.email)),
  phoneNumber: z.string({ error: BOOKING_MESSAGES.phone }).check(z.trim(), z.regex(PHONE_PATTERN, BOOKING_MESSAGES.phone)),
  bookingDate: requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat)),
  bookingTime: z.pipe(
    requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)),
    z.transform((v) => normaliseTime(v)!),
  ),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** POST /bookings/create-booking (public). Anything else sent (a price, an amount) is ignored. */
export const bookingRequestSchema = z.extend(bookingFormSchema, { apiKey: requiredString('apiKey is required'), practitionerId: practitionerChoice, locale: patientLocale, intake: intakeAnswers });

/** POST /bookings/available-packages (public). */
export const availablePackagesSchema = z.object({ apiKey: requiredString('apiKey is required') });

/** POST /bookings/available-slots (public): the free times of one local date. */
export const availableSlotsSchema = z.object({
  apiKey: requiredString('apiKey is required'),
  packageId: z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform((v) => String(v).trim()))),
  date: requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat)),
  practitionerId: practitionerChoice,
});

/** POST /bookings/available-days (public): which dates of a range have free times (the month view). */
export const availableDaysSchema = z.object({
  apiKey: requiredString('apiKey is required'),
  packageId: z.pipe(z.union([z.string(), z.number()], BOOKING_MESSAGES.package), z.transform((v) => String(v).trim())).check(z.minLength(1, BOOKING_MESSAGES.package)),
  practitionerId: practitionerChoice,
  from: requiredString('from is required', z.refine((v) => parseDate(v) !== undefined, 'from must be a date such as 2030-01-31')),
  days: z._default(z.number('days must be a number').check(z.int('days must be a whole number'), z.minimum(1, 'days is at least 1'), z.maximum(62, 'days is at most 62')), 42),
});

/** GET /bookings/free-times (staff): the free times of a package (and practitioner) on a date. */
export const freeTimesQuerySchema = z.object({
  packageId: z.optional(z.string()),
  /** A booking being moved: its own time counts as free, and its own length and buffers are used. */
  bookingId: z.optional(z.string()),
  practitionerId: practitionerChoice,
  date: requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat)),
});

// ---------------------------------------------------------------------------------------------
// Availability (staff)

const clock = (message: string) => z.string(message).check(z.trim(), z.refine((v) => !Number.isNaN(minutesOf(v)), message));

export const intervalSchema = z
  .object({ start: clock('Start must be a time such as 09:00'), end: clock('End must be a time such as 17:00 (24:00 for midnight)') })
  .check(z.refine((i) => i.start !== '24:00' && minutesOf(i.end) > minutesOf(i.start), 'Each opening interval must end after it starts'));

export const dayHours = z._default(
  z.array(intervalSchema).check(
    z.maxLength(12, 'At most 12 intervals a day'),
    z.refine((list) => {
      const sorted = [...list].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
      return sorted.every((i, n) => n === 0 || minutesOf(i.start) >= minutesOf(sorted[n - 1].end));
    }, 'Opening intervals of a day must not overlap'),
  ),
  [],
);

/** PUT /bookings/availability: when the clinic takes bookings, in the organisation's time zone. */
export const availabilitySchema = z.object({
  weeklyHours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<(typeof WEEKDAYS)[number], typeof dayHours>),
  slotMinutes: z.number('Slot length must be a number of minutes').check(z.int('Slot length must be whole minutes'), z.minimum(5, 'Slots are at least 5 minutes'), z.maximum(720, 'Slots are at most 720 minutes')),
  capacity: z.number('Capacity must be a number').check(z.int('Capacity must be a whole number'), z.minimum(1, 'Capacity is at least 1'), z.maximum(500, 'Capacity is at most 500')),
  closedDates: z._default(
    z.array(z.string().check(z.refine((v) => parseDate(v) !== undefined, 'Closed dates must be dates such as 2030-12-25'))).check(z.maxLength(400, 'At most 400 closed dates')),
    [],
  ),
  minNoticeMinutes: z._default(z.number().check(z.int('Notice must be whole minutes'), z.minimum(0, 'Notice cannot be negative'), z.maximum(60 * 24 * 30, 'Notice is at most 30 days')), 0),
  maxDaysAhead: z._default(z.number().check(z.int('Days ahead must be a whole number'), z.minimum(1, 'Bookings must open at least 1 day ahead'), z.maximum(730, 'At most 730 days ahead')), 180),
});
export type AvailabilityInput = z.input<typeof availabilitySchema>;

// ---------------------------------------------------------------------------------------------
// Bookings (staff)

export const BOOKING_STATUSES = ['held', 'confirmed', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'unpaid', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What staff read of a booking's status and payment status (the bookings list's badges and filters, a patient's record). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = { held: 'Awaiting payment', confirmed: 'Confirmed', expired: 'Expired', cancelled: 'Cancelled' };
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { pending: 'Pending', paid: 'Paid', unpaid: 'Unpaid', refunded: 'Refunded', partially_refunded: 'Partly refunded' };

const dateParam = (name: string) => z.optional(z.string().check(z.refine((v) => parseDate(v) !== undefined, `${name} must be a date such as 2030-01-31`)));

/** GET /bookings/bookings/list/all (and GET /bookings): a page, filtered by local dates, package, status, payment. */
export const bookingListQuerySchema = z
  .object({
    limit: z._default(
      z.pipe(z.string(), z.transform((v) => Number(v))).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 100, 'limit must be 1 to 100')),
      20,
    ),
    cursor: z.optional(z.string()),
    /** Local dates in the organisation's zone, both inclusive. */
    from: dateParam('from'),
    to: dateParam('to'),
    packageId: z.optional(z.string()),
    status: z.optional(z.enum(BOOKING_STATUSES, `status must be one of ${BOOKING_STATUSES.join(', ')}`)),
    paymentStatus: z.optional(z.enum(PAYMENT_STATUSES, `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}`)),
    /** By booking time: 'desc' (latest first, the default) or 'asc'. */
    order: z._default(z.enum(['asc', 'desc'], "order must be 'asc' or 'desc'"), 'desc'),
  })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, 'from must not be after to'));

/** GET /bookings/packages (and /bookings/get-packages). */
export const packageListQuerySchema = z.object({
  limit: z._default(
    z.pipe(z.string(), z.transform((v) => Number(v))).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 100, 'limit must be 1 to 100')),
    20,
  ),
  cursor: z.optional(z.string()),
});

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** One free start time of a day, as the booking page offers it. */
export const freeTimeView = /* @__PURE__ */ pure(() => z.object({
  time: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  label: z.string(),
  remaining: z.number(),
  /** For a package with practitioners: who is free then (`remaining` is their number). */
  practitionerIds: z.optional(z.array(z.string())),
}));

/** `data` of POST /payments/stripe/webhook. */
export const stripeEventsReply = /* @__PURE__ */ pure(() => z.object({ received: z.boolean(), outcome: stripeEventOutcomeRecord }));

/** `data` of GET /bookings/packages and GET /bookings/get-packages. */
export const bookingPackagesListPackagesReply = /* @__PURE__ */ pure(() => pageOf(bookingPackageViewRecord));

/** `data` of POST /bookings/packages. */
export const bookingPackagesCreatePackageReply = bookingPackageViewRecord;

/** `data` of GET /bookings/packages/{id}. */
export const bookingPackagesGetPackageReply = bookingPackageViewRecord;

/** `data` of PUT /bookings/packages/{id}. */
export const bookingPackagesUpdatePackageReply = bookingPackageViewRecord;

/** `data` of DELETE /bookings/packages/{id}. */
export const bookingPackagesDeletePackageReply = /* @__PURE__ */ pure(() => z.object({ id: z.string(), deletedAt: z.string() }));

/** `data` of GET /bookings/availability. */
export const getAvailabilityReply = availabilityViewRecord;

/** `data` of PUT /bookings/availability. */
export const updateAvailabilityReply = availabilityViewRecord;

/** What a day offers (shared/bookings/slots.ts DayStatus, practitioner-times.ts PractitionerDayStatus). */
export const dayStatusRecord = /* @__PURE__ */ pure(() => z.enum(['open', 'full', 'closed-date', 'closed-weekday', 'past', 'too-far', 'invalid']));

/** `data` of GET /bookings/free-times: one day's free start times (also the manage page's, POST /public/manage/slots). */
export const listFreeTimesReply = /* @__PURE__ */ pure(() => z.object({
  date: z.string(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  timeZoneAbbreviation: z.string(),
  status: dayStatusRecord,
  slotMinutes: z.number(),
  slots: z.array(freeTimeView),
}));

/** `data` of POST /bookings/available-packages. */
export const listAvailablePackagesReply = /* @__PURE__ */ pure(() => z.array(z.extend(
  z.pick(bookingPackageViewRecord, {
    id: true,
    packageName: true,
    packagePrice: true,
    packagePriceCents: true,
    packagePriceMinor: true,
    currency: true,
    packageDescription: true,
    isActive: true,
    intakeFormId: true,
    intakeTiming: true,
    allowSeries: true,
    seriesPayment: true,
    seriesMaxVisits: true,
  }),
  {
    /** The package's own length, or the clinic's slot length: never null here. */
    durationMinutes: z.number(),
    /** What a booking of it pays now, at the visit, and may be charged (told before the patient commits). */
    paymentPolicy: paymentPolicyRecord,
    practitioners: z.array(z.pick(practitionerViewRecord, { id: true, name: true, title: true })),
  },
)));

/** `data` of POST /bookings/available-slots. */
export const listAvailableSlotsReply = /* @__PURE__ */ pure(() => z.extend(listFreeTimesReply, {
  clinicName: z.string(),
  /** The clinic's default language for its patients (the page's when the visitor asks for none of ours). */
  clinicLanguage: z.nullable(z.enum(LOCALES)),
  /** The clinic's logo and colour (the page's header and buttons, from this first answer). */
  clinicBrand: publicBrandRecord,
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: unknown): money, dates and the week's first day follow it. */
  clinicRegion: z.nullable(z.string()),
}));

/** `data` of POST /bookings/available-days. */
export const listAvailableDaysReply = /* @__PURE__ */ pure(() => z.object({
  timeZone: z.string(),
  timeZoneName: z.string(),
  days: z.array(z.object({ date: z.string(), free: z.number() })),
}));

/** `data` of POST /bookings/create-booking. */
export const createBookingReply = /* @__PURE__ */ pure(() => z.object({
  /** Where the patient pays or saves their card; null when nothing is due online (confirmed at once). */
  checkoutUrl: z.nullable(z.string()),
  /** 'held' while Checkout is open; 'confirmed' at once for a package paid at the clinic. */
  status: z.enum(['held', 'confirmed']),
  /** What the patient agreed to pay now, at the visit, and may be charged. */
  paymentPolicy: paymentPolicyRecord,
  /** The confirmation screen's contents, when confirmed at once (no Checkout to come back from). */
  confirmation: z.optional(bookingConfirmationRecord),
  bookingId: z.string(),
  /** Gives the hold back at once (POST /bookings/release-hold): for the page that made it, never shown. */
  releaseToken: z.string(),
  /** The held booking's time, package and currency, as its view names them. */
  ...z.pick(bookingViewRecord, { holdExpiresAt: true, bookingDate: true, bookingTime: true, timeZone: true, startUtc: true, packageName: true, currency: true }).shape,
  /** Never absent here: null for a clinic-wide package. */
  practitionerId: z.nullable(z.string()),
  practitionerName: z.nullable(z.string()),
  /**
   * The price to pay, once: an integer of `currency`'s minor unit (4950 'usd' is $49.50, 5000 'jpy'
   * is ¥5,000; shared/currency.ts, docs/conventions.md "Money in replies").
   */
  amountMinor: z.number(),
}));

/** POST /bookings/release-hold (public): the patient gives their unpaid hold back (Checkout cancelled, another time chosen). */
export const releaseHoldSchema = z.object({
  apiKey: requiredString('apiKey is required'),
  bookingId: requiredString('bookingId is required', z.maxLength(64, 'bookingId is required')),
  token: requiredString('token is required', z.maxLength(128, 'token is required')),
});

/**
 * `data` of POST /bookings/release-hold. 'released': the hold is given back (now or before) and its
 * checkout can no longer be paid; 'paid': it was paid (confirmed, or the payment is being recorded).
 */
export const releaseHoldReply = /* @__PURE__ */ pure(() => z.object({ outcome: z.enum(['released', 'paid']) }));

/** `data` of GET /bookings/bookings/list/all and GET /bookings. */
export const listBookingsReply = /* @__PURE__ */ pure(() => pageOf(bookingViewRecord));

/** `data` of GET /bookings/booking/{id}. */
export const bookingsGetBookingReply = bookingViewRecord;

/** `data` of POST /bookings/booking/{id}/cancel. */
export const bookingsCancelBookingReply = bookingViewRecord;

/** `data` of POST /bookings/booking/{id}/attendance, /fee and /clinic-payment (after the visit: shared/bookings/visit.ts). */
export const bookingVisitReply = bookingViewRecord;

/** `data` of POST /bookings/booking/{id}/refund: the booking, and the amount sent back (minor units of its currency). */
export const bookingRefundReply = /* @__PURE__ */ pure(() => z.object({ booking: bookingViewRecord, refundedMinor: z.number() }));
