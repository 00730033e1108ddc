// How the patient page shows each kind of item of a patient's record (shared/patients/records.ts
// PATIENT_ITEM_KINDS): its label and icon. A new kind (a visit fee, intake answers) adds its line here,
// beside its entry in functions/domain/patients/item-kinds.ts; tsc asks for it.
import type { PatientItemKind } from '#shared/patients/records';
import { paths } from '../../config/paths';

export const ITEM_KIND_LOOK: Record<PatientItemKind, { label: string; icon: string; link?: (id: string) => string }> = {
  booking: { label: 'Booking', icon: 'bi-journal-bookmark', link: (id) => paths.bookings.detail.replace(':id', encodeURIComponent(id)) },
  appointment: { label: 'Appointment', icon: 'bi-calendar2-week', link: (id) => paths.appointments.detail.replace(':id', encodeURIComponent(id)) },
  submission: { label: 'Form answers', icon: 'bi-ui-checks', link: (id) => paths.forms.lead.replace(':id', encodeURIComponent(id)) },
  payment: { label: 'Payment', icon: 'bi-credit-card' },
  note: { label: 'Staff note', icon: 'bi-sticky' },
  mail: { label: 'Email sent', icon: 'bi-envelope' },
  sms: { label: 'Text message sent', icon: 'bi-chat-left-text' },
};
