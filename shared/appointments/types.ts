// What the appointments API answers, as the console reads it: the data layer stores these fields
// (plus its own), and functions/appointments/lib/views.ts builds AppointmentView from them.
import type { AppointmentStatus, AttachmentField } from './form';
import type { Locale } from '../i18n/locales';

export interface Assignee {
  userId: string;
  name: string;
}

/** An appointment's own fields, stored and shown alike. */
export interface AppointmentFields {
  id: string;
  /** The patient's language (their page's when they asked; absent: the clinic's default, else English). */
  locale?: Locale;
  firstName: string;
  lastName: string;
  gender?: string;
  email: string;
  phone: string;
  dob?: string;
  /** Local date and time at the clinic (the organisation's time zone). */
  bookingDate: string;
  bookingTime: string;
  preferredLocation?: string;
  reasonOfAppointment?: string;
  primaryInsurance?: string;
  insuranceMemberId?: string;
  additionalNotes?: string;
  appointmentType?: string;
  /** S3 keys of the uploaded files (private: opened through a signed link). */
  attachments: Partial<Record<AttachmentField, string>>;
  status: AppointmentStatus;
  assignee?: Assignee;
  customerId?: string;
  /** public: the request page; staff: the console's Book Appointment. */
  source: 'public' | 'staff';
  /** Who sees the patient, when staff booked it with a practitioner: it takes that person's time. */
  practitionerId?: string;
  practitionerName?: string;
  /** Its length (an appointment with a practitioner); its start instant in UTC goes with it. */
  durationMinutes?: number;
  startUtc?: string;
  createdBy?: string;
  createdAt: string;
  updatedAt: string;
  /** Starts at 1; every change adds 1 and is conditional on the version it was based on. */
  version: number;
}

/** An appointment as the API shows it. */
export interface AppointmentView extends Omit<AppointmentFields, 'assignee'> {
  fullName: string;
  statusLabel: string;
  assignee: Assignee | null;
}

export interface AppointmentLogEntry {
  id: string;
  appointmentId: string;
  at: string;
  /** The member who made the change; absent for a visitor's public request. */
  actorId?: string;
  actorName: string;
  action: 'created' | 'assigned' | 'reassigned' | 'unassigned' | 'status-changed' | 'rescheduled';
  summary: string;
  from?: string;
  to?: string;
}
