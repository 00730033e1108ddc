// Appointments (spec sections 3, 4 and 7): the booking form (public request page and the console's
// Book Appointment), the list query, assignment, the status lifecycle and the CSV export. Used by the
// console's forms and by the handlers, so both give the same messages.
import * as z from 'zod/mini';
import { GENDERS } from './account';
import { E164_PHONE, requiredString } from './common';

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
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const BOOKING_MAX_BODY_BYTES = 4.25 * 1024 * 1024;
export const ATTACHMENT_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';

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

/**
 * An optional text field: trimmed, '' becomes undefined (multipart forms send empty fields as ''), and
 * line breaks are stored as \n (browsers send form fields with \r\n).
 */
const optionalText = (max: number, label: string) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
      z.transform((v) => v.replace(/\r\n?/g, '\n') || undefined),
    ),
  );

const bookingDate = z.pipe(
  requiredString('Booking date is required'),
  z.transform((v, ctx) => {
    const date = isoDatePart(v);
    if (!date) ctx.issues.push({ code: 'custom', message: 'Booking date must be a valid date (YYYY-MM-DD)', input: v });
    return date ?? v;
  }),
);

const bookingTime = z.pipe(
  requiredString('Booking time is required'),
  z.transform((v, ctx) => {
    const time = timePart(v);
    if (!time) ctx.issues.push({ code: 'custom', message: 'Booking time must be a valid time (HH:mm)', input: v });
    return time ?? v;
  }),
);

const dob = z.optional(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((v, ctx) => {
      if (!v) return undefined;
      const date = isoDatePart(v);
      const today = new Date().toISOString().slice(0, 10);
      if (!date || date > today || date < '1900-01-01') {
        ctx.issues.push({ code: 'custom', message: 'Date of birth must be a valid date in the past', input: v });
        return v;
      }
      return date;
    }),
  ),
);

const gender = z.optional(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((v, ctx) => {
      if (!v) return undefined;
      const lower = v.toLowerCase() as (typeof GENDERS)[number];
      if (!GENDERS.includes(lower)) ctx.issues.push({ code: 'custom', message: 'Please select a valid gender', input: v });
      return lower;
    }),
  ),
);

/** The person and the visit (spec section 3 "Appointment booking"); the booking form's messages (section 5). */
export const appointmentBookingFields = {
  firstName: requiredString('First name is required', z.maxLength(50, 'Maximum 50 symbols')),
  lastName: requiredString('Last name is required', z.maxLength(50, 'Maximum 50 symbols')),
  gender,
  email: z.string({ error: 'Invalid email address' }).check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(100, 'Maximum 100 symbols'),
    z.email('Invalid email address'),
  ),
  phone: z.string({ error: 'Invalid phone number (e.g., +1234567890)' }).check(
    z.trim(),
    z.regex(E164_PHONE, 'Invalid phone number (e.g., +1234567890)'),
  ),
  dob,
  bookingDate,
  bookingTime,
  preferredLocation: optionalText(100, 'Preferred location'),
  reasonOfAppointment: optionalText(1000, 'Reason of appointment'),
  primaryInsurance: optionalText(100, 'Primary insurance'),
  insuranceMemberId: optionalText(50, 'Insurance member ID'),
  additionalNotes: optionalText(2000, 'Additional notes'),
  appointmentType: optionalText(100, 'Appointment type'),
};

/** Staff booking (signed in): the organisation comes from the token; organizationApiKey is ignored. */
export const staffBookingSchema = z.object({ ...appointmentBookingFields, organizationApiKey: z.optional(z.string()) });
export type StaffBooking = z.infer<typeof staffBookingSchema>;

/** The public appointment request page (room-integration/{apiKey}) sends the organisation's apiKey. */
export const publicBookingSchema = z.object({
  ...appointmentBookingFields,
  organizationApiKey: requiredString('Organization API key is required', z.maxLength(100, 'Maximum 100 symbols')),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

const flag = z.optional(z.stringbool({ error: 'Use true or false' }));
const pageSize = z.optional(
  z.coerce.number({ error: 'pageSize must be a number' }).check(z.int('pageSize must be a whole number'), z.minimum(1, 'pageSize must be at least 1'), z.maximum(100, 'pageSize must be at most 100')),
);
const pageNumber = z.optional(
  z.coerce.number({ error: 'pageNumber must be a number' }).check(z.int('pageNumber must be a whole number'), z.minimum(1, 'pageNumber must be at least 1'), z.maximum(10_000, 'pageNumber must be at most 10000')),
);
const cursor = z.optional(z.string().check(z.maxLength(2000, 'The page cursor is not valid.')));

export const pageQuery = { pageSize, pageNumber, cursor };

/**
 * GET /appointments. Order: recentlyUpdated=true (last change, newest first), else sortAtoZ=true (name;
 * sortASC=false reverses it), else booking date and time (sortASC=true earliest first; default latest
 * first). active=true: requested and confirmed; inactive=true: completed, cancelled, no-show; both or
 * neither: all. search: a prefix of the first or last name, the email, or the phone digits;
 * search results come in match order and ignore the sort flags.
 */
export const listAppointmentsQuery = z.object({
  ...pageQuery,
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
  sortASC: flag,
  sortAtoZ: flag,
  active: flag,
  inactive: flag,
  recentlyUpdated: flag,
});
export type ListAppointmentsQuery = z.infer<typeof listAppointmentsQuery>;

/** The stored version the change is based on: a change based on an older one is refused with 409. */
const version = z.optional(z.int('version must be a whole number').check(z.minimum(1, 'version must be a whole number')));

const id = (message: string) => requiredString(message, z.maxLength(64, message));

export const assignSchema = z.object({
  userId: id('Please choose a member'),
  appointmentId: id('Appointment is required'),
  version,
});

export const updateAssigneeSchema = z.object({
  userId: id('Please choose a member'),
  appointmentId: z.optional(z.string()),
  version,
});

export const changeStatusSchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, `Status must be one of: ${APPOINTMENT_STATUSES.join(', ')}`),
  version,
});

export const versionQuery = z.object({ version: z.optional(z.coerce.number().check(z.int('version must be a whole number'))) });

export const exportQuery = z.object({
  startDate: z.pipe(requiredString('Start date is required'), z.transform((v, ctx) => {
    const date = isoDatePart(v);
    if (!date) ctx.issues.push({ code: 'custom', message: 'Start date must be a valid date (YYYY-MM-DD)', input: v });
    return date ?? v;
  })),
  endDate: z.pipe(requiredString('End date is required'), z.transform((v, ctx) => {
    const date = isoDatePart(v);
    if (!date) ctx.issues.push({ code: 'custom', message: 'End date must be a valid date (YYYY-MM-DD)', input: v });
    return date ?? v;
  })),
});

export const logsQuery = z.object({ ...pageQuery, appointmentId: z.optional(z.string().check(z.maxLength(64))) });

export const myAppointmentsQuery = z.object({ ...pageQuery, sortASC: flag, active: flag, inactive: flag });
