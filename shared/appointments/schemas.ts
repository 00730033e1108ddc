// Appointments (spec sections 3, 4 and 7): the booking form (public request page and the console's
// Book Appointment), the list query, assignment, the status lifecycle and the CSV export. Used by the
// console's forms and by the handlers, so both give the same messages.
import * as z from 'zod/mini';
import { APPOINTMENT_MESSAGES as M, APPOINTMENT_STATUSES, OPTIONAL_TEXT, isoDatePart, timePart, tooLong } from './form';
import { GENDERS } from '../account/schemas';
import { E164_PHONE, listOf, pageOf, patientLocale, pure, requiredString } from '../common/schemas';

export {
  ACTIVE_STATUSES, APPOINTMENT_STATUSES, ATTACHMENT_ACCEPT, ATTACHMENT_FIELDS, ATTACHMENT_LABELS, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES,
  BOOKING_MAX_BODY_BYTES, STATUS_LABELS, STATUS_TRANSITIONS, isActiveStatus, isoDatePart, timePart,
  type AppointmentStatus, type AttachmentField,
} from './form';
import { appointmentViewRecord, appointmentLogEntryRecord } from './records';

/**
 * An optional text field: trimmed, '' becomes undefined (multipart forms send empty fields as ''), and
 * line breaks are stored as \n (browsers send form fields with \r\n).
 */
const optionalText = (max: number, label: string) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, tooLong(label, max))),
      z.transform((v) => v.replace(/\r\n?/g, '\n') || undefined),
    ),
  );

const bookingDate = z.pipe(
  requiredString(M.bookingDate),
  z.transform((v, ctx) => {
    const date = isoDatePart(v);
    if (!date) ctx.issues.push({ code: 'custom', message: M.dateFormat, input: v });
    return date ?? v;
  }),
);

const bookingTime = z.pipe(
  requiredString(M.bookingTime),
  z.transform((v, ctx) => {
    const time = timePart(v);
    if (!time) ctx.issues.push({ code: 'custom', message: M.timeFormat, input: v });
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
        ctx.issues.push({ code: 'custom', message: M.dob, input: v });
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
      if (!GENDERS.includes(lower)) ctx.issues.push({ code: 'custom', message: M.gender, input: v });
      return lower;
    }),
  ),
);

/** The person and the visit (spec section 3 "Appointment booking"); the booking form's messages (section 5). */
export const appointmentBookingFields = {
  firstName: requiredString(M.firstName, z.maxLength(50, M.max50)),
  lastName: requiredString(M.lastName, z.maxLength(50, M.max50)),
  gender,
  email: z.string({ error: M.email }).check(z.trim(), z.toLowerCase(), z.maxLength(100, M.max100), z.email(M.email)),
  phone: z.string({ error: M.phone }).check(z.trim(), z.regex(E164_PHONE, M.phone)),
  dob,
  bookingDate,
  bookingTime,
  preferredLocation: optionalText(...OPTIONAL_TEXT.preferredLocation),
  reasonOfAppointment: optionalText(...OPTIONAL_TEXT.reasonOfAppointment),
  primaryInsurance: optionalText(...OPTIONAL_TEXT.primaryInsurance),
  insuranceMemberId: optionalText(...OPTIONAL_TEXT.insuranceMemberId),
  additionalNotes: optionalText(...OPTIONAL_TEXT.additionalNotes),
  appointmentType: optionalText(...OPTIONAL_TEXT.appointmentType),
};

/** The booking form's fields as the console and the public page check them before sending. */
export const bookingFormSchema = z.object(appointmentBookingFields);
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** Staff booking (signed in): the organisation comes from the token; organizationApiKey is ignored. */
export const staffBookingSchema = z.object({
  ...appointmentBookingFields,
  organizationApiKey: z.optional(z.string()),
  /** With a practitioner, the appointment takes their time (docs/practitioners.md): none can overlap it. */
  practitionerId: z.optional(z.pipe(z.string().check(z.trim()), z.transform((v) => v || undefined))),
  durationMinutes: z.optional(
    z.coerce.number({ error: 'Duration must be a number of minutes' }).check(
      z.int('Duration must be whole minutes'),
      z.minimum(5, 'Duration is at least 5 minutes'),
      z.maximum(480, 'Duration is at most 480 minutes'),
      z.refine((n) => n % 5 === 0, 'Duration must be a multiple of 5 minutes'),
    ),
  ),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;

/** The public appointment request page (room-integration/{apiKey}) sends the organisation's apiKey. */
export const publicBookingSchema = z.object({
  ...appointmentBookingFields,
  organizationApiKey: requiredString('Organization API key is required', z.maxLength(100, 'Maximum 100 symbols')),
  /** The page's language (issue 26): the patient's mails use it. */
  locale: patientLocale,
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

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of GET /appointments. */
export const listAppointmentsReply = /* @__PURE__ */ pure(() => z.extend(pageOf(appointmentViewRecord), {
  pageNumber: z.number(),
  pageSize: z.number(),
  total: z.optional(z.number()),
}));

/** `data` of POST /appointments/book-custom. */
export const bookAppointmentReply = appointmentViewRecord;

/** `data` of GET /appointments/assigned/to/me. */
export const listMyAppointmentsReply = /* @__PURE__ */ pure(() => z.extend(pageOf(appointmentViewRecord), {
  pageNumber: z.number(),
  pageSize: z.number(),
}));

/** `data` of GET /appointments/appointment-logs. */
export const listAppointmentLogsReply = /* @__PURE__ */ pure(() => pageOf(appointmentLogEntryRecord));

/** `data` of POST /appointments/assign. */
export const assignAppointmentReply = appointmentViewRecord;

/** `data` of GET /appointments/assignees. */
export const listAssigneesReply = /* @__PURE__ */ pure(() => listOf(z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  isOwner: z.boolean(),
  status: z.enum(['active', 'invited']),
})));

/** `data` of GET /appointments/{id}: the appointment with the first page of its log. */
export const getAppointmentReply = /* @__PURE__ */ pure(() => z.extend(appointmentViewRecord, {
  log: z.array(appointmentLogEntryRecord),
  logNextCursor: z.optional(z.string()),
}));

/** `data` of GET /appointments/{id}/attachments/{field}. */
export const getAttachmentReply = /* @__PURE__ */ pure(() => z.object({ url: z.string(), expiresInSeconds: z.number() }));

/** `data` of PATCH /appointments/{id}/update-assignee. */
export const updateAssigneeReply = appointmentViewRecord;

/** `data` of GET /appointments/{id}/remove-assignee. */
export const removeAssigneeReply = appointmentViewRecord;

/** `data` of PATCH /appointments/{id}/change-status. */
export const changeStatusReply = appointmentViewRecord;

/** `data` of POST /public/appointments/book-custom. */
export const requestAppointmentReply = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  status: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
}));
