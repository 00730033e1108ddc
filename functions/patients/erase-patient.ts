// POST /patients/{id}/erase: erases one patient (GDPR article 17): their personal data removed from their
// bookings, appointments, leads, files, the mails and texts sent to them, notes and customer record; the
// amounts stay, anonymised, for the books; one audit entry names no one. Sent again: already erased, 200.
import { noData } from '#shared/common/schemas';
import { endpoint } from '#http/http';
import { erasePatient } from '#domain/patients/erase';
import { getPatientProfile } from '../data/patients';
import { patientOr404 } from './lib/view';

export const handler = endpoint({ reply: noData }, async ({ params, caller }) => {
  if ((await getPatientProfile(caller.orgId, params.id)).erasedAt) return { message: 'The patient\'s personal data is erased.' };
  await erasePatient(caller.orgId, await patientOr404(caller.orgId, params.id), caller.userId);
  return { message: 'The patient\'s personal data is erased.' };
});
