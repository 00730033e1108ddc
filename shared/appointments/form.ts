// Appointment rules without a schema library, so the public appointment request page stays small
// (no zod, no form library on it): the status lifecycle, the attachment limits, the date and time
// forms, and the booking form's checks with the spec messages. shared/appointments/schemas.ts builds
// the API's zod schema from the same messages and helpers, and a unit test checks both agree.

/** The lifecycle: requested -> confirmed -> completed; requested/confirmed -> cancelled; confirmed -> no-show. */
export const APPOINTMENT_STATUSES = ['requested', 'confirmed', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const STATUS_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  requested: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled', 'no-show'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

/** `active` in the list filter: still to happen. `inactive`: done with (completed, cancelled, no-show). */
export const ACTIVE_STATUSES: readonly AppointmentStatus[] = ['requested', 'confirmed'];
export const isActiveStatus = (s: AppointmentStatus) => ACTIVE_STATUSES.includes(s);

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};

/**
 * Attachments: images or PDF, at most 2 MB each. The whole request stays under 4.25 MB because API
 * Gateway hands a binary body to Lambda base64-encoded and a synchronous invoke takes at most 6 MB;
 * the console shrinks large photos before sending them. Bigger files would need presigned S3 uploads.
 */
export const ATTACHMENT_FIELDS = ['insuranceCardImage', 'debtorReferralDocument'] as const;
export type AttachmentField = (typeof ATTACHMENT_FIELDS)[number];
export const ATTACHMENT_LABELS: Record<AttachmentField, string> = {
  insuranceCardImage: 'Insurance card image',
  debtorReferralDocument: 'Debtor referral document',
};
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const BOOKING_MAX_BODY_BYTES = 4.25 * 1024 * 1024;
export const ATTACHMENT_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES).join(',');

/** The same four as the sign-up's gender options (a unit test keeps them equal). */
export const APPOINTMENT_GENDERS = ['male', 'female', 'other', 'prefer not to say'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

/** 'YYYY-MM-DD' from an ISO date or date-time as written (no time zone shift), if it is a real date. */
export function isoDatePart(value: string): string | undefined {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** 'HH:mm' from 'HH:mm' or 'HH:mm:ss' (24-hour clock). */
export function timePart(value: string): string | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/.exec(value.trim());
  return m ? `${m[1]}:${m[2]}` : undefined;
}

/** The email pattern zod uses for z.email(), spelled out so the page needs no zod. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** A plus sign followed by 10 to 15 digits (spec sections 5 and 9). */
export const PHONE_PATTERN = /^\+\d{10,15}$/;

export const APPOINTMENT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  phone: 'Invalid phone number (e.g., +1234567890)',
  bookingDate: 'Booking date is required',
  bookingTime: 'Booking time is required',
  dateFormat: 'Booking date must be a valid date (YYYY-MM-DD)',
  timeFormat: 'Booking time must be a valid time (HH:mm)',
  dob: 'Date of birth must be a valid date in the past',
  gender: 'Please select a valid gender',
  max50: 'Maximum 50 symbols',
  max100: 'Maximum 100 symbols',
} as const;

/** Optional text fields and their longest length (the label starts the too-long message). */
export const OPTIONAL_TEXT: Record<string, [number, string]> = {
  preferredLocation: [100, 'Preferred location'],
  reasonOfAppointment: [1000, 'Reason of appointment'],
  primaryInsurance: [100, 'Primary insurance'],
  insuranceMemberId: [50, 'Insurance member ID'],
  additionalNotes: [2000, 'Additional notes'],
  appointmentType: [100, 'Appointment type'],
};
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

export const BOOKING_FORM_FIELDS = [
  'firstName', 'lastName', 'email', 'phone', 'gender', 'dob', 'bookingDate', 'bookingTime',
  'preferredLocation', 'reasonOfAppointment', 'primaryInsurance', 'insuranceMemberId', 'additionalNotes', 'appointmentType',
] as const;
export type BookingFormField = (typeof BOOKING_FORM_FIELDS)[number];
export type BookingFormValues = Record<BookingFormField, string>;

const today = () => new Date().toISOString().slice(0, 10);

/** The first message per field; empty when the form is valid. The API checks the same again. */
export function validateAppointmentForm(values: Partial<BookingFormValues>): Partial<Record<BookingFormField, string>> {
  const errors: Partial<Record<BookingFormField, string>> = {};
  const v = (f: BookingFormField) => String(values[f] ?? '').trim();
  for (const f of ['firstName', 'lastName'] as const) {
    if (!v(f)) errors[f] = APPOINTMENT_MESSAGES[f];
    else if (v(f).length > 50) errors[f] = APPOINTMENT_MESSAGES.max50;
  }
  const email = v('email').toLowerCase();
  if (email.length > 100) errors.email = APPOINTMENT_MESSAGES.max100;
  else if (!EMAIL_PATTERN.test(email)) errors.email = APPOINTMENT_MESSAGES.email;
  if (!PHONE_PATTERN.test(v('phone'))) errors.phone = APPOINTMENT_MESSAGES.phone;
  if (v('gender') && !(APPOINTMENT_GENDERS as readonly string[]).includes(v('gender').toLowerCase())) errors.gender = APPOINTMENT_MESSAGES.gender;
  if (v('dob')) {
    const dob = isoDatePart(v('dob'));
    if (!dob || dob > today() || dob < '1900-01-01') errors.dob = APPOINTMENT_MESSAGES.dob;
  }
  if (!v('bookingDate')) errors.bookingDate = APPOINTMENT_MESSAGES.bookingDate;
  else if (!isoDatePart(v('bookingDate'))) errors.bookingDate = APPOINTMENT_MESSAGES.dateFormat;
  if (!v('bookingTime')) errors.bookingTime = APPOINTMENT_MESSAGES.bookingTime;
  else if (!timePart(v('bookingTime'))) errors.bookingTime = APPOINTMENT_MESSAGES.timeFormat;
  for (const [f, [max, label]] of Object.entries(OPTIONAL_TEXT)) {
    if (v(f as BookingFormField).length > max) errors[f as BookingFormField] = tooLong(label, max);
  }
  return errors;
}
