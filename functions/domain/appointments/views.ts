// Domain: appointments. What the API shows of an appointment (views), its instant and reminder (when),
// who did it (actors): read by appointments/, calendar/, customers/, manage/, sms/ and the reminder sweep.
//
// What the API shows of an appointment: the record (keys stripped) with its attachments as asset keys.
import type { AppointmentView } from '#shared/appointments/types';
import { STATUS_LABELS } from '#shared/appointments/schemas';
import type { Appointment } from '../../data/appointments';

/** Page size of the appointment lists when none is asked for. */
export const DEFAULT_PAGE_SIZE = 20;

/** Public pages with an unknown apiKey. */
export const UNKNOWN_PAGE = 'This appointment page is not available. Please check the link.';

export function toView(a: Appointment): AppointmentView {
  const { orgId: _org, inReports: _counted, inPractitionerReports: _countedForPractitioner, ...rest } = a;
  return { ...rest, fullName: `${a.firstName} ${a.lastName}`, statusLabel: STATUS_LABELS[a.status] ?? a.status, assignee: a.assignee ?? null };
}

export type { AppointmentView };

/** "2025-03-04 at 09:30" as staff read it in a notice or the audit log (patients' mails: patient-mails.ts appointmentWhen). */
export const when = (a: Pick<Appointment, 'bookingDate' | 'bookingTime'>) => `${a.bookingDate} at ${a.bookingTime}`;
