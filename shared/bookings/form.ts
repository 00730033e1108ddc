// The booking form's rules (spec section 5) without a schema library, so the public booking page
// stays small; shared/bookings/schemas.ts builds the API's zod schema from the same messages and
// patterns, and a unit test checks that both give the same answers.
import { normaliseTime, parseDate } from './time';

export const BOOKING_MESSAGES = {
  package: 'Please select a package',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  phone: 'Invalid phone number (e.g., +1234567890)',
  time: 'Booking time is required',
  date: 'Booking date is required',
  timeFormat: 'Booking time must be a time such as 09:30',
  dateFormat: 'Booking date must be a date such as 2030-01-31',
  taken: 'Sorry, that time was just taken. Please choose another time.',
  price: 'Price must be a number of dollars with at most 2 decimals',
  minPrice: 'A booking package needs a price of at least $0.50.',
  redirect: 'Redirection URL must start with https:// (or / for a page of this site)',
} as const;

/** The email pattern zod uses for z.email(), spelled out so the page needs no zod. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** A plus sign followed by 10 to 15 digits (spec section 9). */
export const PHONE_PATTERN = /^\+\d{10,15}$/;

export const BOOKING_FIELDS = ['packageId', 'firstName', 'lastName', 'email', 'phoneNumber', 'bookingDate', 'bookingTime'] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingFormValues = Record<BookingField, string>;

/** The first message per field, in form order; empty when the form is valid. */
export function validateBookingForm(values: BookingFormValues): Partial<Record<BookingField, string>> {
  const errors: Partial<Record<BookingField, string>> = {};
  const v = (f: BookingField) => String(values[f] ?? '').trim();
  if (!v('packageId') || v('packageId').length > 64) errors.packageId = BOOKING_MESSAGES.package;
  if (!v('firstName')) errors.firstName = BOOKING_MESSAGES.firstName;
  else if (v('firstName').length > 50) errors.firstName = 'Maximum 50 symbols';
  if (!v('lastName')) errors.lastName = BOOKING_MESSAGES.lastName;
  else if (v('lastName').length > 50) errors.lastName = 'Maximum 50 symbols';
  const email = v('email').toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) errors.email = BOOKING_MESSAGES.email;
  if (!PHONE_PATTERN.test(v('phoneNumber'))) errors.phoneNumber = BOOKING_MESSAGES.phone;
  if (!v('bookingDate')) errors.bookingDate = BOOKING_MESSAGES.date;
  else if (!parseDate(v('bookingDate'))) errors.bookingDate = BOOKING_MESSAGES.dateFormat;
  if (!v('bookingTime')) errors.bookingTime = BOOKING_MESSAGES.time;
  else if (!normaliseTime(v('bookingTime'))) errors.bookingTime = BOOKING_MESSAGES.timeFormat;
  return errors;
}

/** What the page sends: trimmed values, the email in lower case, the time as HH:mm. */
export function bookingPayload(values: BookingFormValues): BookingFormValues {
  const t = (f: BookingField) => String(values[f] ?? '').trim();
  return {
    packageId: t('packageId'), firstName: t('firstName'), lastName: t('lastName'), email: t('email').toLowerCase(),
    phoneNumber: t('phoneNumber'), bookingDate: t('bookingDate'), bookingTime: normaliseTime(t('bookingTime')) ?? t('bookingTime'),
  };
}
