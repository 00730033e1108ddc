// GET /patients/{id}/export: everything the clinic holds about one patient, as JSON (GDPR articles 15
// and 20): the patient, every item of their record with its full record, and signed links (valid one
// hour) to the files they sent. Each export is written in the audit log.
import { exportPatientReply } from '#shared/patients/schemas';
import { endpoint } from '#http/http';
import { exportPatient } from '#domain/patients/export';
import { patientOr404, patientView } from './lib/view';

export const handler = endpoint({ reply: exportPatientReply }, async ({ params, caller }) => {
  const patient = await patientOr404(caller.orgId, params.id);
  const exported = await exportPatient(caller.orgId, patient, caller.userId);
  return { data: { exportedAt: new Date().toISOString(), patient: patientView(patient), ...exported } };
});
