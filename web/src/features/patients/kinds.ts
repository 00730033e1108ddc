// How the patient page shows each kind of item of a patient's record (shared/patients/records.ts
// PATIENT_ITEM_KINDS): its label, icon and the words for its states. A new kind (a visit fee, intake
// answers) adds its line here, beside its entry in functions/domain/patients/item-kinds.ts; tsc asks for it.
import { STATUS_LABELS } from '#shared/appointments/form';
import { BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#shared/bookings/schemas';
import type { PatientItemKind } from '#shared/patients/records';
import { paths } from '../../config/paths';

/** A mail's or text's delivery (the outbox's states; a text sent from the console is sent or failed). */
const MESSAGE_STATUS_LABELS = { pending: 'Waiting to send', sending: 'Sending', sent: 'Sent', failed: 'Failed', dropped: 'Not sent' };

interface KindLook {
  label: string;
  icon: string;
  link?: (id: string) => string;
  /** What its `status` values read as, from the lists that name them elsewhere in the console. */
  statuses?: Readonly<Record<string, string>>;
}

export const ITEM_KIND_LOOK: Record<PatientItemKind, KindLook> = {
  booking: { label: 'Booking', icon: 'bi-journal-bookmark', link: (id) => paths.bookings.detail.replace(':id', encodeURIComponent(id)), statuses: BOOKING_STATUS_LABELS },
  appointment: { label: 'Appointment', icon: 'bi-calendar2-week', link: (id) => paths.appointments.detail.replace(':id', encodeURIComponent(id)), statuses: STATUS_LABELS },
  // A lead's payment and a payment (a booking's or a form's): the payment statuses ('failed', 'expired' read as written).
  submission: { label: 'Form answers', icon: 'bi-ui-checks', link: (id) => paths.forms.lead.replace(':id', encodeURIComponent(id)), statuses: PAYMENT_STATUS_LABELS },
  payment: { label: 'Payment', icon: 'bi-credit-card', statuses: PAYMENT_STATUS_LABELS },
  note: { label: 'Staff note', icon: 'bi-sticky' },
  mail: { label: 'Email sent', icon: 'bi-envelope', statuses: MESSAGE_STATUS_LABELS },
  sms: { label: 'Text message sent', icon: 'bi-chat-left-text', statuses: MESSAGE_STATUS_LABELS },
};

/** An item's status in words: its kind's label for it, else the value made readable ('no_show' reads 'No show'). */
export function statusText(kind: PatientItemKind, status: string): string {
  const labels = ITEM_KIND_LOOK[kind].statuses;
  if (labels && Object.hasOwn(labels, status)) return labels[status];
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
