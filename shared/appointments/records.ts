// The appointments records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { pure } from '../common/schemas';
import { APPOINTMENT_STATUSES } from './form';

/** `Assignee` (shared/appointments/types.ts). */
export const assigneeRecord = /* @__PURE__ */ pure(() => z.object({ userId: z.string(), name: z.string() }));

/**
 * `AppointmentView` (shared/appointments/types.ts): an appointment as the API shows it. Its stored
 * fields (`AppointmentFields`) are these less `fullName`, `statusLabel` and a null `assignee`.
 */
export const appointmentViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language (their page's when they asked; absent: the clinic's default, else English). */
  locale: z.optional(z.enum(LOCALES)),
  fullName: z.string(),
  statusLabel: z.string(),
  assignee: z.nullable(assigneeRecord),
  email: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  phone: z.string(),
  dob: z.optional(z.string()),
  /** Local date and time at the clinic (the organisation's time zone). */
  bookingDate: z.string(),
  bookingTime: z.string(),
  preferredLocation: z.optional(z.string()),
  reasonOfAppointment: z.optional(z.string()),
  primaryInsurance: z.optional(z.string()),
  insuranceMemberId: z.optional(z.string()),
  additionalNotes: z.optional(z.string()),
  appointmentType: z.optional(z.string()),
  /** S3 keys of the uploaded files (private: opened through a signed link). */
  attachments: z.object({ insuranceCardImage: z.optional(z.string()), debtorReferralDocument: z.optional(z.string()) }),
  customerId: z.optional(z.string()),
  /** public: the request page; staff: the console's Book Appointment. */
  source: z.enum(['public', 'staff']),
  /** Who sees the patient, when staff booked it with a practitioner: it takes that person's time. */
  practitionerId: z.optional(z.string()),
  practitionerName: z.optional(z.string()),
  /** Its length (an appointment with a practitioner); its start instant in UTC goes with it. */
  durationMinutes: z.optional(z.number()),
  startUtc: z.optional(z.string()),
  createdBy: z.optional(z.string()),
  /** Starts at 1; every change adds 1 and is conditional on the version it was based on. */
  version: z.number(),
}));

/** `AppointmentLogEntry` (shared/appointments/types.ts; written by functions/appointments/lib/change.ts). */
export const appointmentLogEntryRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  appointmentId: z.string(),
  at: z.string(),
  /** The member who made the change; absent for a visitor's public request. */
  actorId: z.optional(z.string()),
  actorName: z.string(),
  action: z.enum(['created', 'assigned', 'reassigned', 'unassigned', 'status-changed', 'rescheduled']),
  summary: z.string(),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
}));
