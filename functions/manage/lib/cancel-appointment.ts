// A patient cancels their requested or confirmed appointment with its manage link, until the clinic's
// cutoff: one change conditional on the version read (like every appointment change), with its log
// and audit entries, the patient's mail and a notice to staff (outbox rows in the same transaction).
import { MANAGE_MESSAGES } from '#shared/manage/schemas';
import { conflict } from '#lib/errors';
import { when } from '#domain/appointments/views';
import { appointmentCancelledByPatientMail } from '#domain/appointments/patient-mails';
import { getAppointment, saveAppointmentChange } from '../../data/appointments';
import { PATIENT_ACTOR, type OpenedAppointment } from './load';

/** The appointment as it is after the cancellation. */
export async function cancelAppointment(opened: OpenedAppointment, now = new Date()) {
  const { appointment: a, org, policy, startUtc, practitionerName } = opened;
  if (a.status === 'cancelled') return a;
  if (a.status !== 'requested' && a.status !== 'confirmed') throw conflict(`This appointment is ${a.status}: it cannot be cancelled.`);
  if (now.getTime() >= Date.parse(startUtc) - policy.cancellationCutoffHours * 3_600_000) throw conflict(MANAGE_MESSAGES.closed(policy.cancellationCutoffHours, org.name));
  const at = now.toISOString();
  const next = { ...a, status: 'cancelled' as const, updatedAt: at, version: a.version + 1 };
  const name = `${a.firstName} ${a.lastName}`;
  const saved = await saveAppointmentChange({
    previous: a,
    next,
    log: { appointmentId: a.id, at, actorName: `${name} (manage link)`, action: 'status-changed', summary: `Cancelled by the patient with the manage link`, from: a.status, to: 'cancelled' },
    audit: { orgId: a.orgId, actorId: PATIENT_ACTOR, module: 'Appointment', action: 'update', recordType: 'appointment', recordId: a.id, summary: `${name} cancelled their appointment on ${when(a)} with the manage link`, at },
    effects: {
      mail: appointmentCancelledByPatientMail(a, org, practitionerName),
      notice: { title: 'Appointment cancelled by the patient', message: `${name} cancelled their appointment on ${when(a)} with the manage link.`, link: `/appointments/${a.id}`, module: 'Appointment', about: a.email },
    },
  });
  if (!saved) throw conflict('The appointment changed meanwhile. Please reload and try again.');
  return (await getAppointment(a.orgId, a.id))!;
}
